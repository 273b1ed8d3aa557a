#!/usr/bin/env python3
"""make-raw-profile.py - Write a raw PathProf profile from a JSON description.

Until real programs can produce raw profiles in a test, this writes one per
include/PathProf/ProfileFormat.h (version 1), with CFG descriptions serialized
exactly as CFGDescription::serialize does, and can corrupt it on purpose so
that every check of the reader is exercised.

Description (JSON):
  {"functions": [
     {"name": "foo", "checksum": 1234, "hashed": false,
      "blocks": [["entry", "t.c", 3, 4], ["loop", "", 0, 0], ...],
      "edges": [[src, dst, "cfg"|"entry"|"exit"|"ret"], ...],
      "counts": {"path id": count, ...}}],
   "hash_capacity": 8, "dropped": 0}
Blocks are [name, file, first line, last line]; node len(blocks) is EXIT.
Edge Vals are computed by Ball-Larus numbering over the out-edges of each node
in the order given.
"""

import argparse
import json
import struct
import sys

from pathprof_layout import RAW_MAGIC as MAGIC  # noqa: E402
VERSION = 1
CFG_VERSION = 1
HASHED = 0x1
KINDS = {"cfg": 0, "entry": 1, "exit": 2, "ret": 3}
HEADER_FIELDS = ["Magic", "Version", "HeaderSize", "FileSize", "NumFunctions",
                 "FunctionsOffset", "BlobsOffset", "BlobsSize",
                 "CountersOffset", "CountersSize", "HashOffset", "HashSize",
                 "NumMetrics", "ModuleSignature", "Reserved0", "Reserved1"]
FUNCTION_FIELDS = ["NameOffset", "NameSize", "CFGOffset", "CFGSize",
                   "Checksum", "NumPaths", "CounterOffset", "Flags"]


def u32(v):
    return struct.pack("<I", v)


def u64(v):
    return struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF)


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def number_edges(num_blocks, edges):
    """Returns (edges with Vals sorted by (src, val), NumPaths)."""
    exit_node = num_blocks
    succs = {}
    for src, dst, kind in edges:
        succs.setdefault(src, []).append((dst, kind))
    np = {exit_node: 1}

    def paths(n, stack=()):
        if n in np:
            return np[n]
        if n in stack:
            raise SystemExit("the description has a cycle through %d" % n)
        np[n] = sum(paths(d, stack + (n,)) for d, _ in succs.get(n, []))
        return np[n]

    out = []
    for src in sorted(succs):
        val = 0
        for dst, kind in succs[src]:
            out.append([src, dst, KINDS[kind], val])
            val += paths(dst)
    return out, paths(0)


def serialize_cfg(blocks, edges):
    out = u32(CFG_VERSION) + u32(len(blocks))
    for name, file, first, last in blocks:
        for s in (name, file):
            b = s.encode()
            out += u32(len(b)) + b
        out += u32(first) + u32(last)
    out += u32(len(edges))
    for src, dst, kind, val in edges:
        out += u32(src) + u32(dst) + u32(kind) + u64(val)
    return out


