#!/usr/bin/env python3
"""Prints the calling context trees of a raw profile (version 3 to 6) as the
runtime keeps them: for every counter segment (or compact segment, version 6)
with a CONTEXT region, every
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
                             SEGMENT_FREE)
from raw_compact import expand_compact

HEADER = struct.Struct(HEADER_FORMAT)

data = open(sys.argv[1], "rb").read()


def u64(off):
    return struct.unpack_from("<Q", data, off)[0]


segments = []
off = 0
file_size = len(data)
while off < file_size:
    h = HEADER.unpack_from(data, off)
    if h[0] != MAGIC:
        break
    # A compact segment's counter segment is read from after the file.
    base, fields = off, h
    if h[4] == COMPACT and not h[5] & SEGMENT_FREE:
        fields, dense = expand_compact(data, off)
        base = len(data)
        data += dense
    regions = {}
    for i in range(fields[11]):
        kind, roff, rsize, _ = fields[14 + 4 * i:18 + 4 * i]
        regions[kind] = (base + roff, rsize)
    segments.append((off, fields[4], fields[6], fields[5], regions))
    off += h[3]

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
