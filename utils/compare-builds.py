#!/usr/bin/env python3
# ===- utils/compare-builds.py - before and after of a profile-guided build -===#
#
# Compares builds of one program on one input, the first build being the
# baseline: the instructions each executes under callgrind (when valgrind is
# installed; the same from run to run), and the median CPU time of
# interleaved runs (round-robin over the builds, so that whatever else the
# machine does falls on all of them alike). Every build must print the same.
# utils/run-example.sh prints this as the README example's figure.
#
# Usage: compare-builds.py --build NAME=BINARY [--build NAME=BINARY ...]
#            [--runs N] [--instructions-args "ARGS"] [--time-args "ARGS"]
#
# ===----------------------------------------------------------------------===#
import argparse
import os
import shlex
import shutil
import statistics
import sys
import tempfile

import measure


def main():
    parser = argparse.ArgumentParser(
        description="Before and after of a profile-guided build.")
    parser.add_argument("--build", action="append", required=True,
                        metavar="NAME=BINARY", help="a build; the first is the baseline")
    parser.add_argument("--runs", type=int, default=7,
                        help="timed runs of each build (default 7)")
    parser.add_argument("--instructions-args", default="",
                        help="the program's arguments under callgrind")
    parser.add_argument("--time-args", default="",
                        help="the program's arguments for the timed runs")
    args = parser.parse_args()
    builds = []
    for spec in args.build:
        name, sep, binary = spec.partition("=")
        if not sep or not os.access(binary, os.X_OK):
            sys.exit("compare-builds.py: error: --build {}: expected "
                     "NAME=BINARY with an executable BINARY".format(spec))
        builds.append((name, binary))
    width = max(len(name) for name, _ in builds) + 1

    def report(what, values, fmt):
        base = values[0]
        print(what)
        for (name, _), value in zip(builds, values):
            print("  {:<{}} {}  ({:.3f}x {})".format(
                name + ":", width, fmt(value), value / base, builds[0][0]))

    if shutil.which("valgrind"):
        counts = []
        with tempfile.TemporaryDirectory() as tmp:
            for name, binary in builds:
                r, count = measure.callgrind_instructions(
                    [binary] + shlex.split(args.instructions_args),
                    os.path.join(tmp, "callgrind.out"))
                if count is None:
                    sys.exit("compare-builds.py: error: {} failed under "
                             "callgrind:\n{}".format(binary, r.stderr[-2000:]))
                counts.append(count)
        report("Instructions executed (callgrind, args: {}):".format(
            args.instructions_args), counts, "{:>14,}".format)
    else:
        print("Instructions: valgrind is not installed, not counted")

    times = {binary: [] for _, binary in builds}
    outputs = {}
    for _ in range(args.runs):
        for name, binary in builds:
            r, _, cpu = measure.run_timed(
                [binary] + shlex.split(args.time_args))
            if r.returncode != 0:
                sys.exit("compare-builds.py: error: {} exited with {}".format(
                    binary, r.returncode))
            outputs.setdefault(r.stdout, name)
            times[binary].append(cpu)
    if len(outputs) != 1:
        sys.exit("compare-builds.py: error: the builds print different "
                 "outputs ({})".format(", ".join(outputs.values())))
    report("CPU time, median of {} interleaved runs (args: {}):".format(
        args.runs, args.time_args),
        [statistics.median(times[binary]) for _, binary in builds],
        "{:>10.3f} s".format)


if __name__ == "__main__":
    main()
