#!/usr/bin/env python3
"""corrupt-profile.py - Damage a valid PathProf profile in a controlled way.

Reads a raw (version 1 and later) or indexed profile, finds its fields by parsing
the layout of docs/FileFormat.md, applies the edits asked for, and writes the
result. In a raw profile of several segments, --segment N (default 0) picks
the segment whose header, function records and CFG descriptions the edits
name (from version 3, a description segment has the function records and
CFG descriptions, and header fields of the region directory are named
R0.Kind, R0.Offset, R0.Size, R0.EntrySize, R1.Kind, ...). For an indexed
profile the header's FileSize and body Checksum are
then recomputed (unless --keep-size / --keep-checksum, or the field was set
explicitly), so that the edit reaches the reader's deeper checks instead of
stopping at the checksum; in a version 5 profile, the index's checksum too
(unless --keep-index-checksum), but none of the checksums in the index, so
that an edited record is one the index no longer describes.

A raw profile of version 10 has its packed segments replaced by the
segments they hold first (their FREE flags kept), so that the edits see
the plain layout, and is written so, even with no edit; --keep-packed
leaves them packed (then only --poke, --keep and --append reach inside).

Edits, applied in this order (each option may be repeated):
  --diamonds I:K               replace function I's CFG description by a chain
                               of K if-else diamonds (2^K paths) and set its
                               NumPaths to 2^K modulo 2^64 (indexed only)
  --append-section KIND:SIZE   append a section of SIZE zero bytes (padded)
                               and count it in NumSections (indexed only)
  --set FIELD=V                a header field (u64)
  --set-function I:FIELD=V     a field of function record I (u64)
  --set-record I:R:FIELD=V     PathId or Count of path record R of function I
                               (indexed only)
  --rename I:NAME              the name of function I, to one that pads to
                               the same size (indexed only)
  --cfg I:FIELD=V              a field of function I's CFG description:
                               Version, NumBlocks, NumEdges (u32) or
                               E.Src, E.Dst, E.Kind (u32), E.Val (u64) of edge E;
                               in a version 2 description also NumCallSites,
                               siteC.FileSize, siteC.Line, siteC.Column (u32)
  --poke OFFSET=V              a u64 at a file offset
  --poke-byte OFFSET=V         a byte at a file offset
  --section-word KIND:I=V      the I-th u64 of the payload of the first
                               section of KIND (indexed only, counts
                               only: functions without metrics)
  --section-size KIND=V        the Size of the first section of KIND
                               (indexed only, counts only)
  --duplicate-section KIND     a copy of the first section of KIND right
                               after it, counted in NumSections and, in
                               a version 5 or later profile, in the index
                               (indexed only, counts only)
  --swap-magic                 byte-swap the magic
  --keep N                     keep only the first N bytes
  --append N                   append N zero bytes
Numbers may be decimal or 0x-hexadecimal.
"""

import argparse
import os
import struct
import sys

from pathprof_layout import (FUNCTION_FIELDS as RAW_FUNCTION,
                             HEADER_FIELDS as RAW_V3_HEADER, INDEXED_MAGIC,
                             INDEXED_INDEX_VERSION, RAW_MAGIC,
                             REGION_FIELDS as RAW_REGION,
                             REGIONS_OFFSET as RAW_V3_REGIONS_OFFSET,
                             SEGMENT_PACKED)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Runtime", "Inputs"))
from raw_compact import packed_header, unpack_packed  # noqa: E402

# The header of raw versions 1 and 2, which are read and no longer written.
RAW_HEADER = ["Magic", "Version", "HeaderSize", "SegmentSize",
              "NumFunctions", "FunctionsOffset", "BlobsOffset", "BlobsSize",
              "CountersOffset", "CountersSize", "HashOffset", "HashSize",
              "NumMetrics", "ModuleSignature", "OwnerPid", "OwnerStartTime",
              "SegmentFlags", "Reserved"]
# The indexed format's header and function entries
# (lib/ProfileData/IndexedProfile.cpp).
INDEXED_HEADER = ["Magic", "Version", "HeaderSize", "FileSize",
                  "NumFunctions", "NumMetrics", "NumSections", "Checksum",
                  "IndexOffset", "IndexChecksum"]
