#!/usr/bin/env python3
# ===- utils/benchmark.py - PathProf overhead and profile-use benchmark ----===#
#
# Two benchmarks over the workloads in utils/bench/*.c and *.cpp (C++
# workloads build with clang++-19 and pathprof-clang++ in place of clang-19
# and pathprof-clang).
#
# Instrumentation overhead (the default):
# Builds every workload three ways -- plain `clang-19 -O2`,
# LLVM's edge profiling `clang-19 -O2 -fprofile-generate`, and PathProf
# `pathprof-clang -O2 -fprofile-path-generate` -- checks that each variant
# prints exactly what the plain build prints, then times them interleaved
# (round-robin over variants, each repetition visiting every program) and
# reports medians, ratios against plain -O2 and PathProf against
# -fprofile-generate, with geometric means.
#
# --timer=cpu times each run by the CPU time (user + system) of the program's
# process instead of the wall clock: on a shared machine, time spent waiting
# for a CPU then does not count, which takes out most of the noise.
#
# --callgrind replaces timing by one run of each binary under
# `valgrind --tool=callgrind` (at a smaller input size) and reports executed
# instructions, which are repeatable from machine to machine.
#
# Per-path metrics are sampled (PATHPROF_METRIC_PERIOD, --period): the
# metrics variants (tsc, page faults, task-clock) measure one path start in
# the period, their -exact twins every path (PATHPROF_METRIC_PERIOD=1, the
# readings of the exact mode). --accuracy adds how well each program's
# sampled tsc profile ranks its hot paths: the metric-weighted hot-path
# accuracy (`llvm-pathprof overlap --metric=tsc`) of a sampled run against
# an exact run of the same binary, the share of its hot paths (1% of the
# metric or more) whose 95% interval covers the exact value, and the
# sampled run's tsc total (the sum of its paths' estimates) over the exact
# run's. The exact run's paths hold its own inline readings too, so where
# paths are short an honest sampled total is below 1
# (docs/Benchmarks.md, "Sampled readings of short paths").
#
# --readings (with the metrics variant) counts the time-stamp counter
# readings of each program's run (one per function entry and path end, from
# its profile), measures what one reading costs, and adds a column with
# plain -O2's time plus the readings' own: the floor of reading the counter
# at every path end, whatever the instrumentation around it costs.
#
# --check stops after building every variant and checking its output: a
# quick test that every workload builds and agrees with itself everywhere.
#
# Profiles go to a temporary directory through LLVM_PROFILE_FILE and
# PATHPROF_FILE; writing them is part of the measured run.
#
# Profile-guided rebuilds (--pgo): each program is trained on one input (a
# different seed and size, TRAIN_ARGS) and timed on another (its default
# input, or the --callgrind size). Four builds: plain `clang-19 -O2`, IR PGO
# (`-fprofile-generate`, train, `llvm-profdata merge`, `-fprofile-use`), and
# PathProf (`-fprofile-path-generate`, train, `llvm-pathprof merge`,
# `-fprofile-path-use`) with branch weights alone
# (`-mllvm -pathprof-superblocks=false`) and with superblocks; a fifth,
# not built unless asked for (--variants ...,ppcontext), trains with a
# calling context tree (`-fprofile-path-context`), whose callee lists give
# indirect calls value profiles for indirect-call promotion. Every rebuilt
# program must print on the test input what the plain build prints. The
# compile step (`-c`) of each rebuild is timed separately from linking, the
# object's .text* bytes give the code size, and a compile with
# -Rpass=pathprof-superblock counts the superblocks formed and refused.
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import math
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "utils", "bench")

# Variant name -> (column title, how to build it). "{cc}" is clang-19 (or
# clang++-19 for a .cpp workload), "{wrapper}" the PathProf driver of the
# same language.
VARIANTS = [
    ("plain", "-O2", ["{cc}", "-O2"]),
    ("pgogen", "-fprofile-generate", ["{cc}", "-O2", "-fprofile-generate"]),
    ("pathprof", "PathProf", ["{wrapper}", "-O2", "-fprofile-path-generate"]),
    # Not built unless asked for (--variants plain,pathprof,shared,atomic):
    # PathProf's other counter modes, one slice for all threads with plain
    # adds (the default before per-thread slices) and with atomic adds.
    ("shared", "PathProf shared", ["{wrapper}", "-O2", "-fprofile-path-generate",
                                   "-mllvm", "-pathprof-counters=shared"]),
    ("atomic", "PathProf atomic", ["{wrapper}", "-O2", "-fprofile-path-generate",
                                   "-fprofile-update=atomic"]),
    # Per-path metrics (--variants plain,pathprof,metrics,metrics-exact,...):
    # one accumulator, the time-stamp counter (rdtsc), or page faults or the
    # task clock, software events read with read(); sampled (the default
    # period, or --period), and every path measured (-exact).
    ("metrics", "PathProf + tsc", ["{wrapper}", "-O2", "-fprofile-path-generate",
                                   "-fprofile-path-metrics=1"]),
    ("metrics-exact", "PathProf + tsc exact",
     ["{wrapper}", "-O2", "-fprofile-path-generate",
      "-fprofile-path-metrics=1"]),
    ("metrics-pf", "PathProf + page-faults",
     ["{wrapper}", "-O2", "-fprofile-path-generate",
      "-fprofile-path-metrics=1"]),
    ("metrics-pf-exact", "PathProf + page-faults exact",
     ["{wrapper}", "-O2", "-fprofile-path-generate",
      "-fprofile-path-metrics=1"]),
    ("metrics-sw", "PathProf + task-clock",
     ["{wrapper}", "-O2", "-fprofile-path-generate",
      "-fprofile-path-metrics=1"]),
    # Paths per calling context (--variants plain,pgogen,pathprof,context):
    # a calling context tree with a path table per node.
    ("context", "PathProf + context", ["{wrapper}", "-O2",
                                       "-fprofile-path-generate",
                                       "-fprofile-path-context"]),
    # The calling context tree alone (--variants plain,pgogen,context,calls):
    # entries per context, no path counters (-fprofile-path-context=calls).
    ("calls", "PathProf calls", ["{wrapper}", "-O2", "-fprofile-path-generate",
                                 "-fprofile-path-context=calls"]),
]

