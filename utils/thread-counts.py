#!/usr/bin/env python3
# ===- utils/thread-counts.py - Counts lost by racing threads -------------===#
#
# Measures what PathProf's fast mode (plain counter updates, the default)
# loses when threads race on one counter, and what exact mode
# (-fprofile-update=atomic) costs then. A small program, built both ways with
# the wrapper driver, runs T threads that each call a function of one path N
# times, all on the same counter; the script reads the raw profile with
# llvm-pathprof and prints, per mode, the expected and the counted number of
# paths, the share lost, and the median wall time of R runs. docs/Benchmarks.md
# ("Threads: fast and exact counters") has the results.
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

MODES = [("fast", []), ("exact", ["-fprofile-update=atomic"])]


def main():
    p = argparse.ArgumentParser(description="Counts lost by threads racing "
                                "on one path counter, fast vs exact mode.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("-t", "--threads", type=int, default=8)
    p.add_argument("-n", "--iterations", type=int, default=1000000,
                   help="calls per thread (default: %(default)s)")
    p.add_argument("-r", "--runs", type=int, default=5,
                   help="runs per mode (default: %(default)s)")
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
    bindir = os.path.join(os.path.abspath(args.build_dir), "bin")
    work = tempfile.mkdtemp(prefix="pathprof-threads.")
    try:
        src = os.path.join(work, "hammer.c")
        with open(src, "w") as f:
            f.write(PROGRAM)
        expected = args.threads * args.iterations
        rows = []
        for mode, flags in MODES:
            exe = os.path.join(work, "hammer." + mode)
            subprocess.run([os.path.join(bindir, "pathprof-clang"), "-O2",
                            "-pthread", "-fprofile-path-generate"] + flags +
                           [src, "-o", exe], check=True)
            counted, times = [], []
            for _ in range(args.runs):
                raw = os.path.join(work, mode + ".pathraw")
                env = dict(os.environ, PATHPROF_FILE=raw)
                start = time.perf_counter()
                subprocess.run([exe, str(args.threads), str(args.iterations)],
                               env=env, check=True)
                times.append(time.perf_counter() - start)
                out = subprocess.run(
                    [os.path.join(bindir, "llvm-pathprof"), "show", "--json",
                     raw], check=True, stdout=subprocess.PIPE).stdout
                fn = [f for f in json.loads(out)["functions"]
                      if f["name"] == "hammer"][0]
                counted.append(fn["total_count"])
                os.unlink(raw)
            lost = [(expected - c) / expected * 100 for c in counted]
            rows.append((mode, expected, min(counted), max(counted),
                         statistics.median(lost), statistics.median(times)))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    header = ["mode", "expected", "counted (min)", "counted (max)",
              "lost (median)", "time (median s)"]
    cells = [[m, "{:,}".format(e), "{:,}".format(lo), "{:,}".format(hi),
              "{:.1f}%".format(l), "{:.3f}".format(t)]
             for m, e, lo, hi, l, t in rows]
    if args.markdown:
        print("Command: `python3 utils/thread-counts.py {}`  ".format(
            " ".join(sys.argv[1:])))
        print("Machine: {} CPUs; {} threads x {:,} calls, {} runs per mode.\n"
              .format(os.cpu_count(), args.threads, args.iterations,
                      args.runs))
        print("| " + " | ".join(header) + " |")
        print("|:---|" + "---:|" * (len(header) - 1))
        for c in cells:
            print("| " + " | ".join(c) + " |")
    else:
        for c in [header] + cells:
            print("  ".join(x.rjust(16) for x in c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
