#!/usr/bin/env python3
# ===- utils/use-compile-cost.py - Compile time of profile-use rebuilds ---===#
#
# What -fprofile-path-use costs a build against clang's -fprofile-use: every
# translation unit of a project's compilation database (compile_commands.json)
# is compiled (-c, no link) with -fprofile-use=PROFDATA and with
# -fprofile-path-use=PATHPROF, the two profiles of the same training run, and,
# with --baseline-build-dir, with -fprofile-path-use through a second PathProf
# build (the tree before a change). One translation unit after another, each
# variant in turn, R times, so that the load of a shared machine falls on every
# variant alike. The PathProf commands are the clang-19 commands
# build/bin/pathprof-clang runs (PATHPROF_CLANG_ECHO), so the wrapper script
# itself is not timed. Compile time is the compiler's CPU time (user + system).
# Prints the total per variant, the ratio against -fprofile-use, and with
# --analysis-time also the time clang's -ftime-report gives the analysis that
# reads the path profile (PathProfileAnalysis), per translation unit.
# docs/Benchmarks.md ("Compile time of profile-use builds") has the results.
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

import measure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(msg):
    sys.exit("use-compile-cost.py: error: " + msg)


def check(cmd, r):
    if r.returncode != 0:
        fail("{} failed:\n{}".format(" ".join(cmd), r.stderr))
    return r.stdout


def base_arguments(entry, obj):
    """The entry's compile command without the compiler, its output and its
    dependency files, writing obj instead."""
    args = entry.get("arguments") or shlex.split(entry["command"])
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MJ", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-MD", "-MMD", "-MP") or a.startswith(("-MF", "-MJ", "-o")):
            continue
        out.append(a)
    return out + ["-o", obj]


def pathprof_command(build_dir, args, cwd, profile, cxx):
    wrapper = os.path.join(build_dir, "bin",
                           "pathprof-clang++" if cxx else "pathprof-clang")
    env = dict(os.environ, PATHPROF_CLANG_ECHO="1")
    cmd = [wrapper, "-fprofile-path-use=" + profile] + args
    r = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    return shlex.split(check(cmd, r))


def analysis_seconds(cmd, cwd):
    """Wall time -ftime-report gives PathProfileAnalysis in one compile."""
    r = subprocess.run(cmd + ["-ftime-report"], cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    check(cmd, r)
    total = 0.0
    for line in r.stderr.splitlines():
        if "PathProfileAnalysis" in line:
            # The columns are (time, percent) pairs; the wall time is the last.
            times = re.findall(r"(\d+\.\d+)\s+\(\s*\d+\.\d+%\)", line)
            if times:
                total += float(times[-1])
    return total


def main():
    p = argparse.ArgumentParser(description="Compile time of -fprofile-path-"
                                "use against -fprofile-use, per project.")
    p.add_argument("--compdb", required=True,
                   help="the project's compile_commands.json")
    p.add_argument("--profdata", required=True,
                   help="the .profdata of the -fprofile-generate build")
    p.add_argument("--pathprof", required=True,
                   help="the .pathprof of the -fprofile-path-generate build")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("--baseline-build-dir",
                   help="a second PathProf build to time alongside")
    p.add_argument("--baseline-pathprof",
                   help="the profile for the baseline build (default: "
                   "--pathprof), e.g. one it can read")
    p.add_argument("-r", "--repetitions", type=int, default=1)
    p.add_argument("--analysis-time", action="store_true",
                   help="also time PathProfileAnalysis (-ftime-report)")
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()

    with open(args.compdb) as f:
        entries = sorted(json.load(f), key=lambda e: e["file"])
    if not entries:
        fail("no translation units in " + args.compdb)
    variants = [("profile-use", "-fprofile-use"),
                ("path-use", "-fprofile-path-use")]
    if args.baseline_build_dir:
        variants.append(("path-use-base", "-fprofile-path-use (baseline)"))
    totals = {v: 0.0 for v, _ in variants}
    analysis = {v: [] for v, _ in variants if v != "profile-use"}
    with tempfile.TemporaryDirectory(prefix="pathprof-use-cost.") as work:
        obj = os.path.join(work, "out.o")
        for n, entry in enumerate(entries):
            cwd = entry["directory"]
            src = entry["file"]
            cxx = src.endswith((".cpp", ".cc", ".cxx"))
            args_ = base_arguments(entry, obj)
            cmds = {
                "profile-use": ["clang++-19" if cxx else "clang-19",
                                "-fprofile-use=" +
                                os.path.abspath(args.profdata)] + args_,
                "path-use": pathprof_command(
                    os.path.abspath(args.build_dir), args_, cwd,
                    os.path.abspath(args.pathprof), cxx),
            }
            if args.baseline_build_dir:
                cmds["path-use-base"] = pathprof_command(
                    os.path.abspath(args.baseline_build_dir), args_, cwd,
                    os.path.abspath(args.baseline_pathprof or args.pathprof),
                    cxx)
            times = {v: [] for v, _ in variants}
            for _ in range(args.repetitions):
                for v, _ in variants:
                    r, _, cpu = measure.run_timed(cmds[v], cwd=cwd)
                    check(cmds[v], r)
                    times[v].append(cpu)
            for v, _ in variants:
                totals[v] += statistics.median(times[v])
            if args.analysis_time:
                for v in analysis:
                    analysis[v].append(analysis_seconds(cmds[v], cwd))
            print("[{}/{}] {}: {}".format(
                n + 1, len(entries), src, "  ".join(
                    "{} {:.1f}s".format(v, totals[v]) for v, _ in variants)),
                file=sys.stderr, flush=True)

    base = totals["profile-use"]
    rows = []
    for v, title in variants:
        row = [title, "{:.1f}".format(totals[v]),
               "{:.3f}".format(totals[v] / base)]
        if args.analysis_time:
            row.append("{:.4f}".format(statistics.mean(analysis[v]))
                       if v in analysis else "")
        rows.append(row)
    header = ["variant", "CPU time (s)", "/ -fprofile-use"]
    if args.analysis_time:
        header.append("PathProfileAnalysis per TU (s)")
    if args.markdown:
        print("Command: `python3 utils/use-compile-cost.py {}`  ".format(
            " ".join(shlex.quote(a) for a in sys.argv[1:])))
        print("Machine: {} CPUs; {} translation units, one at a time, "
              "variants interleaved, median of {} CPU times (user + system) "
              "per unit.\n".format(os.cpu_count(), len(entries),
                                   args.repetitions))
        print("| " + " | ".join(header) + " |")
        print("|:---|" + "---:|" * (len(header) - 1))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        for r in [header] + rows:
            print("  ".join(x.rjust(16) for x in r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
