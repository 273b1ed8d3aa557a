#!/usr/bin/env python3
# ===- utils/export-cost.py - Call-site tables and exports per workload ----===#
#
# Builds every workload of utils/bench with `pathprof-clang -O2 -gdwarf-4
# -fprofile-path-generate -fprofile-path-context`, runs it on the reduced
# input of benchmark.py --callgrind, and reports what call-site locations
# and `llvm-pathprof export` cost: the call sites of the profile's functions
# and how many the table locates (a line from debug info), the bytes the
# tables add to the module's description (its CFG descriptions, written
# once per profile: `show --text` and `show --text --no-context` give the
# tables and the descriptions without them), the contexts, the size of the
# pprof and folded exports, and the instructions `llvm-pathprof export`
# executes for each (callgrind, so the numbers repeat), next to those of
# `show --context` on the same profile (the same start-up and reading: the
# difference is the export's own work).
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchmark  # noqa: E402


def table_bytes(text):
    """(call sites, located call sites, bytes of the serialized tables) of
    the `show --text` output TEXT: per table its count (4 bytes), per call
    site its file (4 + length), line and column (4 each)."""
    sites = located = size = 0
    for line in text.splitlines():
        if line.startswith("callsites "):
            size += 4
        elif line.startswith("callsite "):
            parts = line.split(" ", 3)
            sites += 1
            located += parts[1] != "0"
            size += 12 + (len(parts[3]) if len(parts) > 3 else 0)
    return sites, located, size


def instructions(argv, work):
    out = os.path.join(work, "callgrind.out")
    r = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=" + out] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       universal_newlines=True)
    os.unlink(out)
    m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if r.returncode != 0 or not m:
        sys.exit("export-cost.py: callgrind of {} failed:\n{}".format(
            " ".join(argv), r.stderr[-2000:]))
    return int(m.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--build-dir", default=os.path.join(benchmark.ROOT,
                                                       "build"))
    p.add_argument("--cc", default="clang-19")
    p.add_argument("--cxx", default="clang++-19")
    p.add_argument("--only", action="append", default=[])
    args = p.parse_args()
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    work = tempfile.mkdtemp(prefix="pathprof-export-cost.")
    rows = []
    try:
        for prog in benchmark.programs(args.only):
            binary = benchmark.build(
                prog, "context",
                ["{wrapper}", "-O2", "-gdwarf-4", "-fprofile-path-generate",
                 "-fprofile-path-context"], args, work)
            if binary is None:
                sys.exit(1)
            raw = os.path.join(work, prog + ".pathraw")
            size = benchmark.CALLGRIND_SIZES.get(prog)
            env = dict(os.environ, PATHPROF_FILE=raw)
            subprocess.run([binary] + ([size] if size else []), env=env,
                           stdout=subprocess.DEVNULL, check=True)

            def run(*argv):
                return subprocess.run([tool] + list(argv),
                                      stdout=subprocess.PIPE, check=True,
                                      universal_newlines=True).stdout
            sites, located, tables = table_bytes(run("show", "--text", raw))
            contexts = json.loads(run("show", "--json", raw))[
                "context"]["num_contexts"]
            show_cmd = [tool, "show", "--context", "-o", os.devnull, raw]
            pb = os.path.join(work, prog + ".pb.gz")
            folded = os.path.join(work, prog + ".folded")
            pprof_cmd = [tool, "export", "--format=pprof", "-o", pb, raw]
            folded_cmd = [tool, "export", "--format=folded", "-o", folded,
                          raw]
            rows.append((prog, sites, located, tables, contexts,
                         instructions(show_cmd, work),
                         instructions(pprof_cmd, work), os.stat(pb).st_size,
                         instructions(folded_cmd, work),
                         os.stat(folded).st_size))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("Command: `python3 utils/export-cost.py`\n")
    benchmark.print_table(
        ["program", "call sites", "located", "table bytes", "contexts",
         "show --context instructions", "export pprof instructions",
         "pprof bytes", "export folded instructions", "folded bytes"],
        [[r[0]] + ["{:,}".format(v) for v in r[1:]] for r in rows],
        markdown=True)


if __name__ == "__main__":
    sys.exit(main())