# The run-time environment a variant needs besides the profile's location.
VARIANT_ENV = {
    "metrics": {"PATHPROF_EVENTS": "tsc"},
    "metrics-exact": {"PATHPROF_EVENTS": "tsc", "PATHPROF_METRIC_PERIOD": "1"},
    "metrics-pf": {"PATHPROF_EVENTS": "page-faults"},
    "metrics-pf-exact": {"PATHPROF_EVENTS": "page-faults",
                         "PATHPROF_METRIC_PERIOD": "1"},
    "metrics-sw": {"PATHPROF_EVENTS": "task-clock"},
}
# --period: the sampled variants' PATHPROF_METRIC_PERIOD (None: the
# runtime's default).
PERIOD = None


def variant_env(env, name):
    env = dict(env, **VARIANT_ENV.get(name, {}))
    if PERIOD and name.startswith("metrics") and \
            "PATHPROF_METRIC_PERIOD" not in VARIANT_ENV.get(name, {}):
        env["PATHPROF_METRIC_PERIOD"] = str(PERIOD)
    return env


def metric_accuracy(args, binary, size, env, work, seeds):
    """(hot-path accuracy, interval coverage, total ratio) of sampled tsc
    profiles of \p binary against an exact one: the mean over \p seeds of
    `llvm-pathprof overlap --metric=tsc`'s hot-path accuracy, the share of
    (seed, hot path) cases whose 95% interval covers the exact value, and
    the mean over the seeds of the sampled tsc total over the exact one."""
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")

    def profile(name, extra):
        prof = os.path.join(work, name + ".pathraw")
        if os.path.exists(prof):
            os.unlink(prof)
        run = dict(env, PATHPROF_FILE=prof, PATHPROF_EVENTS="tsc", **extra)
        subprocess.run([binary] + ([size] if size else []), env=run,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
        return prof

    def paths(prof):
        doc = json.loads(checked([tool, "show", "--json", prof],
                                 "llvm-pathprof show").stdout)
        return {(f["name"], p["id"]): p for f in doc["functions"]
                for p in f["paths"]}

    exact = profile("exact", {"PATHPROF_METRIC_PERIOD": "1"})
    base = {k: p["metrics"]["tsc"] for k, p in paths(exact).items()}
    total = sum(base.values())
    hot = {k: v for k, v in base.items() if total and v >= 0.01 * total}
    accuracies, totals, covered, cases = [], [], 0, 0
    for seed in range(1, seeds + 1):
        extra = {"PATHPROF_METRIC_SEED": str(seed)}
        if PERIOD:
            extra["PATHPROF_METRIC_PERIOD"] = str(PERIOD)
        sampled = profile("sampled", extra)
        doc = json.loads(checked([tool, "overlap", "--metric=tsc", "--json",
                                  exact, sampled], "llvm-pathprof overlap")
                         .stdout)
        if doc["program"]["hot_path_accuracy"] is not None:
            accuracies.append(doc["program"]["hot_path_accuracy"])
        got = paths(sampled)
        estimated = sum(e["estimate"] for p in got.values()
                        for e in [p.get("estimates", {}).get("tsc")]
                        if e and e.get("estimate") is not None)
        if total:
            totals.append(estimated / total)
        for key, value in hot.items():
            e = got.get(key, {}).get("estimates", {}).get("tsc")
            cases += 1
            if e and e["low"] is not None and e["low"] <= value and \
                    (e["high"] is None or value <= e["high"]):
                covered += 1
    return (statistics.mean(accuracies) if accuracies else None,
            covered / cases if cases else None,
            statistics.mean(totals) if totals else None)

# What one time-stamp counter reading costs on this machine, measured by a
# loop of dependent readings (what instrumented code does at every path
# end): the floor of the metrics variant, which reads it once per function
# entry and once per path end.
RDTSC_LOOP = r"""
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>
int main(void) {
  enum { N = 20000000 };
  struct timespec A, B;
  uint64_t Sum = 0, Start = __rdtsc();
  clock_gettime(CLOCK_MONOTONIC, &A);
  for (int I = 0; I != N; ++I) {
    uint64_t Now = __rdtsc();
    Sum += Now - Start;
    Start = Now;
  }
  clock_gettime(CLOCK_MONOTONIC, &B);
  double Ns = (B.tv_sec - A.tv_sec) * 1e9 + (B.tv_nsec - A.tv_nsec);
  printf("%.3f %llu\n", Ns / N, (unsigned long long)(Sum & 1));
  return 0;
}
"""


def rdtsc_cost(args, work):
    """Nanoseconds per time-stamp counter reading (the best of 3 runs)."""
    src = os.path.join(work, "rdtsc.c")
    exe = os.path.join(work, "rdtsc")
    with open(src, "w") as f:
        f.write(RDTSC_LOOP)
    checked([args.cc, "-O2", src, "-o", exe], "building the rdtsc loop")
    return min(float(checked([exe], "the rdtsc loop").stdout.split()[0])
               for _ in range(3))


def tsc_readings(args, binary, size, env, work):
    """Readings of the time-stamp counter in one run of a metrics build:
    one per function entry and one per path end, from its profile."""
    prof = os.path.join(work, "readings.pathraw")
    run_env_ = dict(env, PATHPROF_FILE=prof)
    subprocess.run([binary] + ([size] if size else []), env=run_env_,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    doc = json.loads(checked([tool, "show", "--json", prof],
                             "llvm-pathprof show").stdout)
    os.unlink(prof)
    return sum(f["entry_count"] + f["total_count"] for f in doc["functions"])


# Input sizes for --callgrind: about a tenth of each program's default, so
# that a run under valgrind takes seconds, not minutes.
# --pgo trains on these inputs (size, seed): half the default size and a seed
# other than the default, so the training and the measured run differ.
TRAIN_ARGS = {
    "csv": ["175000", "31337"],
    "dispatch": ["1500", "31337"],
    "glob": ["300000", "31337"],
    "graph": ["150000", "31337"],
    "hashtab": ["1250000", "31337"],
    "interp": ["750", "31337"],
    "lz": ["6144", "31337"],
    "sort": ["500000", "31337"],
    "chase": ["150000", "31337"],
    "decoder": ["1250000", "31337"],
    "mixers": ["1250000", "31337"],
    "shapes": ["45000", "31337"],
    "trees": ["200000", "31337"],
}

# --pgo variants: name, column title. How each is built is in pgo_build.
PGO_VARIANTS = [
    ("plain", "-O2"),
    ("pgouse", "-fprofile-use"),
    ("ppweights", "PathProf weights"),
    ("ppsuper", "PathProf superblocks"),
    # Superblocks and indirect-call promotion from a context profile.
    ("ppcontext", "PathProf context"),
]
# Built unless --variants leaves them out.
PGO_DEFAULT = ["plain", "pgouse", "ppweights", "ppsuper"]

CALLGRIND_SIZES = {
    "csv": "35000",
    "dispatch": "300",
    "glob": "60000",
    "graph": "30000",
    "hashtab": "250000",
    "interp": "150",
    "lz": "1228",
    "sort": "100000",
    "chase": "30000",
    "decoder": "250000",
    "mixers": "250000",
    "shapes": "9000",
    "trees": "40000",
}


def parse_args():
    p = argparse.ArgumentParser(
        description="Time plain -O2, -fprofile-generate and PathProf builds "
        "of the utils/bench workloads.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"),
                   help="PathProf build tree (default: %(default)s)")
    p.add_argument("--cc", default="clang-19", help="compiler for the plain "
                   "and -fprofile-generate builds (default: %(default)s)")
    p.add_argument("--cxx", default="clang++-19", help="the same for C++ "
                   "workloads (default: %(default)s)")
    p.add_argument("--llvm-profdata", default="llvm-profdata-19",
                   help="with --pgo: merges -fprofile-generate profiles "
                   "(default: %(default)s)")
    p.add_argument("--llvm-size", default="llvm-size-19",
                   help="with --pgo: measures code size (default: "
                   "%(default)s)")
    p.add_argument("-n", "--repetitions", type=int, default=5,
                   help="timed runs per program and variant (default: 5)")
    p.add_argument("--timer", choices=["wall", "cpu"], default="wall",
                   help="time a run by the wall clock, or by the user + "
                   "system CPU time of its process (default: %(default)s)")
    p.add_argument("--statistic", choices=["median", "min"],
                   default="median",
                   help="what one program and variant's timed runs give: "
                   "their median, or their minimum, which on a shared "
                   "machine drops the runs that other work slowed "
                   "(default: %(default)s)")
    p.add_argument("--callgrind", action="store_true",
                   help="count instructions under callgrind instead of timing")
    p.add_argument("--check", action="store_true",
                   help="only build every variant and check that it prints "
                   "what the plain build prints; no timing")
    p.add_argument("--markdown", action="store_true",
                   help="print the table as Markdown")
    p.add_argument("--only", action="append", default=[], metavar="PROG",
                   help="run only this program (repeatable)")
    p.add_argument("--pgo", action="store_true",
                   help="benchmark profile-guided rebuilds (train on one "
                   "input, time another) instead of instrumentation overhead")
    p.add_argument("--train", action="append", default=[],
                   metavar="PROG=N[,SEED]", help="with --pgo: train PROG on "
                   "size N (and SEED) instead of its TRAIN_ARGS")
    p.add_argument("--compile-repetitions", type=int, default=3,
                   metavar="N", help="with --pgo: timed compiles per program "
                   "and variant (default: 3)")
    p.add_argument("--variants", default=None,
                   help="comma-separated subset of plain,pgogen,pathprof,"
                   "shared,atomic,metrics,metrics-sw,context,calls (default: "
                   "plain,pgogen,pathprof) "
                   "(with --pgo: of plain,pgouse,ppweights,ppsuper,"
                   "ppcontext, default: all but ppcontext)")
    p.add_argument("--period", type=int, default=None,
                   help="PATHPROF_METRIC_PERIOD of the sampled metrics "
                   "variants (default: the runtime's)")
    p.add_argument("--accuracy", type=int, default=0, metavar="SEEDS",
                   help="with the metrics variant: the hot-path accuracy "
                   "and interval coverage of SEEDS sampled tsc runs against "
                   "an exact one, per program")
    p.add_argument("--readings", action="store_true",
                   help="with the metrics variant: count each program's "
                   "time-stamp counter readings and add the time they "
                   "alone take (measured per reading) to plain -O2's, the "
                   "floor of any instrumentation that reads the counter "
                   "at every path end")
    p.add_argument("--size", action="append", default=[], metavar="PROG=N",
                   help="override a program's size argument")
    p.add_argument("--keep", action="store_true",
                   help="keep the work directory and print its path")
    return p.parse_args()


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# Workload name -> source file name, filled by programs().
SOURCES = {}


def programs(only):
    for f in os.listdir(BENCH_DIR):
        stem, ext = os.path.splitext(f)
        if ext in (".c", ".cpp"):
            SOURCES[stem] = f
    names = sorted(SOURCES)
    if only:
        unknown = set(only) - set(names)
        if unknown:
            sys.exit("benchmark.py: error: unknown program(s): " +
                     ", ".join(sorted(unknown)))
        names = [n for n in names if n in only]
    return names


def source(prog):
    return os.path.join(BENCH_DIR, SOURCES[prog])


def is_cxx(prog):
    return SOURCES[prog].endswith(".cpp")


def compiler(args, prog):
    """clang-19 or clang++-19, as the workload's language wants."""
    return args.cxx if is_cxx(prog) else args.cc


def build(prog, variant, cmd_template, args, bindir):
    out = os.path.join(bindir, "{}.{}".format(prog, variant))
    cmd = [a.format(cc=compiler(args, prog),
                    wrapper=wrapper_path(args, prog))
           for a in cmd_template]
    cmd += [source(prog), "-o", out]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if r.returncode != 0:
        log("benchmark.py: error: building {} ({}) failed:\n  {}\n{}".format(
            prog, variant, " ".join(cmd), r.stdout))
        return None
    return out


def run_env(profdir):
    env = dict(os.environ)
    env["LLVM_PROFILE_FILE"] = os.path.join(profdir, "bench-%p.profraw")
    env["PATHPROF_FILE"] = os.path.join(profdir, "bench-%p.pathraw")
    return env


def clear(profdir):
    for f in os.listdir(profdir):
        os.unlink(os.path.join(profdir, f))


# "wall" or "cpu" (--timer): what run_once measures; "median" or "min"
# (--statistic): how the interleaved runs of one program and variant
# become one number.
TIMER = "wall"
STATISTIC = "median"


def summarize(times):
    return min(times) if STATISTIC == "min" else statistics.median(times)


def run_once(binary, size, env, profdir):
    r, wall, cpu = measure.run_timed([binary] + ([size] if size else []), env)
    clear(profdir)
    return r, cpu if TIMER == "cpu" else wall


def timer_metric():
    if TIMER == "cpu":
        return STATISTIC + " CPU seconds (user + system of the program's process)"
    return STATISTIC + " wall-clock seconds"


def callgrind_count(binary, size, env, profdir):
    r, count = measure.callgrind_instructions(
        [binary] + ([size] if size else []),
        os.path.join(profdir, "callgrind.out"), env)
    clear(profdir)
    if count is None:
        log("benchmark.py: error: callgrind run of {} failed:\n{}".format(
            binary, r.stderr[-2000:]))
    return count


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(x, digits):
    return "n/a" if x is None else "{:.{}f}".format(x, digits)


def fmt_count(x):
    return "n/a" if x is None else "{:,}".format(int(round(x)))


def print_table(header, rows, markdown):
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(
            ":---" if i == 0 else "---:" for i in range(len(header))) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    widths = [max(len(r[i]) for r in [header] + rows)
              for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i])
                        for i, c in enumerate(row)).rstrip())


