#!/usr/bin/env python3
# ===- utils/compile-cost.py - Compile time and code size of instrumenting ===#
#
# What instrumenting costs the build: each workload of utils/bench/ is
# compiled (-O2 -c, no link) plain, with clang's -fprofile-generate and with
# PathProf (the clang-19 command the pathprof-clang wrapper runs, so that the
# wrapper script is not timed), R times each, interleaved so that the
# machine's load falls on every variant alike. Prints the median compile
# time and the object's code size (the .text* sections, llvm-size -A) per
# variant, and the ratios against plain -O2 and PathProf against
# -fprofile-generate. Given source files (and --cflags for them), it measures
# those instead: a real program's sources, with a total row. Compile time is
# the compiler's CPU time (user + system, which leaves out waiting for a CPU
# on a shared machine), or with --timer=wall the wall clock.
# docs/Benchmarks.md ("Compile time and code size") has the results.
#
# ===------------------------------------------------------------------------===#

import argparse
import math
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "utils", "bench")
VARIANTS = [("plain", "-O2"), ("pgogen", "-fprofile-generate"),
            ("pathprof", "PathProf")]


def check(cmd, r):
    if r.returncode != 0:
        sys.exit("compile-cost.py: error: {} failed:\n{}".format(
            " ".join(cmd), r.stderr))
    return r.stdout


def run(cmd, **kw):
    return check(cmd, subprocess.run(cmd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE,
                                     universal_newlines=True, **kw))


def commands(args, src, obj):
    """The compile command of each variant for src."""
    cxx = src.endswith((".cpp", ".cc", ".cxx"))
    cc = "clang++-19" if cxx else "clang-19"
    wrapper = os.path.join(args.build_dir, "bin",
                           "pathprof-clang++" if cxx else "pathprof-clang")
    flags = shlex.split(args.cflags)
    env = dict(os.environ, PATHPROF_CLANG_ECHO="1")
    pathprof = shlex.split(run([wrapper, "-O2", "-fprofile-path-generate"] +
                               flags + ["-c", src, "-o", obj], env=env))
    return {
        "plain": [cc, "-O2"] + flags + ["-c", src, "-o", obj],
        "pgogen": [cc, "-O2", "-fprofile-generate"] + flags +
                  ["-c", src, "-o", obj],
        "pathprof": pathprof,
    }


def text_size(obj):
    size = 0
    for line in run(["llvm-size-19", "-A", obj]).splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].startswith(".text"):
            size += int(parts[1])
    return size


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def main():
    p = argparse.ArgumentParser(description="Compile time and code size of "
                                "PathProf against -fprofile-generate.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("-r", "--repetitions", type=int, default=5,
                   help="timed compiles per program and variant "
                   "(default: %(default)s)")
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--timer", choices=["cpu", "wall"], default="cpu",
                   help="time compiles by the compiler's CPU time (the "
                   "default) or by the wall clock")
    p.add_argument("--cflags", default="",
                   help="more compiler flags for every variant (-I, -D); "
                   "write --cflags=-DX, as argparse takes a lone -DX for an "
                   "option")
    p.add_argument("sources", nargs="*",
                   help="files to compile (default: the workloads of "
                   "utils/bench/)")
    args = p.parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    sources = [os.path.abspath(f) for f in args.sources] or sorted(
        os.path.join(BENCH_DIR, f) for f in os.listdir(BENCH_DIR)
        if f.endswith((".c", ".cpp")))
    rows = []
    with tempfile.TemporaryDirectory(prefix="pathprof-compile.") as work:
        for src in sources:
            name = os.path.basename(src)
            obj = os.path.join(work, "out.o")
            cmds = commands(args, src, obj)
            times = {v: [] for v, _ in VARIANTS}
            sizes = {}
            for _ in range(args.repetitions):
                for v, _ in VARIANTS:
                    r, wall, cpu = measure.run_timed(cmds[v])
                    check(cmds[v], r)
                    times[v].append(cpu if args.timer == "cpu" else wall)
                    sizes[v] = text_size(obj)
            rows.append((os.path.splitext(name)[0],
                         {v: statistics.median(t) for v, t in times.items()},
                         sizes))

    names = [v for v, _ in VARIANTS]
    titles = dict(VARIANTS)
    header = (["program"] + ["{} (s)".format(titles[v]) for v in names] +
              ["{} / -O2 (time)".format(titles[v]) for v in names[1:]] +
              ["PathProf / -fprofile-generate (time)"] +
              ["{} (.text bytes)".format(titles[v]) for v in names] +
              ["PathProf / -fprofile-generate (.text)"])

    def ratio(a, b):
        return "{:.2f}".format(a / b) if b else "n/a"

    def cells(label, t, s):
        return ([label] + ["{:.3f}".format(t[v]) for v in names] +
                [ratio(t[v], t["plain"]) for v in names[1:]] +
                [ratio(t["pathprof"], t["pgogen"])] +
                ["{:,}".format(int(s[v])) for v in names] +
                [ratio(s["pathprof"], s["pgogen"])])

    body = [cells(n, t, s) for n, t, s in rows]
    gt = {v: geomean([t[v] for _, t, _ in rows]) for v in names}
    gs = {v: geomean([s[v] for _, _, s in rows if s[v]]) for v in names}
    body.append(cells("geomean", gt, gs))
    if args.sources and len(rows) > 1:
        body.append(cells("total",
                          {v: sum(t[v] for _, t, _ in rows) for v in names},
                          {v: sum(s[v] for _, _, s in rows) for v in names}))
    if args.markdown:
        print("Command: `python3 utils/compile-cost.py {}`  ".format(
            " ".join(shlex.quote(a) for a in sys.argv[1:])))
        print("Machine: {} CPUs; median {} of {} interleaved compiles "
              "(-O2 -c).\n".format(os.cpu_count(),
                                   "CPU time (user + system)"
                                   if args.timer == "cpu" else "wall time",
                                   args.repetitions))
        print("| " + " | ".join(header) + " |")
        print("|:---|" + "---:|" * (len(header) - 1))
        for c in body:
            print("| " + " | ".join(c) + " |")
    else:
        for c in [header] + body:
            print("  ".join(x.rjust(12) for x in c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
