#!/usr/bin/env python3
# ===- utils/context-sizes.py - Calling context tree sizes per workload ----===#
#
# Builds every workload of utils/bench with `pathprof-clang -O2
# -fprofile-path-generate -fprofile-path-context` (context + flow) and with
# `-fprofile-path-context=calls` (the tree alone), runs each on its default
# input (or --callgrind's reduced one with --small) and reports, as Ammons,
# Ball and Larus's table 3 does for the calling context tree, how big the
# tree is: contexts (nodes), recursive call sites (backedges), roots, depth,
# then for each build the bytes of the arena in use (summed over the file's
# trees: one per thread slice) and the disk space the raw profile takes.
# Both builds must give the same tree. Read from the raw profile by
# llvm-pathprof (show --json) and from the arena headers.
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchmark  # noqa: E402

HEADER = struct.Struct("<12Q64s64s32Q")
MAGIC = 0x574152464F525050
CONTEXT_REGION = 7


def arena_bytes(path):
    """Bytes in use in the CONTEXT regions of the raw profile's counter
    segments that are not FREE."""
    data = open(path, "rb").read()
    off, used = 0, 0
    while off + HEADER.size <= len(data):
        h = HEADER.unpack_from(data, off)
        if h[0] != MAGIC:
            break
        if h[4] == 2 and not h[5] & 1:
            for i in range(h[11]):
                kind, roff = h[14 + 4 * i], h[15 + 4 * i]
                if kind == CONTEXT_REGION:
                    used += struct.unpack_from("<Q", data, off + roff + 8)[0]
        off += h[3]
    return used


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--build-dir", default=os.path.join(benchmark.ROOT,
                                                       "build"))
    p.add_argument("--cc", default="clang-19")
    p.add_argument("--cxx", default="clang++-19")
    p.add_argument("--small", action="store_true",
                   help="the reduced inputs of benchmark.py --callgrind")
    p.add_argument("--only", action="append", default=[])
    args = p.parse_args()
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    work = tempfile.mkdtemp(prefix="pathprof-ctx-sizes.")
    rows = []
    try:
        for prog in benchmark.programs(args.only):
            row, shape = [prog], None
            for variant, flag in (("context", "-fprofile-path-context"),
                                  ("calls", "-fprofile-path-context=calls")):
                binary = benchmark.build(
                    prog, variant,
                    ["{wrapper}", "-O2", "-fprofile-path-generate", flag],
                    args, work)
                if binary is None:
                    sys.exit(1)
                raw = os.path.join(work, prog + "." + variant + ".pathraw")
                size = (benchmark.CALLGRIND_SIZES.get(prog)
                        if args.small else None)
                env = dict(os.environ, PATHPROF_FILE=raw)
                subprocess.run([binary] + ([size] if size else []), env=env,
                               stdout=subprocess.DEVNULL, check=True)
                doc = json.loads(subprocess.run(
                    [tool, "show", "--json", raw], stdout=subprocess.PIPE,
                    check=True, universal_newlines=True).stdout)
                tree = doc["context"]
                this = (tree["num_contexts"], tree["num_recursive_call_sites"],
                        len(tree["roots"]), tree["depth"])
                if shape is None:
                    shape = this
                    row += list(this)
                elif this != shape:
                    sys.exit("context-sizes.py: %s: the calls build's tree "
                             "%s is not the context build's %s" %
                             (prog, this, shape))
                row += [arena_bytes(raw), os.stat(raw).st_blocks * 512]
            rows.append(row)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("Command: `python3 utils/context-sizes.py{}`\n".format(
        " --small" if args.small else ""))
    benchmark.print_table(
        ["program", "contexts", "recursive call sites", "roots", "depth",
         "arena bytes", "file on disk", "arena bytes, calls",
         "file on disk, calls"],
        [[r[0]] + ["{:,}".format(v) for v in r[1:]] for r in rows],
        markdown=True)


if __name__ == "__main__":
    sys.exit(main())