def parse_sets(items, fields):
    result = {}
    for item in items or []:
        key, value = item.split("=", 1)
        if key not in fields:
            raise SystemExit("unknown field %s" % key)
        result[key] = int(value, 0)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("description")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--set", action="append", metavar="FIELD=VALUE",
                    help="override a header field after layout")
    ap.add_argument("--set-function", action="append",
                    metavar="INDEX:FIELD=VALUE",
                    help="override a field of a function record")
    ap.add_argument("--set-hash", action="append", metavar="FIELD=VALUE",
                    help="override Capacity, Used or Dropped of the hash "
                         "header")
    ap.add_argument("--set-hash-entry", action="append",
                    metavar="SLOT:FIELD=VALUE",
                    help="override a field (Function, PathId, Count) of a "
                         "hash entry; Function is the index plus one")
    ap.add_argument("--swap-magic", action="store_true",
                    help="write the magic byte-swapped (big-endian)")
    ap.add_argument("--cycle", action="store_true",
                    help="add an edge that closes a cycle to function 0's "
                         "CFG (Vals kept sorted)")
    ap.add_argument("--truncate", type=int, metavar="N",
                    help="drop the last N bytes")
    ap.add_argument("--append", type=int, metavar="N",
                    help="append N zero bytes")
    args = ap.parse_args()

    with open(args.description) as f:
        desc = json.load(f)

    funcs = []
    for fn in desc["functions"]:
        blocks = [tuple(b) for b in fn["blocks"]]
        edges, num_paths = number_edges(len(blocks), fn["edges"])
        funcs.append(dict(fn, cfg_edges=edges, num_paths=num_paths,
                          blocks=blocks))
    if args.cycle:
        fn = funcs[0]
        a, b = next((e[0], e[1]) for e in fn["cfg_edges"]
                    if e[0] != 0 and e[1] != len(fn["blocks"]))
        last = max(e[3] for e in fn["cfg_edges"] if e[0] == b)
        fn["cfg_edges"].append([b, a, KINDS["cfg"], last + 1])
        fn["cfg_edges"].sort(key=lambda e: (e[0], e[3]))

    # Blobs: names and CFG descriptions, each 8-byte aligned.
    blobs = b""
    counters = b""
    hash_entries = []
    for index, fn in enumerate(funcs):
        name = fn["name"].encode()
        fn["NameOffset"], fn["NameSize"] = len(blobs), len(name)
        blobs += pad8(name)
        cfg = serialize_cfg(fn["blocks"], fn["cfg_edges"])
        fn["CFGOffset"], fn["CFGSize"] = len(blobs), len(cfg)
        blobs += pad8(cfg)
        counts = {int(k): v for k, v in fn.get("counts", {}).items()}
        if fn.get("hashed"):
            fn["Flags"], fn["CounterOffset"] = HASHED, 0
            for path_id, count in sorted(counts.items()):
                hash_entries.append((index + 1, path_id, count))
        else:
            fn["Flags"], fn["CounterOffset"] = 0, len(counters)
            counters += b"".join(u64(counts.get(i, 0))
                                 for i in range(fn["num_paths"]))

    capacity = desc.get("hash_capacity", 0)
    if hash_entries and capacity < len(hash_entries):
        capacity = 1
        while capacity < len(hash_entries):
            capacity *= 2
    hash_header = {"Capacity": capacity, "Used": len(hash_entries),
                   "Dropped": desc.get("dropped", 0)}
    hash_header.update(parse_sets(args.set_hash, hash_header))
    slots = [[0, 0, 0] for _ in range(capacity)]
    # Spread entries over the table as a runtime would; the reader must not
    # care where they are.
    for i, entry in enumerate(hash_entries):
        slots[(i * 5 + 3) % capacity] = list(entry)
    for item in args.set_hash_entry or []:
        slot, rest = item.split(":", 1)
        field, value = rest.split("=", 1)
        slots[int(slot)][["Function", "PathId", "Count"].index(field)] = \
            int(value, 0)
    hash_region = b""
    if capacity:
        hash_region = (u64(hash_header["Capacity"]) + u64(hash_header["Used"])
                       + u64(hash_header["Dropped"]) + u64(0)
                       + b"".join(u64(a) + u64(b) + u64(c)
                                  for a, b, c in slots))

    header_size = 16 * 8
    functions_offset = header_size
    blobs_offset = functions_offset + 64 * len(funcs)
    counters_offset = blobs_offset + len(blobs)
    hash_offset = counters_offset + len(counters)
    file_size = hash_offset + len(hash_region)
    header = {
        "Magic": MAGIC, "Version": VERSION, "HeaderSize": header_size,
        "FileSize": file_size, "NumFunctions": len(funcs),
        "FunctionsOffset": functions_offset, "BlobsOffset": blobs_offset,
        "BlobsSize": len(blobs), "CountersOffset": counters_offset,
        "CountersSize": len(counters),
        "HashOffset": hash_offset if hash_region else 0,
        "HashSize": len(hash_region), "NumMetrics": 0,
        "ModuleSignature": 0x1234, "Reserved0": 0, "Reserved1": 0}
    if args.swap_magic:
        header["Magic"] = int.from_bytes(u64(MAGIC), "big")
    header.update(parse_sets(args.set, HEADER_FIELDS))
    for item in args.set_function or []:
        index, rest = item.split(":", 1)
        funcs[int(index)].update(parse_sets([rest], FUNCTION_FIELDS))
    for fn in funcs:
        fn.setdefault("NumPaths", fn["num_paths"])
        fn.setdefault("Checksum", fn["checksum"])

    data = b"".join(u64(header[f]) for f in HEADER_FIELDS)
    data += b"".join(u64(fn[f]) for fn in funcs for f in FUNCTION_FIELDS)
    data += blobs + counters + hash_region
    if args.truncate:
        data = data[:-args.truncate]
    if args.append:
        data += b"\0" * args.append
    with open(args.output, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    sys.exit(main())
