#!/usr/bin/env python3
"""Prints the calling context trees of a raw profile (version 3 and later) as
the runtime keeps them: for every counter segment (or compact segment,
version 6, or packed one, version 10) with a CONTEXT region, every
node in arena order with its entry count, and for every call-site slot with
callees, the slot's list in the runtime's order (most recently entered
first), a backedge shown as '^NAME'. Checks along the way that every slot's
owner is its node (exit 1 otherwise)."""
import struct
import sys

from pathprof_layout import (CTX_BACKEDGE as BACKEDGE, CTX_NODE as NODE,
                             HEADER_FORMAT, RAW_MAGIC as MAGIC,
                             REGION_CONTEXT as CONTEXT,
                             REGION_FUNCTIONS as FUNCTIONS,
                             REGION_NAMES as NAMES, SEGMENT_COMPACT as COMPACT,
                             SEGMENT_COUNTERS as COUNTERS,
                             SEGMENT_DESCRIPTION as DESCRIPTION,
                             SEGMENT_FREE, SEGMENT_PACKED as PACKED)
from raw_compact import expand_compact, packed_header, unpack_packed

HEADER = struct.Struct(HEADER_FORMAT)

data = open(sys.argv[1], "rb").read()


def u64(off):
    return struct.unpack_from("<Q", data, off)[0]


segments = []
off = 0
file_size = len(data)
while off < file_size:
    if u64(off) != MAGIC:
        break
    # A compact or packed segment's segment is read from after the file.
    if u64(off + 32) == PACKED:
        size = packed_header(data, off)["SegmentSize"]
        flags = packed_header(data, off)["SegmentFlags"]
        fields, inner = unpack_packed(data, off)
        base = len(data)
        data += inner
    else:
        fields = HEADER.unpack_from(data, off)
        size, flags, base = fields[3], fields[5], off
        if fields[4] == COMPACT and not flags & SEGMENT_FREE:
            fields, inner = expand_compact(data, off)
            base = len(data)
            data += inner
    regions = {}
    for i in range(fields[11]):
        kind, roff, rsize, _ = fields[14 + 4 * i:18 + 4 * i]
        regions[kind] = (base + roff, rsize)
    segments.append((off, fields[4], fields[6], flags, regions))
    off += size

names = {}
for off, kind, sig, flags, regions in segments:
    if kind != DESCRIPTION:
        continue
    foff, fsize = regions[FUNCTIONS]
    noff, _ = regions[NAMES]
    fns = []
    for i in range(fsize // 64):
        name_off, name_size = u64(foff + 64 * i), u64(foff + 64 * i + 8)
        fns.append(data[noff + name_off:noff + name_off + name_size].decode())
    names[sig] = [n.split(";")[-1] for n in fns]

for off, kind, sig, flags, regions in segments:
    if kind != COUNTERS or flags & SEGMENT_FREE or CONTEXT not in regions:
        continue
    base, size = regions[CONTEXT]
    used, roots = u64(base + 8), u64(base + 16)
    fns = names[sig]
    print("tree at segment %d: %d bytes, %d nodes, %d backedges, %d dropped" %
          (off, used, u64(base + 32), u64(base + 40), u64(base + 24)))

    def describe(rec):
        name = fns[u64(base + rec + 8)]
        return ("^" + name) if u64(base + rec) == BACKEDGE else name

    def chain(head):
        out = []
        while head:
            out.append(describe(head))
            head = u64(base + head + 40)
        return out

    print("  roots: " + ", ".join(chain(roots)))
    rec = 64
    while rec < used:
        kind = u64(base + rec)
        if kind == BACKEDGE:
            rec += 64
            continue
        sites, words = u64(base + rec + 56), u64(base + rec + 64)
        print("  node %s entries=%d" % (describe(rec), u64(base + rec + 48)))
        for i in range(sites + 1):
            slot = base + rec + 72 + 16 * i
            if u64(slot + 8) != rec:
                print("BAD: slot %d of the node at %d names owner %d" %
                      (i, rec, u64(slot + 8)))
                sys.exit(1)
            if u64(slot):
                which = "own" if i == sites else str(i)
                print("    slot %s: %s" % (which, ", ".join(chain(u64(slot)))))
        rec += 72 + 16 * (sites + 1) + 8 * words
