#!/usr/bin/env python3
"""How llvm-pathprof report --html scales with the program.

Generates C programs of 2N functions: N functions f<i>, each with two
independent branches (four paths) and called from two sites of its own
g<i>, and the N g<i>, which call each other as a binary tree (about 3N
calling contexts, log N deep). Builds them with path, context and metric
profiling (-O1 -g), runs them (PATHPROF_EVENTS=tsc), and measures per
program: the page's size in bytes, the instructions `llvm-pathprof report
--html` executes (callgrind, repeatable), and the wall time headless
chromium takes to open the page from disk and draw each view
(utils/js/report-timing.js, median of --runs openings; depends on the
machine).

Usage: report-scale.py [--build-dir DIR] [--functions N,N,...] [--runs R]
                       [--markdown]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def program(n):
    lines = ["#include <stdio.h>", "static volatile unsigned Sink;"]
    for i in range(n):
        lines.append("__attribute__((noinline)) static unsigned f%d(unsigned X) {" % i)
        lines.append("  unsigned S = X;")
        lines.append("  if (X & %d) S += %d;" % (1 << (i % 5), i))
        lines.append("  if (X %% %d == 0) S ^= 0x%x;" % (i % 7 + 2, i * 2654435761 % 4096))
        lines.append("  return S;")
        lines.append("}")
    # g<i> calls f<i> from two sites and g<2i+1>, g<2i+2>: a binary tree
    # of callers, so the context tree is about log N deep.
    for i in reversed(range(n)):
        lines.append("__attribute__((noinline)) static unsigned g%d(unsigned X) {" % i)
        lines.append("  unsigned S = f%d(X) + f%d(X + 1);" % (i, i))
        child = 2 * i + 1
        if child < n:
            lines.append("  S += g%d(S);" % child)
        if child + 1 < n:
            lines.append("  S += g%d(S + 3);" % (child + 1))
        lines.append("  return S;")
        lines.append("}")
    lines.append("int main(void) {")
    lines.append("  unsigned T = 0;")
    lines.append("  for (unsigned I = 0; I < 20; ++I) T += g0(I);")
    lines.append('  printf("%u\\n", T);')
    lines.append("  return 0;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def instructions(cmd, cwd):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                         cwd=cwd, capture_output=True, text=True, check=True)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if not m:
        sys.exit("report-scale.py: no instruction count from callgrind:\n" + out.stderr)
    return int(m.group(1))


def measure(n, build, runs, tmp):
    d = os.path.join(tmp, "n%d" % n)
    os.makedirs(d)
    with open(os.path.join(d, "prog.c"), "w") as f:
        f.write(program(n))
    subprocess.run([os.path.join(build, "bin", "pathprof-clang"), "-O1", "-g",
                    "-fprofile-path-generate", "-fprofile-path-context",
                    "-fprofile-path-metrics", "prog.c", "-o", "prog"], cwd=d, check=True)
    env = dict(os.environ, PATHPROF_EVENTS="tsc", PATHPROF_FILE="prog.pathraw")
    subprocess.run(["./prog"], cwd=d, env=env, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([os.path.join(build, "bin", "llvm-pathprof"), "merge", "-o",
                    "prog.pathprof", "prog.pathraw"], cwd=d, check=True)
    report = [os.path.join(build, "bin", "llvm-pathprof"), "report", "--html", "-o", "report",
              "prog.pathprof"]
    insns = instructions(report, d)
    size = os.path.getsize(os.path.join(d, "report", "index.html"))
    env = dict(os.environ, NODE_PATH=os.path.join(build, "js", "node_modules"))
    out = subprocess.run(["node", os.path.join(ROOT, "utils", "js", "report-timing.js"),
                          os.path.join(d, "report"), str(runs)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return {"functions": n, "bytes": size, "instructions": insns, **json.loads(out)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--functions", default="100,1000,5000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="pathprof-report-scale-") as tmp:
        for n in (int(x) for x in args.functions.split(",")):
            rows.append(measure(n, os.path.abspath(args.build_dir), args.runs, tmp))
    if not args.markdown:
        for r in rows:
            print(json.dumps(r))
        return
    print("| N | Page (bytes) | report --html (instructions) | "
          "index (ms) | function (ms) | flame graph (ms) |")
    print("|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print("| %d | %d | %d | %d | %d | %d |" % (r["functions"], r["bytes"], r["instructions"],
                                                   r["index"], r["function"], r["flamegraph"]))


if __name__ == "__main__":
    main()
