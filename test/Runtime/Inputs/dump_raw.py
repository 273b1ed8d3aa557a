"""Prints a raw PathProf profile as text for FileCheck, after checking that
its header, offsets and sizes are consistent (a failed check exits 1)."""
import os
import struct
import sys

HEADER = struct.Struct("<16Q")
FUNC = struct.Struct("<8Q")
MAGIC = 0x574152464F525050


def fail(msg):
    print("dump_raw: " + msg)
    sys.exit(1)


def main():
    path = sys.argv[1]
    data = open(path, "rb").read()
    if len(data) < HEADER.size:
        fail("file too small")
    (magic, version, header_size, file_size, num_funcs, funcs_off, blobs_off,
     blobs_size, cnts_off, cnts_size, hash_off, hash_size, num_metrics,
     signature, res0, res1) = HEADER.unpack_from(data, 0)
    if magic != MAGIC:
        fail("bad magic %x" % magic)
    if file_size != len(data):
        fail("FileSize %d but the file has %d bytes" % (file_size, len(data)))
    if header_size != HEADER.size or funcs_off != HEADER.size:
        fail("bad header size")
    for off in (funcs_off, blobs_off, cnts_off, hash_off):
        if off % 8:
            fail("unaligned offset %d" % off)
    if blobs_off != funcs_off + num_funcs * FUNC.size:
        fail("blobs do not follow the function records")
    if cnts_off < blobs_off + blobs_size or cnts_off + cnts_size > len(data):
        fail("counters out of place")
    if hash_off and (hash_off < cnts_off + cnts_size or
                     hash_off + hash_size != len(data)):
        fail("hash table out of place")
    if not hash_off and (hash_size or cnts_off + cnts_size != len(data)):
        fail("bad file end")
    print("name: " + os.path.basename(path))
    print("version: %d functions: %d metrics: %d reserved: %d %d" %
          (version, num_funcs, num_metrics, res0, res1))
    print("signature: %016x" % signature)
    print("counters: %d bytes hash: %d bytes" % (cnts_size, hash_size))
    names = []
    for i in range(num_funcs):
        (name_off, name_size, cfg_off, cfg_size, checksum, num_paths, cnt_off,
         flags) = FUNC.unpack_from(data, funcs_off + i * FUNC.size)
        if name_off + name_size > blobs_size or cfg_off + cfg_size > blobs_size:
            fail("blob out of range")
        name = data[blobs_off + name_off:blobs_off + name_off + name_size]
        name = name.decode()
        names.append(name)
        cfg = data[blobs_off + cfg_off:blobs_off + cfg_off + cfg_size]
        cfg_version, num_blocks = struct.unpack_from("<2I", cfg, 0)
        line = "function %s: paths %d checksum %x cfg v%d %d blocks" % (
            name, num_paths, checksum, cfg_version, num_blocks)
        if flags & 1:
            print(line + " hashed")
            continue
        if cnt_off + 8 * num_paths > cnts_size:
            fail("counters of %s out of range" % name)
        counts = struct.unpack_from("<%dQ" % num_paths, data,
                                    cnts_off + cnt_off)
        print(line + " counts " + " ".join(str(c) for c in counts))
    if hash_off:
        capacity, used, dropped, _ = struct.unpack_from("<4Q", data, hash_off)
        if hash_size != 32 + 24 * capacity or capacity & (capacity - 1):
            fail("bad hash table size")
        entries = {}
        slots = 0
        for i in range(capacity):
            key, path_id, count = struct.unpack_from("<3Q", data,
                                                     hash_off + 32 + 24 * i)
            if key == 0 or key == 2**64 - 1:
                continue
            slots += 1
            if key > num_funcs:
                fail("hash key out of range")
            k = (names[key - 1], path_id)
            entries[k] = entries.get(k, 0) + count
        if slots != used:
            fail("Used is %d but %d slots are filled" % (used, slots))
        print("hash: capacity %d used %d dropped %d" % (capacity, used,
                                                         dropped))
        for (name, path_id), count in sorted(entries.items()):
            print("hash %s path %d: %d" % (name, path_id, count))


main()
