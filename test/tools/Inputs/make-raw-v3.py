#!/usr/bin/env python3
"""make-raw-v3.py - Write a version 3 raw PathProf profile from a JSON
description.

Real programs write the version 3 fixtures of most tests; this writes the
records a run cannot be made to leave on purpose (duplicate hash keys, slots
left BUSY, accumulators past a function's K) and damages them precisely. The
layout is docs/FileFormat.md's (include/PathProf/ProfileLayout.inc): a
description segment, then one counter segment per entry of "segments", each
with a COUNTERS region, a HASH region when some function is hashed without
metrics, a HASH_METRICS region when some function is hashed with metrics,
and a METRICS region when "metrics" is not empty. CFG descriptions are
serialized by make-raw-profile.py's code.

Description (JSON):
  {"functions": [
     {"name": "foo", "checksum": 1234, "hashed": false, "metrics": 2,
      "blocks": [["entry", "t.c", 3, 4], ...],
      "edges": [[src, dst, "cfg"|"entry"|"exit"|"ret"], ...]}],
   "metrics": [{"name": "page-faults", "unit": 0, "sources": 4, "flags": 0}],
   "hash_capacity": 8,
   "segments": [
     {"records": [[function index, path id, count, metric 0, ...], ...],
      "busy": [[function index, path id, count, metric 0, ...], ...],
      "dropped": 0, "metric_dropped": 0}]}
"metrics" of a function is K, its accumulators per path record. A record of
a dense function sets its path record (metrics past K are not written); one
of a hashed function is one hash table entry (the same path twice: a
duplicate key; metrics past K are written, all 8, as garbage the reader must
ignore). "busy" entries are written with the BUSY key (all ones). Entries
take the slots (5 i + 3) mod Capacity of their table, i counting "records"
then "busy", so with Capacity 8: 3, 0, 5, 2, 7, 4, 1, 6.

Damage, after layout:
  --set-table SEG:TABLE:FIELD=V        Capacity, Used or Dropped of counter
                                       segment SEG's (0 is the first) table,
                                       TABLE hash or metric-hash
  --set-entry SEG:TABLE:SLOT:FIELD=V   Function (index plus one), PathId,
                                       Count or M0..M7 of a slot
"""

import argparse
import importlib.util
import json
import os
import struct
import sys

spec = importlib.util.spec_from_file_location(
    "make_raw_profile",
    os.path.join(os.path.dirname(os.path.abspath(__file__)),
                 "make-raw-profile.py"))
v1 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(v1)

from pathprof_layout import (  # noqa: E402
    FUNC_HASHED as HASHED, HEADER_SIZE, RAW_MAGIC as MAGIC,
    REGION_COUNTERS as R_COUNTERS, REGION_FUNCTIONS as R_FUNCTIONS,
    REGION_HASH as R_HASH, REGION_HASH_METRICS as R_HASH_METRICS,
    REGION_METRICS as R_METRICS, REGION_NAMES as R_NAMES,
    SEGMENT_COUNTERS as COUNTERS, SEGMENT_DESCRIPTION as DESCRIPTION)

# Version 3's layout is the current one's; these files say version 3.
VERSION = 3
METRICS_SHIFT = 8
MAX_METRICS = 8
BUSY = (1 << 64) - 1
FUNCTION_FIELDS = ["NameOffset", "NameSize", "CFGOffset", "CFGSize",
                   "Checksum", "NumPaths", "CounterOffset", "Flags"]
ENTRY_FIELDS = ["Function", "PathId", "Count"] + [
    "M%d" % i for i in range(MAX_METRICS)]

u64 = v1.u64
pad8 = v1.pad8


def header(kind, size, num_functions, num_metrics, regions):
    out = b"".join(u64(v) for v in (
        MAGIC, VERSION, HEADER_SIZE, size, kind, 0, 0x1234, 1, 0,
        num_functions, num_metrics, len(regions)))
    out += b"make-raw-v3.py".ljust(64, b"\0")
    out += b"make-raw-v3.py (raw v3)".ljust(64, b"\0")
    for r in regions + [(0, 0, 0, 0)] * (8 - len(regions)):
        out += b"".join(u64(v) for v in r)
    assert len(out) == HEADER_SIZE
    return out


def segment(kind, num_functions, num_metrics, parts):
    """parts: [(region kind, entry size, bytes)], laid out in order."""
    regions, body, offset = [], b"", HEADER_SIZE
    for rkind, entry, data in parts:
        regions.append((rkind, offset, len(data), entry))
        body += pad8(data)
        offset += len(pad8(data))
    return header(kind, HEADER_SIZE + len(body), num_functions, num_metrics,
                  regions) + body


