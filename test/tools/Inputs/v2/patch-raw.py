#!/usr/bin/env python3
"""patch-raw.py - Copy a version 2 raw profile, changing it on purpose.

Damages a real raw profile (a fixture of this directory) in exactly one way,
so that format-v2.test can check each error and warning of the reader:

  patch-raw.py IN -o OUT [--segment N --set FIELD=VALUE]... [--truncate N]
               [--append-zeros N] [--swap-magic N]

--segment picks the segment (0-based, following SegmentSize from offset 0)
that the next --set changes; FIELD is a header field name of
include/PathProf/ProfileFormat.h.
"""

import argparse
import struct
import sys

FIELDS = ["Magic", "Version", "HeaderSize", "SegmentSize", "NumFunctions",
          "FunctionsOffset", "BlobsOffset", "BlobsSize", "CountersOffset",
          "CountersSize", "HashOffset", "HashSize", "NumMetrics",
          "ModuleSignature", "OwnerPid", "OwnerStartTime", "SegmentFlags",
          "Reserved"]


def segment_offsets(data):
    offsets, off = [], 0
    while off + 32 <= len(data):
        magic, _, _, size = struct.unpack_from("<4Q", data, off)
        if magic == 0 or size == 0:
            break
        offsets.append(off)
        off += size
    return offsets


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--segment", type=int, action="append", default=[])
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--truncate", type=int, metavar="N",
                    help="drop the last N bytes")
    ap.add_argument("--append-zeros", type=int, metavar="N",
                    help="append N zero bytes")
    ap.add_argument("--swap-magic", type=int, metavar="SEGMENT",
                    help="byte-swap the magic of a segment")
    args = ap.parse_args()
    if len(args.segment) != len(args.set):
        sys.exit("patch-raw.py: give one --segment per --set")
    data = bytearray(open(args.input, "rb").read())
    offsets = segment_offsets(data)
    for seg, item in zip(args.segment, args.set):
        field, value = item.split("=", 1)
        struct.pack_into("<Q", data, offsets[seg] + 8 * FIELDS.index(field),
                         int(value, 0) & 0xFFFFFFFFFFFFFFFF)
    if args.swap_magic is not None:
        off = offsets[args.swap_magic]
        data[off:off + 8] = bytes(reversed(data[off:off + 8]))
    if args.truncate:
        data = data[:-args.truncate]
    if args.append_zeros:
        data += b"\0" * args.append_zeros
    with open(args.output, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
