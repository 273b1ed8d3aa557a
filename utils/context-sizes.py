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


def arena_bytes(path):
    """Bytes in use in the CONTEXT regions of the raw profile's counter
    segments that are not FREE (the format's constants as the build
    generates them: pathprof_layout.py in the build directory's python/)."""
    import pathprof_layout as L
    header = struct.Struct(L.HEADER_FORMAT)
    field = {f: i for i, f in enumerate(L.HEADER_FIELDS)}
    regions = len(L.HEADER_FIELDS) + 2  # after Producer and Runtime
    data = open(path, "rb").read()
    off, used = 0, 0
    while off + header.size <= len(data):
        h = header.unpack_from(data, off)
        if h[field["Magic"]] != L.RAW_MAGIC:
            break
        if (h[field["SegmentKind"]] == L.SEGMENT_COUNTERS and
                not h[field["SegmentFlags"]] & L.SEGMENT_FREE):
            for i in range(h[field["NumRegions"]]):
                kind, roff = h[regions + 4 * i], h[regions + 4 * i + 1]
                if kind == L.REGION_CONTEXT:
                    used += struct.unpack_from(
                        "<Q", data, off + roff +
                        8 * L.CTX_HEADER_FIELDS.index("Used"))[0]
        off += h[field["SegmentSize"]]
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
    sys.path.insert(0, os.path.join(args.build_dir, "python"))
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