def table(capacity, entries, words, dropped, sets, name):
    slots = [[0] * words for _ in range(capacity)]
    for i, entry in enumerate(entries):
        slot = slots[(i * 5 + 3) % capacity]
        slot[:len(entry)] = entry[:words]
    head = {"Capacity": capacity, "Used": len(entries), "Dropped": dropped}
    for tname, field, value in sets:
        if tname != name:
            continue
        if isinstance(field, tuple):
            slot, field = field
            slots[slot][ENTRY_FIELDS.index(field)] = value
        else:
            head[field] = value
    return (u64(head["Capacity"]) + u64(head["Used"]) + u64(head["Dropped"]) +
            u64(0) + b"".join(u64(v) for slot in slots for v in slot))


def parse_damage(args):
    """{segment: [(table, field or (slot, field), value)]}"""
    damage = {}
    for item in args.set_table or []:
        seg, name, rest = item.split(":", 2)
        field, value = rest.split("=", 1)
        damage.setdefault(int(seg), []).append((name, field, int(value, 0)))
    for item in args.set_entry or []:
        seg, name, slot, rest = item.split(":", 3)
        field, value = rest.split("=", 1)
        if field not in ENTRY_FIELDS:
            raise SystemExit("unknown entry field %s" % field)
        damage.setdefault(int(seg), []).append(
            (name, (int(slot), field), int(value, 0)))
    return damage


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("description")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--set-table", action="append",
                    metavar="SEG:TABLE:FIELD=VALUE")
    ap.add_argument("--set-entry", action="append",
                    metavar="SEG:TABLE:SLOT:FIELD=VALUE")
    args = ap.parse_args()
    damage = parse_damage(args)

    with open(args.description) as f:
        desc = json.load(f)

    # The description segment: function records, names, CFG descriptions.
    funcs, names, counters_size = [], b"", 0
    for fn in desc["functions"]:
        blocks = [tuple(b) for b in fn["blocks"]]
        edges, num_paths = v1.number_edges(len(blocks), fn["edges"])
        k = fn.get("metrics", 0)
        rec = {"Checksum": fn["checksum"], "NumPaths": num_paths,
               "Flags": (HASHED if fn.get("hashed") else 0) |
               (k << METRICS_SHIFT), "CounterOffset": 0,
               "k": k, "hashed": fn.get("hashed", False)}
        name = fn["name"].encode()
        rec["NameOffset"], rec["NameSize"] = len(names), len(name)
        names += pad8(name)
        cfg = v1.serialize_cfg(blocks, edges)
        rec["CFGOffset"], rec["CFGSize"] = len(names), len(cfg)
        names += pad8(cfg)
        if not rec["hashed"]:
            rec["CounterOffset"] = counters_size
            counters_size += 8 * (k + 1) * num_paths
        funcs.append(rec)
    records = b"".join(u64(fn[f]) for fn in funcs for f in FUNCTION_FIELDS)
    out = segment(DESCRIPTION, len(funcs), 0,
                  [(R_FUNCTIONS, 64, records), (R_NAMES, 1, names)])

    metrics = b""
    for m in desc.get("metrics", []):
        name = m["name"].encode()
        metrics += (u64(m.get("sources", 0)) + u64(m.get("flags", 0)) +
                    u64(m.get("unit", 0)) + u64(len(name)) +
                    name.ljust(96, b"\0"))
    capacity = desc.get("hash_capacity", 8)
    any_plain = any(fn["hashed"] and not fn["k"] for fn in funcs)
    any_metric = any(fn["hashed"] and fn["k"] for fn in funcs)

    for index, seg in enumerate(desc["segments"]):
        counters = bytearray(counters_size)
        plain, metric = [], []
        for busy, entries in ((False, seg.get("records", [])),
                              (True, seg.get("busy", []))):
            for fi, path, *values in entries:
                fn = funcs[fi]
                if not fn["hashed"]:
                    base = fn["CounterOffset"] + 8 * (fn["k"] + 1) * path
                    for j, v in enumerate(values[:fn["k"] + 1]):
                        struct.pack_into("<Q", counters, base + 8 * j, v)
                    continue
                key = BUSY if busy else fi + 1
                (metric if fn["k"] else plain).append([key, path] + values)
        sets = damage.get(index, [])
        parts = [(R_COUNTERS, 8, bytes(counters))]
        if any_plain:
            parts.append((R_HASH, 24, table(capacity, plain, 3,
                                            seg.get("dropped", 0), sets,
                                            "hash")))
        if any_metric:
            parts.append((R_HASH_METRICS, 88,
                          table(capacity, metric, 3 + MAX_METRICS,
                                seg.get("metric_dropped", 0), sets,
                                "metric-hash")))
        if metrics:
            parts.append((R_METRICS, 128, metrics))
        out += segment(COUNTERS, len(funcs), len(desc.get("metrics", [])),
                       parts)

    with open(args.output, "wb") as f:
        f.write(out)


if __name__ == "__main__":
    sys.exit(main())