INDEXED_FUNCTION = ["NameSize", "Checksum", "NumPaths", "CFGSize",
                    "NumRecords", "Flags"]
RECORD = ["PathId", "Count"]


def indexed_header_size(data):
    """The header's size for the indexed profile's version."""
    return 80 if u64(data, 8) >= INDEXED_INDEX_VERSION else 64


def u64(data, off):
    return struct.unpack_from("<Q", data, off)[0]


def u32(data, off):
    return struct.unpack_from("<I", data, off)[0]


def pad8(n):
    return (n + 7) & ~7


def number(text):
    return int(text, 0)


# --- xxh3_64bits (XXH3, 64-bit, seed 0), as llvm/lib/Support/xxhash.cpp ----
M64 = (1 << 64) - 1
PRIME32_1, PRIME32_2, PRIME32_3 = 0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D
PRIME64_1, PRIME64_2 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F
PRIME64_3, PRIME64_4 = 0x165667B19E3779F9, 0x85EBCA77C2B2AE63
PRIME64_5 = 0x27D4EB2F165667C5
PRIME_MX1, PRIME_MX2 = 0x165667919E3779F9, 0x9FB21C651E98DF25
SECRET = bytes.fromhex(
    "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f"
    "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c"
    "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8"
    "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364"
    "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e"
    "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e")


def r64(b, o):
    return struct.unpack_from("<Q", b, o)[0]


def r32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def rotl64(x, r):
    return ((x << r) | (x >> (64 - r))) & M64


def fold64(a, b):
    p = a * b
    return (p & M64) ^ (p >> 64)


def xxh64_avalanche(h):
    h = ((h ^ (h >> 33)) * PRIME64_2) & M64
    h = ((h ^ (h >> 29)) * PRIME64_3) & M64
    return h ^ (h >> 32)


def xxh3_avalanche(h):
    h = ((h ^ (h >> 37)) * PRIME_MX1) & M64
    return h ^ (h >> 32)


def mix16(b, o, s):
    return fold64(r64(b, o) ^ r64(SECRET, s), r64(b, o + 8) ^ r64(SECRET, s + 8))


def accumulate512(acc, b, o, s):
    for i in range(8):
        value = r64(b, o + 8 * i)
        key = value ^ r64(SECRET, s + 8 * i)
        acc[i ^ 1] = (acc[i ^ 1] + value) & M64
        acc[i] = (acc[i] + (key & 0xFFFFFFFF) * (key >> 32)) & M64


