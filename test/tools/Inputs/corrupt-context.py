#!/usr/bin/env python3
"""corrupt-context.py - Damage the calling context tree of a raw profile.

Reads a raw profile (version 3), finds the CONTEXT region of the first
counter segment that has one (docs/ContextTree.md), applies the edits asked
for and writes the result to -o. With --print, lists the records instead:
'N at OFFSET: kind=K function=F parent=P site=S flags=X entries=E' and, for
a node, 'sites=S words=W', for a backedge 'target=T'.

Edits (each may be repeated):
  --header FIELD=V         a field of the region header: Capacity, Used,
                           Roots, Dropped, NumNodes, NumBackedges, Committed
  --record N:FIELD=V       a field of the N-th record in arena order: Kind,
                           Function, Parent, CallSite, Flags, Next,
                           EntryCount, and NumSites, TableWords (a node) or
                           Target (a backedge)
  --region-size V          the region's size in the segment's directory
Numbers may be decimal or 0x-hexadecimal.
"""
import argparse
import struct
import sys

from pathprof_layout import (CTX_BACKEDGE, CTX_BACKEDGE_FIELDS as BACKEDGE,
                             CTX_HEADER_FIELDS as HEADER,
                             CTX_NODE_FIELDS as NODE, HEADER_FIELDS,
                             HEADER_SIZE, RAW_MAGIC as MAGIC, REGION_CONTEXT,
                             REGIONS_OFFSET, SEGMENT_COUNTERS, SEGMENT_FREE)

ap = argparse.ArgumentParser()
ap.add_argument("input")
ap.add_argument("-o", dest="output")
ap.add_argument("--print", action="store_true")
ap.add_argument("--header", action="append", default=[])
ap.add_argument("--record", action="append", default=[])
ap.add_argument("--region-size")
args = ap.parse_args()
data = bytearray(open(args.input, "rb").read())


def u64(off):
    return struct.unpack_from("<Q", data, off)[0]


def put(off, v):
    struct.pack_into("<Q", data, off, v & (2**64 - 1))


# The first counter segment with a CONTEXT region, and the directory entry.
off = 0
base = entry = None

def field(seg, name):
    return u64(seg + 8 * HEADER_FIELDS.index(name))


while off + HEADER_SIZE <= len(data) and u64(off) == MAGIC:
    if (field(off, "SegmentKind") == SEGMENT_COUNTERS and
            not field(off, "SegmentFlags") & SEGMENT_FREE):
        for i in range(field(off, "NumRegions")):
            e = off + REGIONS_OFFSET + 32 * i
            if u64(e) == REGION_CONTEXT:
                base, entry = off + u64(e + 8), e
    if base is not None:
        break
    off += field(off, "SegmentSize")
if base is None:
    sys.exit("corrupt-context: no counter segment with a context region")


def records():
    """(index, offset from the region, field names) of every record."""
    out = []
    rec, used = 8 * len(HEADER), u64(base + 8 * HEADER.index("Used"))
    while rec < used:
        if u64(base + rec) == CTX_BACKEDGE:
            out.append((rec, BACKEDGE))
            rec += 8 * len(BACKEDGE)
        else:
            out.append((rec, NODE))
            sites = u64(base + rec + 8 * NODE.index("NumSites"))
            words = u64(base + rec + 8 * NODE.index("TableWords"))
            rec += 8 * len(NODE) + 16 * (sites + 1) + 8 * words
    return out


if args.print:
    for n, (rec, fields) in enumerate(records()):
        vals = " ".join("%s=%d" % (f, u64(base + rec + 8 * i))
                        for i, f in enumerate(fields))
        print("%d at %d: %s" % (n, rec, vals))
    sys.exit(0)

recs = records()
for edit in args.header:
    field, v = edit.split("=")
    put(base + 8 * HEADER.index(field), int(v, 0))
for edit in args.record:
    which, rest = edit.split(":")
    field, v = rest.split("=")
    rec, fields = recs[int(which)]
    put(base + rec + 8 * fields.index(field), int(v, 0))
if args.region_size is not None:
    put(entry + 16, int(args.region_size, 0))
open(args.output, "wb").write(data)
