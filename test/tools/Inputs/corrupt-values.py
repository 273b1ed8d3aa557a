#!/usr/bin/env python3
"""Damages the value profiles of a raw profile (docs/FileFormat.md, the
VALUES region and value blocks) for value-profiles-errors.test.

  corrupt-values.py IN -o OUT [edits]
  --region-size N        the VALUES region's Size
  --entry-word F:I=V     word I of VALUES entry F (0 Address, 1 ValuesOffset,
                         2 NumValueSites)
  --block-word I=V       word I of the first value block that ran, in the
                         first counter segment (0 Site, 1 Other, then
                         Target, Count of each slot)
"""
import argparse
import struct

HEADER_WORDS = 12
STRINGS = 2 * 64
REGIONS = 8
VALUES_KIND, COUNTERS_KIND = 8, 3


def u64(data, off):
    return struct.unpack_from("<Q", data, off)[0]


def put(data, off, value):
    struct.pack_into("<Q", data, off, value)


def regions(data, seg):
    base = seg + HEADER_WORDS * 8 + STRINGS
    for i in range(u64(data, seg + 11 * 8)):
        at = base + i * 32
        yield at, [u64(data, at + 8 * k) for k in range(4)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--region-size", type=int)
    ap.add_argument("--entry-word", action="append", default=[])
    ap.add_argument("--block-word", action="append", default=[])
    args = ap.parse_args()
    data = bytearray(open(args.input, "rb").read())
    seg, desc, counters = 0, None, None
    while seg + 8 <= len(data) and u64(data, seg) != 0:
        kind = u64(data, seg + 4 * 8)
        for at, (k, off, size, _) in regions(data, seg):
            if kind == 1 and k == VALUES_KIND and desc is None:
                desc = (seg, at, off, size)
            if kind == 2 and k == COUNTERS_KIND and counters is None:
                counters = (seg, off)
        seg += u64(data, seg + 3 * 8)
    if desc is None or counters is None:
        raise SystemExit("corrupt-values.py: no value profiles")
    dseg, dat, doff, dsize = desc
    if args.region_size is not None:
        put(data, dat + 16, args.region_size)
    for item in args.entry_word:
        which, value = item.split("=")
        f, i = (int(x) for x in which.split(":"))
        put(data, dseg + doff + f * 32 + i * 8, int(value, 0))
    if args.block_word:
        block = None
        for f in range(dsize // 32):
            voff = u64(data, dseg + doff + f * 32 + 8)
            for j in range(u64(data, dseg + doff + f * 32 + 16)):
                at = counters[0] + counters[1] + voff + j * 144
                if block is None and u64(data, at) != 0:
                    block = at
        for item in args.block_word:
            i, value = item.split("=")
            put(data, block + int(i) * 8, int(value, 0))
    open(args.output, "wb").write(data)


if __name__ == "__main__":
    main()
