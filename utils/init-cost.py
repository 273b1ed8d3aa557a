#!/usr/bin/env python3
"""init-cost.py - what starting and ending a profiled program costs.

Writes a C program of N small functions (four paths each, a few of them
called), builds it plain (-O2), with clang -fprofile-generate and with
PathProf, runs each once under valgrind --tool=callgrind and prints the
instructions executed, the part spent in PathProf's runtime start
(__pathprof_init, inclusive) and the raw profile's size. The program does
almost nothing, so the difference to the plain build is the profilers'
fixed cost: registering, laying out and writing the profile.

  python3 utils/init-cost.py [--functions N] [--build-dir build]

With --cpu RUNS it measures CPU time instead: each build (also PathProf with
-fprofile-path-correlate=binary) runs RUNS times, the builds taking turns,
each run writing a new profile in --dir (default: a temporary directory;
give one on the file system to measure, e.g. /dev/shm), and it prints the
median user + system time of a run (from wait4, which counts the kernel's
work for the process, its exit included) and what each build costs over
-fprofile-generate's median. --functions 1 is a program that only prints.

Needs valgrind and clang-19. Builds use -gdwarf-4 (this valgrind cannot read
DWARF 5).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile


def program(n):
    out = ["#include <stdio.h>"]
    for i in range(n):
        out.append("int profiled_function_with_a_longer_name_%d(int x) {" % i)
        out.append("  int s = 0;")
        out.append("  if (x & 1) s += x; else s -= 1;")
        out.append("  if (x & 2) s ^= 3 * x; else s += 7;")
        out.append("  return s;")
        out.append("}")
    out.append("int main(int argc, char **argv) {")
    out.append("  int s = 0;")
    for i in range(0, n, max(1, n // 16)):
        out.append("  s += profiled_function_with_a_longer_name_%d(argc);" % i)
    out.append('  printf("%d\\n", s);')
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def callgrind(exe, env, workdir):
    out = os.path.join(workdir, "callgrind.out")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, exe],
        env=env, capture_output=True, text=True, check=True)
    total = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
    annotate = subprocess.run(["callgrind_annotate", "--inclusive=yes", out],
                              capture_output=True, text=True, check=True)
    init = 0
    for line in annotate.stdout.splitlines():
        if ":__pathprof_init " in line:
            init = int(line.split()[0].replace(",", ""))
    return total, init


def cpu_times(exes, runs, profile_dir):
    """Median user + system microseconds of a run of each of exes, the
    builds taking turns, each run with a new profile in profile_dir."""
    times = {exe: [] for exe in exes}
    devnull = os.open(os.devnull, os.O_WRONLY)
    for i in range(runs):
        for exe in exes:
            env = dict(os.environ)
            base = os.path.join(profile_dir, "run%d-%s" % (
                i, os.path.basename(exe)))
            env["PATHPROF_FILE"] = base + ".pathraw"
            env["LLVM_PROFILE_FILE"] = base + ".profraw"
            pid = os.posix_spawn(exe, [exe], env,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull,
                                                1)])
            _, status, usage = os.wait4(pid, 0)
            if status != 0:
                sys.exit("%s failed (status %d)" % (exe, status))
            times[exe].append((usage.ru_utime + usage.ru_stime) * 1e6)
            for ext in (".pathraw", ".profraw"):
                if os.path.exists(base + ext):
                    os.unlink(base + ext)
    os.close(devnull)
    return {exe: statistics.median(t) for exe, t in times.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=1600)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--cpu", type=int, metavar="RUNS",
                    help="measure CPU time over RUNS runs of each build")
    ap.add_argument("--dir", help="where --cpu's runs write their profiles")
    args = ap.parse_args()
    wrapper = os.path.join(os.path.abspath(args.build_dir), "bin",
                           "pathprof-clang")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "many.c")
        with open(src, "w") as f:
            f.write(program(args.functions))
        flags = ["-O2", "-gdwarf-4"]
        builds = {
            "-O2": ["clang-19"] + flags,
            "-fprofile-generate": ["clang-19"] + flags +
            ["-fprofile-generate"],
            "PathProf": [wrapper] + flags + ["-fprofile-path-generate"],
        }
        if args.cpu:
            builds["PathProf, -fprofile-path-correlate=binary"] = (
                builds["PathProf"] + ["-fprofile-path-correlate=binary"])
            exes = {}
            for name, cmd in builds.items():
                exe = os.path.join(tmp, "many-" + re.sub(r"\W", "", name))
                subprocess.run(cmd + [src, "-o", exe], check=True)
                exes[name] = exe
            profile_dir = args.dir or tmp
            os.makedirs(profile_dir, exist_ok=True)
            med = cpu_times(list(exes.values()), args.cpu, profile_dir)
            gen = med[exes["-fprofile-generate"]]
            print("Functions: %d; %d runs of each build, profiles in %s" % (
                args.functions + 1, args.cpu, profile_dir))
            print("| build | CPU per run (us, median) | over -fprofile-generate (us) |")
            print("|:---|---:|---:|")
            for name, exe in exes.items():
                print("| %s | %.0f | %+.0f |" % (name, med[exe],
                                                 med[exe] - gen))
            return 0
        env = dict(os.environ)
        env["PATHPROF_FILE"] = os.path.join(tmp, "many.pathraw")
        env["LLVM_PROFILE_FILE"] = os.path.join(tmp, "many.profraw")
        rows = []
        for name, cmd in builds.items():
            exe = os.path.join(tmp, "many-" + re.sub(r"\W", "", name))
            subprocess.run(cmd + [src, "-o", exe], check=True)
            total, init = callgrind(exe, env, tmp)
            rows.append((name, total, init))
        plain = rows[0][1]
        print("Functions: %d" % (args.functions + 1))
        print("| build | instructions | over -O2 | in __pathprof_init |")
        print("|:---|---:|---:|---:|")
        for name, total, init in rows:
            print("| %s | %s | %s | %s |" % (
                name, format(total, ","), format(total - plain, ","),
                format(init, ",") if name == "PathProf" else ""))
        for name, path in (("raw profile", env["PATHPROF_FILE"]),
                           ("-fprofile-generate profile",
                            env["LLVM_PROFILE_FILE"])):
            print("%s: %s bytes" % (name, format(os.path.getsize(path), ",")))


if __name__ == "__main__":
    sys.exit(main())