def xxh3_64(data):
    b, n = bytes(data), len(data)
    if n == 0:
        return xxh64_avalanche(r64(SECRET, 56) ^ r64(SECRET, 64))
    if n <= 3:
        combined = (b[0] << 16) | (b[n >> 1] << 24) | b[n - 1] | (n << 8)
        return xxh64_avalanche(combined ^ (r32(SECRET, 0) ^ r32(SECRET, 4)))
    if n <= 8:
        acc = (r64(SECRET, 8) ^ r64(SECRET, 16)) ^ (r32(b, n - 4) | (r32(b, 0) << 32))
        acc ^= rotl64(acc, 49) ^ rotl64(acc, 24)
        acc = (acc * PRIME_MX2) & M64
        acc ^= ((acc >> 35) + n) & M64
        acc = (acc * PRIME_MX2) & M64
        return acc ^ (acc >> 28)
    if n <= 16:
        lo = (r64(SECRET, 24) ^ r64(SECRET, 32)) ^ r64(b, 0)
        hi = (r64(SECRET, 40) ^ r64(SECRET, 48)) ^ r64(b, n - 8)
        swapped = int.from_bytes(lo.to_bytes(8, "little"), "big")
        return xxh3_avalanche((n + swapped + hi + fold64(lo, hi)) & M64)
    if n <= 128:
        acc = n * PRIME64_1 + mix16(b, 0, 0) + mix16(b, n - 16, 16)
        if n > 32:
            acc += mix16(b, 16, 32) + mix16(b, n - 32, 48)
        if n > 64:
            acc += mix16(b, 32, 64) + mix16(b, n - 48, 80)
        if n > 96:
            acc += mix16(b, 48, 96) + mix16(b, n - 64, 112)
        return xxh3_avalanche(acc & M64)
    if n <= 240:
        acc = n * PRIME64_1
        for i in range(8):
            acc += mix16(b, 16 * i, 16 * i)
        acc = xxh3_avalanche(acc & M64)
        for i in range(8, n // 16):
            acc += mix16(b, 16 * i, 16 * (i - 8) + 3)
        acc += mix16(b, n - 16, 136 - 17)
        return xxh3_avalanche(acc & M64)
    acc = [PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3,
           PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1]
    stripes_per_block = (192 - 64) // 8
    block_len = 64 * stripes_per_block
    blocks = (n - 1) // block_len
    for blk in range(blocks):
        for s in range(stripes_per_block):
            accumulate512(acc, b, blk * block_len + 64 * s, 8 * s)
        for i in range(8):
            a = acc[i] ^ (acc[i] >> 47) ^ r64(SECRET, 128 + 8 * i)
            acc[i] = (a * PRIME32_1) & M64
    for s in range((n - 1 - block_len * blocks) // 64):
        accumulate512(acc, b, blocks * block_len + 64 * s, 8 * s)
    accumulate512(acc, b, n - 64, 128 - 7)
    result = n * PRIME64_1
    for i in range(4):
        result += fold64(acc[2 * i] ^ r64(SECRET, 11 + 16 * i),
                         acc[2 * i + 1] ^ r64(SECRET, 19 + 16 * i))
    return xxh3_avalanche(result & M64)
# -----------------------------------------------------------------------------


def parse_cfg(data, base, size):
    """Offsets of the fields of the CFG description at [base, base + size)."""
    fields = {"Version": (base, 4), "NumBlocks": (base + 4, 4)}
    pos = base + 8
    for _ in range(u32(data, base + 4)):
        for _ in range(2):
            pos += 4 + u32(data, pos)
        pos += 8
    fields["NumEdges"] = (pos, 4)
    num_edges = u32(data, pos)
    pos += 4
    for e in range(num_edges):
        for name, width in (("Src", 4), ("Dst", 4), ("Kind", 4), ("Val", 8)):
            fields["%d.%s" % (e, name)] = (pos, width)
            pos += width
    if u32(data, base) >= 2:
        # Version 2: the call-site table, {str File; u32 Line; u32 Column}.
        fields["NumCallSites"] = (pos, 4)
        num_sites = u32(data, pos)
        pos += 4
        for c in range(num_sites):
            fields["site%d.FileSize" % c] = (pos, 4)
            pos += 4 + u32(data, pos)
            for name in ("Line", "Column"):
                fields["site%d.%s" % (c, name)] = (pos, 4)
                pos += 4
    if pos != base + size:
        raise SystemExit("corrupt-profile.py: the input CFG is malformed")
    return fields


def layout(data, segment):
    """(kind, header fields, [function fields], [cfg fields], [[records]]);
    for a raw profile, of the given segment."""
    magic = u64(data, 0)
    functions, cfgs, records = [], [], []
    if magic == RAW_MAGIC:
        seg = 0
        for _ in range(segment):
            seg += u64(data, seg + 24)
        if u64(data, seg + 8) >= 3:
            header = {f: (seg + 8 * i, 8) for i, f in enumerate(RAW_V3_HEADER)}
            regions = {}
            for r in range(8):
                at = seg + RAW_V3_REGIONS_OFFSET + 32 * r
                for j, f in enumerate(RAW_REGION):
                    header["R%d.%s" % (r, f)] = (at + 8 * j, 8)
                if r < u64(data, seg + 88):
                    regions[u64(data, at)] = u64(data, at + 8)
            num_functions = u64(data, seg + 72) if 1 in regions else 0
            base, blobs = seg + regions.get(1, 0), seg + regions.get(2, 0)
        else:
            # Version 1 headers end at Reserved[1], before OwnerStartTime.
            names = RAW_HEADER if u64(data, seg + 8) >= 2 else \
                RAW_HEADER[:14] + ["Reserved0", "Reserved1"]
            header = {f: (seg + 8 * i, 8) for i, f in enumerate(names)}
            header["FileSize"] = header["SegmentSize"]
            base, blobs = seg + u64(data, seg + 40), seg + u64(data, seg + 48)
            num_functions = u64(data, seg + 32)
        for i in range(num_functions):
            rec = base + 64 * i
            functions.append({f: (rec + 8 * j, 8)
                              for j, f in enumerate(RAW_FUNCTION)})
            cfgs.append(parse_cfg(data, blobs + u64(data, rec + 16),
                                  u64(data, rec + 24)))
            records.append([])
        return "raw", header, functions, cfgs, records
    if magic != INDEXED_MAGIC:
        raise SystemExit("corrupt-profile.py: not a profile this script knows")
    pos = indexed_header_size(data)
    header = {f: (8 * i, 8) for i, f in enumerate(INDEXED_HEADER[:pos // 8])}
    for _ in range(u64(data, 32)):
        fields = {f: (pos + 8 * j, 8) for j, f in enumerate(INDEXED_FUNCTION)}
        name_size, cfg_size = u64(data, pos), u64(data, pos + 24)
        fields["name bytes"] = (pos + 48, pad8(name_size))
        num_records = u64(data, pos + 32)
        pos += 48 + pad8(name_size)
        cfgs.append(parse_cfg(data, pos, cfg_size))
        pos += pad8(cfg_size)
        metrics = u64(data, 40)
        # A function that counts no paths (version 3, flag 1): its entries
        # and 2 x NumMetrics costs.
        if u64(data, 8) >= 3 and u64(data, fields["Flags"][0]) & 1:
            fields["Entries"] = (pos, 8)
            pos += 8 * (1 + 2 * metrics)
        recs = []
        for _ in range(num_records):
            recs.append({"PathId": (pos, 8), "Count": (pos + 8, 8)})
            pos += 16 + 8 * metrics
        functions.append(fields)
        records.append(recs)
    return "indexed", header, functions, cfgs, records


def diamonds_cfg(k):
    """A CFG description of K if-else diamonds in a chain: entry, then per
    diamond a then-block, an else-block and a join block; the last join
    returns. Vals as Ball-Larus numbering gives them."""
    blocks = 1 + 3 * k
    out = struct.pack("<II", 1, blocks)
    for _ in range(blocks):
        out += struct.pack("<I", 1) + b"b" + struct.pack("<III", 0, 0, 0)
    edges = []
    for i in range(k):
        head = 0 if i == 0 else 3 * i
        then_paths = 1 << (k - i - 1)
        edges += [(head, 3 * i + 1, 0, 0), (head, 3 * i + 2, 0, then_paths),
                  (3 * i + 1, 3 * i + 3, 0, 0), (3 * i + 2, 3 * i + 3, 0, 0)]
    edges.append((3 * k, blocks, 3, 0))
    edges.sort(key=lambda e: (e[0], e[3]))
    out += struct.pack("<I", len(edges))
    for src, dst, kind, val in edges:
        out += struct.pack("<IIIQ", src, dst, kind, val & M64)
    return out


def replace_cfg(data, index, cfg, num_paths):
    """Rewrites indexed profile DATA with function INDEX's CFG replaced."""
    pos = 64
    for i in range(u64(data, 32)):
        name_size, cfg_size = u64(data, pos), u64(data, pos + 24)
        cfg_at = pos + 48 + pad8(name_size)
        end = cfg_at + pad8(cfg_size) + 16 * u64(data, pos + 32)
        if i == index:
            record = bytearray(data[pos:cfg_at])
            put(record, (16, 8), num_paths)
            put(record, (24, 8), len(cfg))
            padded = cfg + b"\0" * (pad8(len(cfg)) - len(cfg))
            rest = data[cfg_at + pad8(cfg_size):]
            return bytearray(data[:pos]) + record + padded + rest
        pos = end
    raise SystemExit("corrupt-profile.py: no function %d" % index)


def put(data, where, value):
    off, width = where
    if off + width > len(data):
        raise SystemExit("corrupt-profile.py: offset %d is past the end" % off)
    data[off:off + width] = (value & ((1 << (8 * width)) - 1)).to_bytes(
        width, "little")


def poke(data, args):
    """The --poke and --poke-byte edits, at file offsets."""
    for item in args.poke:
        off, value = item.split("=", 1)
        put(data, (number(off), 8), number(value))
    for item in args.poke_byte:
        off, value = item.split("=", 1)
        put(data, (number(off), 1), number(value))


def cut_and_pad(data, args):
    """The --keep and --append edits, last of all."""
    if args.keep is not None:
        del data[args.keep:]
    if args.append:
        data += b"\0" * args.append


def unpack_segments(data):
    """The raw profile \p data (version 10 or later) with each packed
    segment replaced by the segment it holds, its FREE flag kept; other
    files as they are."""
    if len(data) < 16 or u64(data, 0) != RAW_MAGIC or u64(data, 8) < 10:
        return data
    out, off = bytearray(), 0
    while off + 40 <= len(data) and u64(data, off) != 0:
        if u64(data, off + 32) == SEGMENT_PACKED:
            p = packed_header(data, off)
            inner = bytearray(unpack_packed(data, off)[1])
            struct.pack_into("<Q", inner, 40, p["SegmentFlags"])
            out += inner
            off += p["SegmentSize"]
        else:
            size = u64(data, off + 24)
            if size == 0:
                break
            out += data[off:off + size]
            off += size
    return out + data[off:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--segment", type=int, default=0)
    ap.add_argument("--diamonds", action="append", default=[])
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--set-function", action="append", default=[])
    ap.add_argument("--set-record", action="append", default=[])
    ap.add_argument("--rename", action="append", default=[])
    ap.add_argument("--cfg", action="append", default=[])
    ap.add_argument("--poke", action="append", default=[])
    ap.add_argument("--poke-byte", action="append", default=[])
    ap.add_argument("--section-word", action="append", default=[])
    ap.add_argument("--section-size", action="append", default=[])
    ap.add_argument("--duplicate-section", action="append", default=[])
    ap.add_argument("--swap-magic", action="store_true")
    ap.add_argument("--keep", type=number)
    ap.add_argument("--append", type=number)
    ap.add_argument("--append-section", action="append", default=[])
    ap.add_argument("--keep-size", action="store_true")
    ap.add_argument("--keep-checksum", action="store_true")
    ap.add_argument("--keep-index-checksum", action="store_true")
    ap.add_argument("--keep-packed", action="store_true")
    args = ap.parse_args()

    data = bytearray(open(args.input, "rb").read())
    if not args.keep_packed:
        data = unpack_segments(data)
    edits = (args.diamonds, args.set, args.set_function, args.set_record,
             args.rename, args.cfg, args.poke, args.poke_byte,
             args.section_word,
             args.section_size, args.duplicate_section, args.append_section,
             args.swap_magic, args.keep, args.append)
    if (not any(e for e in edits if e is not None) and len(data) >= 8 and
            u64(data, 0) == RAW_MAGIC):
        # No edit of a raw profile: the file unpacked (a correlated
        # profile's records name no CFG descriptions in the file, so its
        # layout is not parsed). An indexed one still gets its checksums.
        open(args.output, "wb").write(data)
        return 0
    if args.keep_packed:
        # Bytes only: the layout of a packed file is not parsed.
        poke(data, args)
        cut_and_pad(data, args)
        open(args.output, "wb").write(data)
        return 0
    for item in args.diamonds:
        index, k = (int(x, 0) for x in item.split(":", 1))
        data = replace_cfg(data, index, diamonds_cfg(k), (1 << k) & M64)
    kind, header, functions, cfgs, records = layout(data, args.segment)
    for item in args.append_section:
        if kind != "indexed":
            raise SystemExit("corrupt-profile.py: sections are indexed only")
        sec_kind, size = (number(x) for x in item.split(":", 1))
        data += struct.pack("<QQ", sec_kind, size) + b"\0" * pad8(size)
        put(data, header["NumSections"], u64(data, 48) + 1)
    explicit = set()

    def field(table, name):
        if name not in table:
            raise SystemExit("corrupt-profile.py: no field %s" % name)
        return table[name]

    for item in args.set:
        name, value = item.split("=", 1)
        put(data, field(header, name), number(value))
        explicit.add(name)
    for item in args.set_function:
        index, rest = item.split(":", 1)
        name, value = rest.split("=", 1)
        put(data, field(functions[int(index)], name), number(value))
    for item in args.set_record:
        index, rec, rest = item.split(":", 2)
        name, value = rest.split("=", 1)
        put(data, field(records[int(index)][int(rec)], name), number(value))
    for item in args.rename:
        index, name = item.split(":", 1)
        fields = functions[int(index)]
        off, padded = field(fields, "name bytes")
        name = name.encode()
        if pad8(len(name)) != padded:
            raise SystemExit("corrupt-profile.py: --rename needs a name that "
                             "pads to %d bytes" % padded)
        data[off:off + padded] = name + b"\0" * (padded - len(name))
        put(data, fields["NameSize"], len(name))
    for item in args.cfg:
        index, rest = item.split(":", 1)
        name, value = rest.split("=", 1)
        put(data, field(cfgs[int(index)], name), number(value))
    poke(data, args)

    def find_section(sec_kind):
        """The offset of the header of the first section of sec_kind."""
        if kind != "indexed":
            raise SystemExit("corrupt-profile.py: sections are indexed only")
        pos = indexed_header_size(data)
        metrics = u64(data, 40)
        for f in range(u64(data, 32)):
            calls = u64(data, 8) >= 3 and u64(data, pos + 40) & 1
            pos += 48 + pad8(u64(data, pos)) + pad8(u64(data, pos + 24)) + \
                (16 + 8 * metrics) * u64(data, pos + 32) + \
                (8 * (1 + 2 * metrics) if calls else 0)
        for _ in range(u64(data, 48)):
            if u64(data, pos) == sec_kind:
                return pos
            pos += 16 + pad8(u64(data, pos + 8))
        raise SystemExit("corrupt-profile.py: no section of kind %d" %
                         sec_kind)

    for item in args.section_word:
        which, value = item.split("=", 1)
        sec_kind, index = (number(x) for x in which.split(":", 1))
        pos = find_section(sec_kind)
        put(data, (pos + 16 + 8 * index, 8), number(value))
    for item in args.section_size:
        sec_kind, value = (number(x) for x in item.split("=", 1))
        put(data, (find_section(sec_kind) + 8, 8), value)
    for item in args.duplicate_section:
        sec_kind = number(item)
        pos = find_section(sec_kind)
        end = pos + 16 + pad8(u64(data, pos + 8))
        copy = data[pos:end]
        data[end:end] = copy
        num_sections = u64(data, 48)
        put(data, header["NumSections"], num_sections + 1)
        if "IndexOffset" in header:
            # Index: Flags, NumSections x {Kind, Offset, Size, Checksum},
            # then the functions' entries. Payloads after the copy move.
            index = u64(data, 64) + len(copy)
            put(data, header["IndexOffset"], index)
            entries = index + 8
            for s in range(num_sections):
                at = entries + 32 * s
                if u64(data, at + 8) >= end:
                    put(data, (at + 8, 8), u64(data, at + 8) + len(copy))
            for s in range(num_sections):
                at = entries + 32 * s
                if u64(data, at + 8) == pos + 16:
                    entry = bytearray(data[at:at + 32])
                    put(entry, (8, 8), end + 16)
                    data[at + 32:at + 32] = entry
                    break
    if args.swap_magic:
        data[0:8] = data[7::-1]
    cut_and_pad(data, args)

    # The header as the input's version has it.
    size = 8 * len(header)
    if kind == "indexed" and len(data) >= size:
        if not args.keep_size and "FileSize" not in explicit:
            put(data, header["FileSize"], len(data))
        if size > 64 and not args.keep_index_checksum and \
                "IndexChecksum" not in explicit:
            put(data, header["IndexChecksum"],
                xxh3_64(data[min(u64(data, 64), len(data)):]))
        if not args.keep_checksum and "Checksum" not in explicit:
            put(data, header["Checksum"], xxh3_64(data[size:]))
    with open(args.output, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    sys.exit(main())
