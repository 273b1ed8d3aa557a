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

Needs valgrind and clang-19. Builds use -gdwarf-4 (this valgrind cannot read
DWARF 5).
"""

import argparse
import os
import re
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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--functions", type=int, default=1600)
    ap.add_argument("--build-dir", default="build")
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
