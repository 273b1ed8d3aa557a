#!/usr/bin/env python3
# ===- utils/branch-sampler-cost.py - what pathprof-branch-sampler costs ---===#
#
# Builds a few workloads of utils/bench/ with clang-19 -O2, at inputs of about
# 10 million instructions (and one larger), and measures, as the CPU time (user + system) of
# the process tree, each run natively, under plain qemu-x86_64, and under
# pathprof-branch-sampler at its default period (10000) and at --period=1
# --depth=1 (every taken branch printed, to /dev/null). The instructions and
# taken branches come from the generator's summary line. Prints one table
# row per workload with the slowdowns against the native run and the taken
# branches traced per second.
#
# Then the alternative docs/Sampling.md rejects: a ptrace tracer. A small C
# helper single-steps the first workload at its smallest input (argument 1)
# to the end (PTRACE_SINGLESTEP) and block-steps it (PTRACE_SINGLEBLOCK,
# x86's BTF: one stop per taken branch where the CPU, or the hypervisor,
# honours it), and prints stops per second and how many block stops there
# were per single-step stop: about 1 when BTF is not there (each block is
# one instruction), about the taken branches per instruction (0.1 to 0.2)
# when it is.
#
#   python3 utils/branch-sampler-cost.py [--build-dir build] [--repeat 5]
#
# ===----------------------------------------------------------------------===#

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

# About 10 million instructions each, and one of 270 million, which shows
# the cost per instruction once QEMU's start (about 0.15 s) no longer counts.
WORKLOADS = [("interp.c", "45"), ("sort.c", "6000"), ("hashtab.c", "12000"),
             ("lz.c", "64"), ("interp.c", "450")]

PTRACE_HELPER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
  int Request = atoi(argv[1]) ? PTRACE_SINGLEBLOCK : PTRACE_SINGLESTEP;
  long Limit = atol(argv[2]), Stops = 0;
  pid_t Child = fork();
  if (Child == 0) {
    ptrace(PTRACE_TRACEME, 0, 0, 0);
    execv(argv[3], argv + 3);
    _exit(127);
  }
  int Status;
  waitpid(Child, &Status, 0);
  struct timespec Start, End;
  clock_gettime(CLOCK_MONOTONIC, &Start);
  while (Stops < Limit) {
    if (ptrace(Request, Child, 0, 0) != 0)
      return 1;
    waitpid(Child, &Status, 0);
    if (WIFEXITED(Status))
      break;
    ++Stops;
  }
  clock_gettime(CLOCK_MONOTONIC, &End);
  kill(Child, SIGKILL);
  double Seconds =
      (End.tv_sec - Start.tv_sec) + (End.tv_nsec - Start.tv_nsec) * 1e-9;
  printf("%ld %f\n", Stops, Seconds);
  return 0;
}
"""


def cpu_time(cmd, stdout=subprocess.DEVNULL):
    """Runs cmd; returns the CPU time of it and its children, in seconds."""
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("branch-sampler-cost.py: error: %s failed" % " ".join(cmd))
    return usage.ru_utime + usage.ru_stime


def median_time(cmd, repeat):
    return statistics.median(cpu_time(cmd) for _ in range(repeat))


def main():
    parser = argparse.ArgumentParser(
        description="What pathprof-branch-sampler costs")
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ptrace-stops", type=int, default=2000000)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sampler = os.path.join(os.path.abspath(args.build_dir), "bin",
                           "pathprof-branch-sampler")
    with tempfile.TemporaryDirectory() as tmp:
        print("| workload | instructions | taken branches | native s | "
              "qemu-x86_64 | sampler, period 10000 | sampler, period 1 | "
              "taken branches/s (period 10000) |")
        print("|:---|---:|---:|---:|---:|---:|---:|---:|")
        first = None
        for source, arg in WORKLOADS:
            exe = os.path.join(tmp, source.split(".")[0] + arg)
            subprocess.run(["clang-19", "-O2",
                            os.path.join(root, "utils", "bench", source),
                            "-o", exe], check=True)
            first = first or (exe, arg)
            out = os.path.join(tmp, "perf.script")
            subprocess.run([sampler, "-o", out, exe, arg], check=True,
                           stdout=subprocess.DEVNULL)
            with open(out) as f:
                summary = re.search(r"(\d+) instructions, (\d+) taken branches",
                                    f.read())
            insns, taken = int(summary.group(1)), int(summary.group(2))
            native = median_time([exe, arg], args.repeat)
            qemu = median_time(["qemu-x86_64", exe, arg], args.repeat)
            sampled = median_time([sampler, "-o", out, exe, arg], args.repeat)
            every = median_time([sampler, "--period=1", "--depth=1", "-o",
                                 "/dev/null", exe, arg], args.repeat)
            print("| %s %s | %.1f M | %.2f M | %.3f | %.3f s (%.1fx) | "
                  "%.3f s (%.1fx) | %.3f s (%.1fx) | %.0f M |" %
                  (source, arg, insns / 1e6, taken / 1e6, native, qemu,
                   qemu / native, sampled, sampled / native, every,
                   every / native, taken / sampled / 1e6))

        helper = os.path.join(tmp, "ptrace-step")
        with open(helper + ".c", "w") as f:
            f.write(PTRACE_HELPER)
        subprocess.run(["clang-19", "-O2", helper + ".c", "-o", helper],
                       check=True)
        exe = first[0]
        rates = {}
        for name, block in (("PTRACE_SINGLESTEP", "0"),
                            ("PTRACE_SINGLEBLOCK", "1")):
            out = subprocess.run([helper, block, str(args.ptrace_stops), exe,
                                  "1"], check=True, capture_output=True,
                                 text=True).stdout.split()[-2:]
            stops, seconds = int(out[0]), float(out[1])
            rates[name] = stops
            print("%s on %s: %d stops in %.2f s, %.0f stops/s" %
                  (name, os.path.basename(exe), stops, seconds,
                   stops / seconds))
        ratio = rates["PTRACE_SINGLEBLOCK"] / rates["PTRACE_SINGLESTEP"]
        print("PTRACE_SINGLEBLOCK stops per PTRACE_SINGLESTEP stop: %.3f "
              "(%s)" % (ratio, "BTF works: one stop per taken branch"
                        if ratio < 0.5 else
                        "no BTF here: one stop per instruction"))


if __name__ == "__main__":
    main()