def main():
    global TIMER, STATISTIC, PERIOD
    args = parse_args()
    TIMER = args.timer
    STATISTIC = args.statistic
    PERIOD = args.period
    args.build_dir = os.path.abspath(args.build_dir)
    if args.pgo:
        return pgo_main(args)
    chosen = (args.variants or "plain,pgogen,pathprof").split(",")
    variants = [v for v in VARIANTS if v[0] in chosen]
    if not variants or variants[0][0] != "plain":
        sys.exit("benchmark.py: error: --variants must include plain")
    if args.callgrind and not shutil.which("valgrind"):
        sys.exit("benchmark.py: error: valgrind not found")
    sizes = dict(CALLGRIND_SIZES) if args.callgrind else {}
    for s in args.size:
        name, _, value = s.partition("=")
        sizes[name] = value

    work = tempfile.mkdtemp(prefix="pathprof-bench.")
    bindir = os.path.join(work, "bin")
    profdir = os.path.join(work, "profiles")
    os.makedirs(bindir)
    os.makedirs(profdir)
    env = run_env(profdir)
    failed = False

    # Build and check outputs; a variant that fails either is reported as n/a.
    progs = programs(args.only)
    binaries = {}
    for prog in progs:
        expected = None
        for name, _, cmd in variants:
            log("building {} ({})".format(prog, name))
            binary = build(prog, name, cmd, args, bindir)
            if binary is None:
                failed = True
                continue
            r, _ = run_once(binary, sizes.get(prog), variant_env(env, name),
                            profdir)
            if r.returncode != 0:
                log("benchmark.py: error: {} exited with {}:\n{}".format(
                    binary, r.returncode, r.stderr))
                failed = True
                continue
            if name == "plain":
                expected = r.stdout
            elif r.stdout != expected:
                log("benchmark.py: error: {} ({}) printed\n  {}instead of\n"
                    "  {}".format(prog, name, r.stdout, expected))
                failed = True
                continue
            binaries[(prog, name)] = binary

    if args.check:
        log("checked {} of {} builds".format(
            len(binaries), len(progs) * len(variants)))
        shutil.rmtree(work, ignore_errors=True)
        return 1 if failed else 0

    results = {}
    if args.callgrind:
        for prog in progs:
            for name, _, _ in variants:
                if (prog, name) in binaries:
                    log("callgrind {} ({})".format(prog, name))
                    results[(prog, name)] = callgrind_count(
                        binaries[(prog, name)], sizes.get(prog),
                        variant_env(env, name), profdir)
                    failed |= results[(prog, name)] is None
    else:
        samples = {key: [] for key in binaries}
        for rep in range(args.repetitions):
            log("repetition {}/{}".format(rep + 1, args.repetitions))
            for prog in progs:
                for name, _, _ in variants:
                    key = (prog, name)
                    if key in binaries:
                        _, t = run_once(binaries[key], sizes.get(prog),
                                        variant_env(env, name), profdir)
                        samples[key].append(t)
        results = {k: summarize(v) for k, v in samples.items() if v}

    # --readings: the floor of the metrics variant (RDTSC_LOOP).
    floor_cols = []
    if args.readings and "metrics" in [v[0] for v in variants] and \
            not args.callgrind:
        ns = rdtsc_cost(args, work)
        log("one time-stamp counter reading: {:.2f} ns".format(ns))
        for prog in progs:
            key = (prog, "metrics")
            if key in binaries and (prog, "plain") in results:
                n = tsc_readings(args, binaries[key], sizes.get(prog),
                                 variant_env(env, "metrics"), work)
                results[(prog, "readings")] = n / 1e6
                results[(prog, "floor")] = (results[(prog, "plain")] +
                                            n * ns * 1e-9)
        floor_cols = [("readings", "tsc readings (M)"),
                      ("floor", "-O2 + readings (s)")]

    # --accuracy: how well sampled tsc profiles rank hot paths.
    accuracy_cols = []
    if args.accuracy and "metrics" in [v[0] for v in variants]:
        for prog in progs:
            key = (prog, "metrics")
            if key in binaries:
                log("accuracy {}".format(prog))
                acc, cover, bias = metric_accuracy(args, binaries[key],
                                                   sizes.get(prog), env, work,
                                                   args.accuracy)
                results[(prog, "accuracy")] = acc
                results[(prog, "coverage")] = cover
                results[(prog, "bias")] = bias

    names = [v[0] for v in variants]
    unit = "instructions" if args.callgrind else "s"
    header = ["program"] + ["{} ({})".format(v[1], unit) for v in variants]
    ratio_cols = [(n, "plain") for n in names[1:]]
    # Metrics against path counting alone.
    if "pathprof" in names:
        ratio_cols += [(n, "pathprof") for n in names
                       if n.startswith("metrics")]
    if "pathprof" in names and "pgogen" in names:
        ratio_cols.append(("pathprof", "pgogen"))
    if "shared" in names and "pathprof" in names:
        ratio_cols.append(("pathprof", "shared"))
    if "atomic" in names and "pathprof" in names:
        ratio_cols.append(("atomic", "pathprof"))
    titles = dict((v[0], v[1]) for v in variants)
    titles.update(floor_cols)
    if floor_cols:
        header += [t for _, t in floor_cols]
        names += [n for n, _ in floor_cols]
        ratio_cols.append(("floor", "plain"))
    header += ["{} / {}".format(titles[a], titles[b]) for a, b in ratio_cols]
    if args.accuracy:
        accuracy_cols = ["accuracy", "coverage", "bias"]
        header += ["tsc hot-path accuracy", "tsc interval coverage",
                   "tsc sampled total / exact total"]

    rows = []
    for prog in progs:
        row = [prog]
        for n in names:
            value = results.get((prog, n))
            row.append(fmt_count(value) if args.callgrind else fmt(value, 3))
        for a, b in ratio_cols:
            row.append(fmt(ratio(results.get((prog, a)),
                                 results.get((prog, b))), 2))
        for n in accuracy_cols:
            row.append(fmt(results.get((prog, n)), 3))
        rows.append(row)
    geo = ["geomean"]
    for n in names:
        g = geomean([results.get((p, n)) for p in progs])
        geo.append(fmt_count(g) if args.callgrind else fmt(g, 3))
    for a, b in ratio_cols:
        geo.append(fmt(geomean([ratio(results.get((p, a)),
                                      results.get((p, b))) for p in progs]),
                       2))
    for n in accuracy_cols:
        geo.append(fmt(geomean([results.get((p, n)) for p in progs]), 3))
    rows.append(geo)

    if args.markdown:
        print_provenance(args)
        if args.callgrind:
            print("Metric: instructions executed under callgrind, one run "
                  "each, reduced input sizes.\n")
        else:
            print("Metric: {} of {} interleaved runs.\n".format(
                timer_metric(), args.repetitions))
    print_table(header, rows, args.markdown)

    if args.keep:
        log("work directory: " + work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


def print_provenance(args):
    cmd = " ".join(["python3", "utils/benchmark.py"] + sys.argv[1:])
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"model name\s*:\s*(.*)", f.read())
            cpu = m.group(1).strip() if m else cpu
    except OSError:
        pass
    cc = subprocess.run([args.cc, "--version"], stdout=subprocess.PIPE,
                        universal_newlines=True).stdout.split("\n")[0]
    print("Command: `{}`  ".format(cmd))
    print("Machine: {}, {} CPUs; compiler: {}  ".format(
        cpu, os.cpu_count(), cc))


