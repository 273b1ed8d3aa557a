#!/usr/bin/env python3
# ===- utils/thread-counts.py - Counts lost by racing threads -------------===#
#
# Compares PathProf's counter modes when threads run the same code: the
# default (a counter slice per thread, plain adds), shared (one slice, plain
# adds: -mllvm -pathprof-counters=shared) and atomic (one slice, atomic adds:
# -fprofile-update=atomic). A small program, built each way with the wrapper
# driver, runs T threads that each call a function of one path N times, all
# on the same counter; the script reads the raw profile with llvm-pathprof
# and prints, per mode and thread count, the expected and the counted number
# of paths, the share lost, and the median wall and CPU time of R runs. With
# --callgrind it also counts the instructions of a one-thread run of each
# mode under valgrind. docs/Benchmarks.md ("Threads") has the results.
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PROGRAM = r"""
#include <pthread.h>
#include <stdlib.h>

static volatile int Sink;

/* One path: every call ends it, on the same counter. */
__attribute__((noinline)) void hammer(void) { Sink = 1; }

static long Iterations;

static void *run(void *Arg) {
  (void)Arg;
  for (long I = 0; I < Iterations; ++I)
    hammer();
  return 0;
}

int main(int Argc, char **Argv) {
  int Threads = atoi(Argv[1]);
  Iterations = atol(Argv[2]);
  pthread_t T[64];
  for (int I = 0; I < Threads; ++I)
    pthread_create(&T[I], 0, run, 0);
  for (int I = 0; I < Threads; ++I)
    pthread_join(T[I], 0);
  return 0;
}
"""

MODES = [("slices (default)", []),
         ("shared", ["-mllvm", "-pathprof-counters=shared"]),
         ("atomic", ["-fprofile-update=atomic"])]


def callgrind_instructions(exe, argv, env):
    """Instructions the program executes, from callgrind's summary."""
    out = subprocess.run(["valgrind", "--tool=callgrind",
                          "--callgrind-out-file=/dev/null", exe] + argv,
                         env=env, check=True, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True).stderr
    for line in out.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    sys.exit("thread-counts.py: error: no instruction count from valgrind")


def main():
    p = argparse.ArgumentParser(description="Counts and cost of PathProf's "
                                "counter modes with threads racing on one "
                                "path counter.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("-t", "--threads", default="1,2,8",
                   help="comma-separated thread counts (default: "
                   "%(default)s)")
    p.add_argument("-n", "--iterations", type=int, default=1000000,
                   help="calls per thread (default: %(default)s)")
    p.add_argument("-r", "--runs", type=int, default=5,
                   help="runs per mode (default: %(default)s)")
    p.add_argument("--callgrind", action="store_true",
                   help="also count the instructions of one thread")
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
    thread_counts = [int(t) for t in args.threads.split(",")]
    bindir = os.path.join(os.path.abspath(args.build_dir), "bin")
    work = tempfile.mkdtemp(prefix="pathprof-threads.")
    rows = []
    instructions = []
    try:
        src = os.path.join(work, "hammer.c")
        with open(src, "w") as f:
            f.write(PROGRAM)
        exes = []
        for i, (mode, flags) in enumerate(MODES):
            exe = os.path.join(work, "hammer.%d" % i)
            subprocess.run([os.path.join(bindir, "pathprof-clang"), "-O2",
                            "-pthread", "-fprofile-path-generate"] + flags +
                           [src, "-o", exe], check=True)
            exes.append(exe)
        raw = os.path.join(work, "run.pathraw")
        env = dict(os.environ, PATHPROF_FILE=raw)
        for threads in thread_counts:
            expected = threads * args.iterations
            samples = [([], [], []) for _ in MODES]
            # Interleaved, so that the machine's load falls on every mode.
            for _ in range(args.runs):
                for exe, (counted, walls, cpus) in zip(exes, samples):
                    before = os.times()
                    start = time.perf_counter()
                    subprocess.run([exe, str(threads), str(args.iterations)],
                                   env=env, check=True)
                    walls.append(time.perf_counter() - start)
                    after = os.times()
                    cpus.append(after.children_user - before.children_user +
                                after.children_system -
                                before.children_system)
                    out = subprocess.run(
                        [os.path.join(bindir, "llvm-pathprof"), "show",
                         "--json", raw], check=True,
                        stdout=subprocess.PIPE).stdout
                    fn = [f for f in json.loads(out)["functions"]
                          if f["name"] == "hammer"][0]
                    counted.append(fn["total_count"])
                    os.unlink(raw)
            for (mode, _), (counted, walls, cpus) in zip(MODES, samples):
                lost = [(expected - c) / expected * 100 for c in counted]
                rows.append((mode, threads, expected, min(counted),
                             max(counted), statistics.median(lost),
                             statistics.median(walls),
                             statistics.median(cpus)))
        if args.callgrind:
            for exe, (mode, _) in zip(exes, MODES):
                instructions.append((mode, callgrind_instructions(
                    exe, ["1", str(args.iterations)], env)))
                os.unlink(raw)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    header = ["mode", "threads", "expected", "counted (min)", "counted (max)",
              "lost (median)", "wall (median s)", "CPU (median s)"]
    cells = [[m, str(t), "{:,}".format(e), "{:,}".format(lo),
              "{:,}".format(hi), "{:.2f}%".format(l), "{:.3f}".format(w),
              "{:.3f}".format(c)]
             for m, t, e, lo, hi, l, w, c in rows]
    base = instructions[0][1] if instructions else 0
    icells = [[m, "{:,}".format(n), "{:.3f}".format(n / base)]
              for m, n in instructions]
    iheader = ["mode", "instructions (1 thread)", "/ slices"]
    if args.markdown:
        print("Command: `python3 utils/thread-counts.py {}`  ".format(
            " ".join(sys.argv[1:])))
        print("Machine: {} CPUs; {:,} calls per thread, {} runs per mode.\n"
              .format(os.cpu_count(), args.iterations, args.runs))
        for h, body in [(header, cells), (iheader, icells)]:
            if not body:
                continue
            print("| " + " | ".join(h) + " |")
            print("|:---|" + "---:|" * (len(h) - 1))
            for c in body:
                print("| " + " | ".join(c) + " |")
            print()
    else:
        for h, body in [(header, cells), (iheader, icells)]:
            for c in [h] + body:
                print("  ".join(x.rjust(16) for x in c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
