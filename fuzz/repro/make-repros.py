#!/usr/bin/env python3
"""make-repros.py - Write the raw-profile reproducers of fuzz/repro/.

Each reproducer is a small version 1 raw profile that the raw reader of
lib/ProfileData/RawProfileReader.cpp accepts although no runtime could have
written it (docs/Testing.md, "Findings"):

  shared-counters.pathraw   RECORDS function records with distinct names that
                            all point at the same CFG description and the same
                            dense counters. Every record becomes a function
                            with NumPaths counts, so the reader's memory and
                            time grow with RECORDS x NumPaths, not with the
                            file size: about 100 KB of file take about 1 GB.
  overlapping-regions.pathraw
                            the counter region lies on top of the function
                            records, so the records' fields are read as path
                            counts; accepted, with made-up counts.

usage: make-repros.py [-o DIR] [--records N] [--diamonds K]
"""

import argparse
import os
import struct

from pathprof_layout import RAW_MAGIC as MAGIC  # noqa: E402


def u32(v):
    return struct.pack("<I", v)


def u64(v):
    return struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF)


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def diamonds_cfg(k):
    """CFG description of K if-else diamonds in a chain: 2^K paths."""
    blocks = 1 + 3 * k
    out = u32(1) + u32(blocks)
    for _ in range(blocks):
        out += u32(1) + b"b" + u32(0) + u32(0) + u32(0)
    edges = []
    for i in range(k):
        head = 0 if i == 0 else 3 * i
        edges += [(head, 3 * i + 1, 0, 0),
                  (head, 3 * i + 2, 0, 1 << (k - i - 1)),
                  (3 * i + 1, 3 * i + 3, 0, 0), (3 * i + 2, 3 * i + 3, 0, 0)]
    edges.append((3 * k, blocks, 3, 0))
    edges.sort(key=lambda e: (e[0], e[3]))
    out += u32(len(edges))
    for src, dst, kind, val in edges:
        out += u32(src) + u32(dst) + u32(kind) + u64(val)
    return out


def raw_v1(records, blobs, counters, header_overrides=None):
    """A version 1 raw profile; records are 8-tuples of u64 fields."""
    functions_offset = 128
    blobs_offset = functions_offset + 64 * len(records)
    counters_offset = blobs_offset + len(blobs)
    size = counters_offset + len(counters)
    header = [MAGIC, 1, 128, size, len(records), functions_offset,
              blobs_offset, len(blobs), counters_offset, len(counters),
              0, 0, 0, 0x1234, 0, 0]
    for index, value in (header_overrides or {}).items():
        header[index] = value
    return (b"".join(u64(v) for v in header)
            + b"".join(u64(v) for r in records for v in r)
            + blobs + counters)


def shared_counters(num_records, k):
    cfg = diamonds_cfg(k)
    names = b""
    records = []
    # Names first, then the one CFG description they all share.
    name_offsets = []
    for i in range(num_records):
        name_offsets.append(len(names))
        names += pad8(b"f%d" % i)
    cfg_offset = len(names)
    blobs = names + pad8(cfg)
    for i in range(num_records):
        name_size = len(b"f%d" % i)
        records.append((name_offsets[i], name_size, cfg_offset, len(cfg),
                        0x42, 1 << k, 0, 0))
    counters = u64(1) * (1 << k)
    return raw_v1(records, blobs, counters)


def overlapping_regions():
    cfg = diamonds_cfg(1)
    blobs = pad8(b"f") + pad8(cfg)
    records = [(0, 1, 8, len(cfg), 0x42, 2, 0, 0)]
    data = raw_v1(records, blobs, u64(5) + u64(7))
    # Counter region := the function record at offset 128 (64 bytes).
    header = list(struct.unpack_from("<16Q", data, 0))
    header[8], header[9] = 128, 64
    return b"".join(u64(v) for v in header) + data[128:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output-dir",
                    default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--diamonds", type=int, default=13)
    args = ap.parse_args()
    outputs = {
        "shared-counters.pathraw": shared_counters(args.records,
                                                   args.diamonds),
        "overlapping-regions.pathraw": overlapping_regions(),
    }
    for name, data in outputs.items():
        with open(os.path.join(args.output_dir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