# ---------------------------------------------------------------------------
# --pgo: profile-guided rebuilds.
# ---------------------------------------------------------------------------


class PgoError(Exception):
    pass


def capture(cmd, env=None, cwd=None):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=env, cwd=cwd, universal_newlines=True)


def checked(cmd, what, env=None, cwd=None):
    r = capture(cmd, env=env, cwd=cwd)
    if r.returncode != 0:
        raise PgoError("{} failed (exit status {}):\n  {}\n{}{}".format(
            what, r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def wrapper_path(args, prog):
    return os.path.join(args.build_dir, "bin", "pathprof-clang++"
                        if is_cxx(prog) else "pathprof-clang")


def expand_wrapper(args, prog, argv):
    """The clang-19 command pathprof-clang runs for argv, so that compile
    times measure the compiler, not the wrapper script."""
    env = dict(os.environ, PATHPROF_CLANG_ECHO="1")
    r = checked([wrapper_path(args, prog)] + argv, "pathprof-clang",
                env=env)
    return shlex.split(r.stdout)


def train(args, prog, kind, work, train_args, expected):
    """Builds prog instrumented for kind ("clang", "pathprof" or
    "pathprof-context"), runs it on train_args and returns the merged
    profile's path."""
    src = source(prog)
    tdir = os.path.join(work, "train-{}-{}".format(prog, kind))
    os.makedirs(tdir)
    binary = os.path.join(tdir, prog)
    if kind == "clang":
        checked([compiler(args, prog), "-O2", "-fprofile-generate", src,
                 "-o", binary],
                "building {} with -fprofile-generate".format(prog))
    else:
        flags = ["-fprofile-path-generate"]
        if kind == "pathprof-context":
            flags.append("-fprofile-path-context")
        checked([wrapper_path(args, prog), "-O2"] + flags + [src, "-o",
                                                              binary],
                "building {} with {}".format(prog, " ".join(flags)))
    env = dict(os.environ)
    env["LLVM_PROFILE_FILE"] = os.path.join(tdir, "train-%p.profraw")
    env["PATHPROF_FILE"] = os.path.join(tdir, "train-%p.pathraw")
    r = checked([binary] + train_args, "training run of " + binary,
                env=env, cwd=tdir)
    if r.stdout != expected:
        raise PgoError("{} printed\n  {}on its training input instead of\n"
                       "  {}".format(binary, r.stdout, expected))
    ext = ".profraw" if kind == "clang" else ".pathraw"
    raws = sorted(os.path.join(tdir, f) for f in os.listdir(tdir)
                  if f.endswith(ext))
    if not raws:
        raise PgoError("the training run of {} wrote no {} file".format(
            binary, ext))
    if kind == "clang":
        out = os.path.join(work, prog + ".profdata")
        checked([args.llvm_profdata, "merge", "-o", out] + raws,
                "llvm-profdata merge")
    else:
        out = os.path.join(work, "{}.{}.pathprof".format(prog, kind))
        checked([os.path.join(args.build_dir, "bin", "llvm-pathprof"),
                 "merge", "-o", out] + raws, "llvm-pathprof merge")
    return out


def pgo_compile_command(args, prog, variant, profiles, obj):
    tail = ["-c", source(prog), "-o", obj]
    cc = compiler(args, prog)
    if variant == "plain":
        return [cc, "-O2"] + tail
    if variant == "pgouse":
        return [cc, "-O2", "-fprofile-use=" + profiles["clang"]] + tail
    kind = "pathprof-context" if variant == "ppcontext" else "pathprof"
    use = ["-O2", "-fprofile-path-use=" + profiles[kind]]
    if variant == "ppweights":
        use += ["-mllvm", "-pathprof-superblocks=false"]
    return expand_wrapper(args, prog, use + tail)


def text_bytes(args, obj):
    """Bytes in the object's .text* sections (hot/cold splitting and
    profile-guided section prefixes make several)."""
    r = checked([args.llvm_size, "-A", obj], "llvm-size")
    total = 0
    for line in r.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0].startswith(".text"):
            total += int(fields[1])
    return total


def superblock_remarks(cmd):
    """(formed, refused, decided) from the superblock remarks of one more
    compile of cmd: decided is the branches the formed superblocks' copies
    decide, the correlated tests a path profile knows and an edge profile
    does not."""
    out = cmd.index("-o")
    cmd = cmd[:out] + ["-o", os.devnull] + cmd[out + 2:] + [
        "-Rpass=pathprof-superblock", "-Rpass-missed=pathprof-superblock"]
    r = capture(cmd)
    if r.returncode != 0:
        return None
    decided = sum(int(n) for n in re.findall(
        r"the copy decides (\d+) branch", r.stderr))
    return (r.stderr.count("[-Rpass=pathprof-superblock]"),
            r.stderr.count("[-Rpass-missed=pathprof-superblock]"), decided)


def promotion_remarks(cmd):
    """Indirect calls promoted (remarks of LLVM's indirect-call promotion)
    in one more compile of cmd."""
    out = cmd.index("-o")
    cmd = cmd[:out] + ["-o", os.devnull] + cmd[out + 2:] + [
        "-Rpass=pgo-icall-prom"]
    r = capture(cmd)
    if r.returncode != 0:
        return None
    return r.stderr.count("[-Rpass=pgo-icall-prom]")


def pgo_main(args):
    titles = dict(PGO_VARIANTS)
    chosen = (args.variants or ",".join(PGO_DEFAULT)).split(",")
    unknown = [v for v in chosen if v not in titles]
    if unknown:
        sys.exit("benchmark.py: error: unknown --pgo variant(s): " +
                 ", ".join(unknown))
    names = [v for v, _ in PGO_VARIANTS if v in chosen]
    if not names or names[0] != "plain":
        sys.exit("benchmark.py: error: --variants must include plain")
    if args.callgrind and not shutil.which("valgrind"):
        sys.exit("benchmark.py: error: valgrind not found")
    sizes = dict(CALLGRIND_SIZES) if args.callgrind else {}
    for s in args.size:
        name, _, value = s.partition("=")
        sizes[name] = value
    train_args = dict(TRAIN_ARGS)
    for s in args.train:
        name, _, value = s.partition("=")
        if name not in train_args or not value:
            sys.exit("benchmark.py: error: --train wants PROG=N[,SEED] with "
                     "a known PROG, not '{}'".format(s))
        train_args[name] = value.split(",")

    work = tempfile.mkdtemp(prefix="pathprof-bench.")
    bindir = os.path.join(work, "bin")
    profdir = os.path.join(work, "profiles")
    os.makedirs(bindir)
    os.makedirs(profdir)
    env = run_env(profdir)
    failed = False
    progs = programs(args.only)

    # Train, build and check. A variant that fails is reported as n/a.
    commands, binaries, text, remarks, promoted = {}, {}, {}, {}, {}
    for prog in progs:
        plain_bin = os.path.join(bindir, prog + ".reference")
        try:
            checked([compiler(args, prog), "-O2", source(prog), "-o",
                     plain_bin],
                    "building " + prog)
            train_out = checked([plain_bin] + train_args[prog],
                                "training run of " + plain_bin).stdout
            test_out = checked([plain_bin] + ([sizes[prog]] if prog in sizes
                                              else []),
                               "test run of " + plain_bin).stdout
        except PgoError as e:
            log("benchmark.py: error: " + str(e))
            failed = True
            continue
        profiles = {}
        for kind, needed_by in (("clang", ["pgouse"]),
                                ("pathprof", ["ppweights", "ppsuper"]),
                                ("pathprof-context", ["ppcontext"])):
            if not any(v in names for v in needed_by):
                continue
            log("training {} ({})".format(prog, kind))
            try:
                profiles[kind] = train(args, prog, kind, work,
                                       train_args[prog], train_out)
            except PgoError as e:
                log("benchmark.py: error: " + str(e))
                failed = True
        for variant in names:
            if variant == "pgouse" and "clang" not in profiles:
                continue
            if variant in ("ppweights", "ppsuper") and \
                    "pathprof" not in profiles:
                continue
            if variant == "ppcontext" and "pathprof-context" not in profiles:
                continue
            log("building {} ({})".format(prog, variant))
            obj = os.path.join(bindir, "{}.{}.o".format(prog, variant))
            binary = os.path.join(bindir, "{}.{}".format(prog, variant))
            try:
                cmd = pgo_compile_command(args, prog, variant, profiles, obj)
                r = checked(cmd, "compiling {} ({})".format(prog, variant))
                if r.stderr:
                    log(r.stderr.rstrip())
                checked([compiler(args, prog), obj, "-o", binary],
                        "linking {} ({})".format(prog, variant))
                r, _ = run_once(binary, sizes.get(prog), env, profdir)
                if r.returncode != 0:
                    raise PgoError("{} exited with {}:\n{}".format(
                        binary, r.returncode, r.stderr))
                if r.stdout != test_out:
                    raise PgoError("{} ({}) printed\n  {}instead of\n  {}"
                                   .format(prog, variant, r.stdout, test_out))
                text[(prog, variant)] = text_bytes(args, obj)
            except PgoError as e:
                log("benchmark.py: error: " + str(e))
                failed = True
                continue
            commands[(prog, variant)] = cmd
            binaries[(prog, variant)] = binary
            if variant == "ppsuper":
                remarks[prog] = superblock_remarks(cmd)
            if variant == "ppcontext":
                promoted[prog] = promotion_remarks(cmd)

    # Compile times, interleaved like the runs; the compiles above warmed the
    # caches.
    compile_times = {key: [] for key in commands}
    for rep in range(args.compile_repetitions):
        log("compile repetition {}/{}".format(rep + 1,
                                              args.compile_repetitions))
        for prog in progs:
            for variant in names:
                key = (prog, variant)
                if key in commands:
                    start = time.perf_counter()
                    capture(commands[key])
                    compile_times[key].append(time.perf_counter() - start)
    compile_med = {k: summarize(v) for k, v in compile_times.items()
                   if v}

    results = {}
    if args.callgrind:
        for prog in progs:
            for variant in names:
                if (prog, variant) in binaries:
                    log("callgrind {} ({})".format(prog, variant))
                    results[(prog, variant)] = callgrind_count(
                        binaries[(prog, variant)], sizes.get(prog), env,
                        profdir)
                    failed |= results[(prog, variant)] is None
    else:
        samples = {key: [] for key in binaries}
        for rep in range(args.repetitions):
            log("repetition {}/{}".format(rep + 1, args.repetitions))
            for prog in progs:
                for variant in names:
                    key = (prog, variant)
                    if key in binaries:
                        _, t = run_once(binaries[key], sizes.get(prog), env,
                                        profdir)
                        samples[key].append(t)
        results = {k: summarize(v) for k, v in samples.items() if v}

    # Ratios: every profile-guided build against -O2, PathProf's against
    # -fprofile-use.
    ratio_cols = [(n, "plain") for n in names[1:]]
    if "pgouse" in names:
        ratio_cols += [(n, "pgouse") for n in names if n.startswith("pp")]

    def table(values, unit, formatter, extras=()):
        header = ["program"] + ["{} ({})".format(titles[n], unit)
                                for n in names]
        header += ["{} / {}".format(titles[a], titles[b])
                   for a, b in ratio_cols]
        header += [title for title, _ in extras]
        rows = []
        for prog in progs:
            row = [prog] + [formatter(values.get((prog, n))) for n in names]
            row += [fmt(ratio(values.get((prog, a)), values.get((prog, b))),
                        2) for a, b in ratio_cols]
            row += [cell(prog) for _, cell in extras]
            rows.append(row)
        geo = ["geomean"]
        geo += [formatter(geomean([values.get((p, n)) for p in progs]))
                for n in names]
        geo += [fmt(geomean([ratio(values.get((p, a)), values.get((p, b)))
                             for p in progs]), 2) for a, b in ratio_cols]
        geo += [""] * len(extras)
        rows.append(geo)
        print_table(header, rows, args.markdown)

    def wins(a, b):
        rs = [ratio(results.get((p, a)), results.get((p, b))) for p in progs]
        rs = [r for r in rs if r is not None]
        return sum(1 for r in rs if r < 1.0), len(rs)

    if args.markdown:
        print_provenance(args)
        if args.callgrind:
            print("Metric: instructions executed under callgrind on the test "
                  "input (reduced sizes), one run each.\n")
        else:
            print("Metric: {} of {} interleaved runs on the test input."
                  "\n".format(timer_metric(), args.repetitions))
    if args.callgrind:
        table(results, "instructions", fmt_count)
    else:
        table(results, "s", lambda x: fmt(x, 3))
    print()
    for a, b in ratio_cols:
        if b == "pgouse":
            won, total = wins(a, b)
            g = geomean([ratio(results.get((p, a)), results.get((p, b)))
                         for p in progs])
            print("{} against {}: geomean {}, faster on {} of {} "
                  "programs.{}".format(titles[a], titles[b], fmt(g, 3), won,
                                       total, "  " if args.markdown else ""))
    print()
    if args.markdown:
        print("Code size: bytes in the `.text*` sections of each program's "
              "object file; superblocks: remarks of the superblock build "
              "(formed / refused); decided: the branches their copies "
              "decide (correlated with a test earlier on the path); "
              "promoted: indirect calls the context build promoted "
              "(remarks).\n")

    def remark_cell(prog):
        r = remarks.get(prog)
        return "n/a" if r is None else "{} / {}".format(*r[:2])

    def decided_cell(prog):
        r = remarks.get(prog)
        return "n/a" if r is None else str(r[2])

    def promoted_cell(prog):
        r = promoted.get(prog)
        return "n/a" if r is None else str(r)

    extras = []
    if "ppsuper" in names:
        extras.append(("superblocks formed / refused", remark_cell))
        extras.append(("branches decided", decided_cell))
    if "ppcontext" in names:
        extras.append(("indirect calls promoted", promoted_cell))
    table(text, "bytes", fmt_count, extras)
    print()
    if args.markdown:
        print("Compile time: median seconds of {} interleaved compiles "
              "(`-c`, no link) of each program.\n".format(
                  args.compile_repetitions))
    table(compile_med, "s", lambda x: fmt(x, 3))

    if args.keep:
        log("work directory: " + work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
