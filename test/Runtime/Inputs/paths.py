#!/usr/bin/env python3
"""Prints `llvm-pathprof show --json` as stable lines for FileCheck:
one 'function NAME paths=NUM_PATHS entry=ENTRY total=TOTAL' line per
function (sorted by name), then one 'path ID COUNT BLOCK,BLOCK,...' line per
executed path (sorted by id). Source locations are shown without their
directory; --no-blocks leaves them out."""
import json
import os
import sys

args = [a for a in sys.argv[1:] if a != "--no-blocks"]
blocks = "--no-blocks" not in sys.argv
doc = json.load(sys.stdin if not args else open(args[0]))
for fn in sorted(doc["functions"], key=lambda f: f["name"]):
    print("function %s paths=%d entry=%d total=%d" %
          (fn["name"], fn["num_paths"], fn["entry_count"], fn["total_count"]))
    for p in sorted(fn["paths"], key=lambda p: p["id"]):
        where = ",".join(os.path.basename(b) for b in p["blocks"])
        print("  path %d %d%s" % (p["id"], p["count"], " " + where if blocks else ""))
