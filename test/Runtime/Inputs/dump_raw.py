"""Prints a raw PathProf profile as text for FileCheck, after checking that
every segment's header, offsets and sizes are consistent (a failed check
exits 1). Version 2 files print one block per segment, starting with a
'segment at OFFSET:' line; FREE segments print only that line. Version 3
and later (the same layout) files print a 'description at OFFSET:' line per module
description and a block per counter segment, with the functions of its
description, as version 2 does; a version 6 compact segment, or a version
10 packed counter segment, prints the same block, of the counter segment it
stands for, after 'compact at OFFSET:' (a packed description, 'description
at OFFSET: ... packed').
--live also prints whether each segment is locked (held by a running
module)."""
import fcntl
import os
import struct
import sys

from pathprof_layout import (FUNCTION_FORMAT, HEADER_FORMAT, RAW_MAGIC as MAGIC,
                             REGION_BUILD_ID, REGION_COUNTERS,
                             REGION_FUNCTIONS, REGION_HASH, REGION_NAMES,
                             REGION_VALUES, SEGMENT_COMPACT as COMPACT,
                             SEGMENT_COUNTERS as COUNTERS,
                             SEGMENT_DESCRIPTION as DESCRIPTION,
                             SEGMENT_FREE as FREE, SEGMENT_PACKED as PACKED,
                             PACKED_HEADER_SIZE)
from raw_compact import expand_compact, packed_header, unpack_packed

# Versions 1 and 2 (read, no longer written) have their own headers.
V1_HEADER = struct.Struct("<16Q")
V2_HEADER = struct.Struct("<18Q64s64s")
V3_HEADER = struct.Struct(HEADER_FORMAT)
FUNC = struct.Struct(FUNCTION_FORMAT)


def fail(msg):
    print("dump_raw: " + msg)
    sys.exit(1)


def is_live(path, offset):
    """Whether an open file description holds a lock on the byte."""
    F_OFD_GETLK = 36
    with open(path, "rb") as f:
        arg = struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, offset, 1, 0)
        res = fcntl.fcntl(f.fileno(), F_OFD_GETLK, arg)
        return struct.unpack("hhqqi4x", res)[0] != fcntl.F_UNLCK


def dump_segment(seg, header_size, fields, check_layout=True, values_size=0):
    (num_funcs, funcs_off, blobs_off, blobs_size, cnts_off, cnts_size,
     hash_off, hash_size, num_metrics, signature) = fields
    end = len(seg)
    if check_layout and funcs_off != header_size:
        fail("bad header size")
    for off in (funcs_off, blobs_off, cnts_off, hash_off):
        if off % 8:
            fail("unaligned offset %d" % off)
    # A module with indirect calls has its VALUES region in between.
    if blobs_off != funcs_off + num_funcs * FUNC.size + values_size:
        fail("blobs do not follow the function records")
    if cnts_off < blobs_off + blobs_size or cnts_off + cnts_size > end:
        fail("counters out of place")
    if hash_off and (hash_off < cnts_off + cnts_size or
                     hash_off + hash_size > end):
        fail("hash table out of place")
    if not hash_off and hash_size:
        fail("hash size without a table")
    print("signature: %016x" % signature)
    print("counters: %d bytes hash: %d bytes" % (cnts_size, hash_size))
    names = []
    for i in range(num_funcs):
        (name_off, name_size, cfg_off, cfg_size, checksum, num_paths, cnt_off,
         flags) = FUNC.unpack_from(seg, funcs_off + i * FUNC.size)
        if name_off + name_size > blobs_size or cfg_off + cfg_size > blobs_size:
            fail("blob out of range")
        name = seg[blobs_off + name_off:blobs_off + name_off + name_size]
        name = name.decode()
        names.append(name)
        cfg = seg[blobs_off + cfg_off:blobs_off + cfg_off + cfg_size]
        cfg_version, num_blocks = struct.unpack_from("<2I", cfg, 0)
        line = "function %s: paths %d checksum %x cfg v%d %d blocks" % (
            name, num_paths, checksum, cfg_version, num_blocks)
        if flags & 1:
            print(line + " hashed")
            continue
        if cnt_off + 8 * num_paths > cnts_size:
            fail("counters of %s out of range" % name)
        counts = struct.unpack_from("<%dQ" % num_paths, seg,
                                    cnts_off + cnt_off)
        print(line + " counts " + " ".join(str(c) for c in counts))
    if hash_off:
        capacity, used, dropped, _ = struct.unpack_from("<4Q", seg, hash_off)
        if hash_size != 32 + 24 * capacity or capacity & (capacity - 1):
            fail("bad hash table size")
        entries = {}
        slots = 0
        for i in range(capacity):
            key, path_id, count = struct.unpack_from("<3Q", seg,
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


def segments_of(data, header, version):
    """(offset, header fields, bytes, packed) of each segment of a version 2
    or later file, a packed one (version 10) as the segment it holds, its
    flags the packed one's; and (offset, None, None, False) for an
    incomplete one at the end."""
    offset = 0
    while offset < len(data):
        if struct.unpack_from("<Q", data, offset)[0] == 0:
            yield offset, None, None, False
            return
        if (version >= 10 and len(data) - offset >= PACKED_HEADER_SIZE and
                struct.unpack_from("<Q", data, offset + 32)[0] == PACKED):
            p = packed_header(data, offset)
            if (p["Magic"] != MAGIC or p["Version"] != version or
                    p["HeaderSize"] != PACKED_HEADER_SIZE or
                    p["SegmentSize"] % 8 or
                    offset + p["SegmentSize"] > len(data)):
                fail("packed segment at %d: bad header" % offset)
            try:
                h, seg = unpack_packed(data, offset)
            except ValueError as e:
                fail(str(e))
            h = list(h)
            h[5] = p["SegmentFlags"]
            yield offset, h, seg, True
            offset += p["SegmentSize"]
            continue
        if len(data) - offset < header.size:
            fail("segment at %d: too small for a header" % offset)
        h = header.unpack_from(data, offset)
        (magic, file_version, header_size, seg_size) = h[0:4]
        if (magic != MAGIC or file_version != version or
                header_size != header.size):
            fail("segment at %d: bad magic, version or header size" % offset)
        # Counter segments are mapped: whole pages. The others (version 6)
        # may end anywhere after a compaction.
        page = 4096 if version < 6 or h[4] == COUNTERS else 8
        if seg_size % page or offset % page or offset + seg_size > len(data):
            fail("segment at %d: bad size %d" % (offset, seg_size))
        yield offset, h, data[offset:offset + seg_size], False
        offset += seg_size


def v3_regions(h, offset):
    """The region directory of a version 3 header as {kind: (off, size)}."""
    regions = {}
    num_regions = h[11]
    if num_regions > 8:
        fail("segment at %d: %d regions" % (offset, num_regions))
    for i in range(num_regions):
        kind, off, size, entry = h[14 + 4 * i:18 + 4 * i]
        if off % 8:
            fail("unaligned offset %d" % off)
        regions[kind] = (off, size)
    return regions


def dump_v3(path, data, live, version):
    """Descriptions first (by signature), then each counter segment."""
    segments = list(segments_of(data, V3_HEADER, version))
    descriptions = {}
    for offset, h, seg, _ in segments:
        if h is not None and h[4] == DESCRIPTION:
            if h[6] in descriptions:
                fail("two descriptions of signature %016x" % h[6])
            descriptions[h[6]] = (offset, h, seg)
    for offset, h, seg, packed in segments:
        if h is None:
            print("incomplete: %d bytes at %d" % (len(data) - offset, offset))
            break
        kind, flags, signature, owner_pid = h[4], h[5], h[6], h[7]
        num_funcs, num_metrics = h[9], h[10]
        state = ""
        if live:
            state = " live" if is_live(path, offset) else " dead"
        if kind == DESCRIPTION:
            # Version 7: names and CFG descriptions in the binary.
            build_id = v3_regions(h, offset).get(REGION_BUILD_ID)
            print("description at %d: functions: %d%s%s" % (
                offset, num_funcs, "" if build_id is None else
                " build id: " + seg[build_id[0]:build_id[0] +
                                    build_id[1]].hex(),
                " packed" if packed else ""))
            continue
        what = "compact" if packed else "segment"
        if kind == COMPACT and not flags & FREE:
            what = "compact"
            try:
                h, seg = expand_compact(data, offset)
            except ValueError as e:
                fail(str(e))
        elif kind not in (COUNTERS, COMPACT):
            fail("segment at %d: unknown kind %d" % (offset, kind))
        if flags & FREE:
            print("%s at %d: free%s" % (what, offset, state))
            continue
        if signature not in descriptions:
            fail("segment at %d: no description" % offset)
        desc_offset, d, desc = descriptions[signature]
        if d[9] != num_funcs:
            fail("segment at %d: function count differs" % offset)
        desc_regions = v3_regions(d, desc_offset)
        regions = v3_regions(h, offset)
        if REGION_BUILD_ID in desc_regions:
            print("%s at %d: version %d functions: %d metrics: %d%s "
                  "(names in the binary)" %
                  (what, offset, version, num_funcs, num_metrics, state))
            continue
        funcs_off, funcs_size = desc_regions[REGION_FUNCTIONS]
        names_off, names_size = desc_regions[REGION_NAMES]
        if funcs_size != num_funcs * FUNC.size:
            fail("function region size")
        cnts_off, cnts_size = regions.get(REGION_COUNTERS, (0, 0))
        hash_off, hash_size = regions.get(REGION_HASH, (0, 0))
        print("%s at %d: version %d functions: %d metrics: %d%s" %
              (what, offset, version, num_funcs, num_metrics, state))
        print("producer: " + h[12].rstrip(b"\0").decode())
        print("runtime: " + h[13].rstrip(b"\0").decode())
        # The two segments as one buffer, the way versions 1 and 2 lay out
        # a segment: description, then counts.
        base = len(desc)
        dump_segment(desc + seg, funcs_off,
                     (num_funcs, funcs_off, names_off, names_size,
                      base + cnts_off, cnts_size,
                      base + hash_off if hash_off else 0, hash_size,
                      num_metrics, signature), check_layout=False,
                     values_size=desc_regions.get(REGION_VALUES, (0, 0))[1])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    live = "--live" in sys.argv
    path = args[0]
    data = open(path, "rb").read()
    print("name: " + os.path.basename(path))
    if len(data) >= 16 and struct.unpack_from("<2Q", data)[1] == 1:
        if len(data) < V1_HEADER.size:
            fail("file too small")
        h = V1_HEADER.unpack_from(data, 0)
        if h[0] != MAGIC:
            fail("bad magic %x" % h[0])
        if h[3] != len(data):
            fail("FileSize %d but the file has %d bytes" % (h[3], len(data)))
        print("version: 1 functions: %d metrics: %d reserved: %d %d" %
              (h[4], h[12], h[14], h[15]))
        dump_segment(data, h[2], h[4:14])
        return
    if len(data) >= 16 and struct.unpack_from("<2Q", data)[1] >= 3:
        dump_v3(path, data, live, struct.unpack_from("<2Q", data)[1])
        return
    for offset, h, _, _ in segments_of(data, V2_HEADER, 2):
        if h is None:
            print("incomplete: %d bytes at %d" % (len(data) - offset, offset))
            break
        owner_pid, start_time, flags = h[14:17]
        state = ""
        if live:
            state = " live" if is_live(path, offset) else " dead"
        if flags & FREE:
            print("segment at %d: free%s" % (offset, state))
        else:
            print("segment at %d: version 2 functions: %d metrics: %d%s" %
                  (offset, h[4], h[12], state))
            print("producer: " + h[18].rstrip(b"\0").decode())
            print("runtime: " + h[19].rstrip(b"\0").decode())
            dump_segment(data[offset:offset + h[3]], h[2], h[4:14])


main()
