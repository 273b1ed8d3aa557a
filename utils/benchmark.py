#!/usr/bin/env python3
# ===- utils/benchmark.py - PathProf instrumentation overhead benchmark -----===#
#
# Builds every workload in utils/bench/*.c three ways -- plain `clang-19 -O2`,
# LLVM's edge profiling `clang-19 -O2 -fprofile-generate`, and PathProf
# `pathprof-clang -O2 -fprofile-path-generate` -- checks that each variant
# prints exactly what the plain build prints, then times them interleaved
# (round-robin over variants, each repetition visiting every program) and
# reports medians, ratios against plain -O2 and PathProf against
# -fprofile-generate, with geometric means.
#
# --callgrind replaces timing by one run of each binary under
# `valgrind --tool=callgrind` (at a smaller input size) and reports executed
# instructions, which are repeatable from machine to machine.
#
# Profiles go to a temporary directory through LLVM_PROFILE_FILE and
# PATHPROF_FILE; writing them is part of the measured run.
#
# ===------------------------------------------------------------------------===#

import argparse
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "utils", "bench")

# Variant name -> (column title, how to build it). "{cc}" is clang-19,
# "{wrapper}" the PathProf C driver.
VARIANTS = [
    ("plain", "-O2", ["{cc}", "-O2"]),
    ("pgogen", "-fprofile-generate", ["{cc}", "-O2", "-fprofile-generate"]),
    ("pathprof", "PathProf", ["{wrapper}", "-O2", "-fprofile-path-generate"]),
]

# Input sizes for --callgrind: about a tenth of each program's default, so
# that a run under valgrind takes seconds, not minutes.
CALLGRIND_SIZES = {
    "csv": "35000",
    "glob": "60000",
    "graph": "30000",
    "hashtab": "250000",
    "interp": "150",
    "lz": "1228",
    "sort": "100000",
}


def parse_args():
    p = argparse.ArgumentParser(
        description="Time plain -O2, -fprofile-generate and PathProf builds "
        "of the utils/bench workloads.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"),
                   help="PathProf build tree (default: %(default)s)")
    p.add_argument("--cc", default="clang-19", help="compiler for the plain "
                   "and -fprofile-generate builds (default: %(default)s)")
    p.add_argument("-n", "--repetitions", type=int, default=5,
                   help="timed runs per program and variant (default: 5)")
    p.add_argument("--callgrind", action="store_true",
                   help="count instructions under callgrind instead of timing")
    p.add_argument("--markdown", action="store_true",
                   help="print the table as Markdown")
    p.add_argument("--only", action="append", default=[], metavar="PROG",
                   help="run only this program (repeatable)")
    p.add_argument("--variants", default="plain,pgogen,pathprof",
                   help="comma-separated subset of plain,pgogen,pathprof")
    p.add_argument("--size", action="append", default=[], metavar="PROG=N",
                   help="override a program's size argument")
    p.add_argument("--keep", action="store_true",
                   help="keep the work directory and print its path")
    return p.parse_args()


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def programs(only):
    names = sorted(f[:-2] for f in os.listdir(BENCH_DIR) if f.endswith(".c"))
    if only:
        unknown = set(only) - set(names)
        if unknown:
            sys.exit("benchmark.py: error: unknown program(s): " +
                     ", ".join(sorted(unknown)))
        names = [n for n in names if n in only]
    return names


def build(prog, variant, cmd_template, args, bindir):
    out = os.path.join(bindir, "{}.{}".format(prog, variant))
    cmd = [a.format(cc=args.cc,
                    wrapper=os.path.join(args.build_dir, "bin",
                                         "pathprof-clang"))
           for a in cmd_template]
    cmd += [os.path.join(BENCH_DIR, prog + ".c"), "-o", out]
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


def run_once(binary, size, env, profdir):
    argv = [binary] + ([size] if size else [])
    start = time.perf_counter()
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, universal_newlines=True)
    elapsed = time.perf_counter() - start
    clear(profdir)
    return r, elapsed


def callgrind_count(binary, size, env, profdir):
    argv = ["valgrind", "--tool=callgrind",
            "--callgrind-out-file=" + os.path.join(profdir, "callgrind.out"),
            binary] + ([size] if size else [])
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, universal_newlines=True)
    clear(profdir)
    m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if r.returncode != 0 or not m:
        log("benchmark.py: error: callgrind run of {} failed:\n{}".format(
            binary, r.stderr[-2000:]))
        return None
    return int(m.group(1))


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
    args = parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    chosen = args.variants.split(",")
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
            r, _ = run_once(binary, sizes.get(prog), env, profdir)
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

    results = {}
    if args.callgrind:
        for prog in progs:
            for name, _, _ in variants:
                if (prog, name) in binaries:
                    log("callgrind {} ({})".format(prog, name))
                    results[(prog, name)] = callgrind_count(
                        binaries[(prog, name)], sizes.get(prog), env, profdir)
                    failed |= results[(prog, name)] is None
    else:
        samples = {key: [] for key in binaries}
        for rep in range(args.repetitions):
            log("repetition {}/{}".format(rep + 1, args.repetitions))
            for prog in progs:
                for name, _, _ in variants:
                    key = (prog, name)
                    if key in binaries:
                        _, t = run_once(binaries[key], sizes.get(prog), env,
                                        profdir)
                        samples[key].append(t)
        results = {k: statistics.median(v) for k, v in samples.items() if v}

    names = [v[0] for v in variants]
    unit = "instructions" if args.callgrind else "s"
    header = ["program"] + ["{} ({})".format(v[1], unit) for v in variants]
    ratio_cols = [(n, "plain") for n in names[1:]]
    if "pathprof" in names and "pgogen" in names:
        ratio_cols.append(("pathprof", "pgogen"))
    titles = dict((v[0], v[1]) for v in variants)
    header += ["{} / {}".format(titles[a], titles[b]) for a, b in ratio_cols]

    rows = []
    for prog in progs:
        row = [prog]
        for n in names:
            value = results.get((prog, n))
            row.append(fmt_count(value) if args.callgrind else fmt(value, 3))
        for a, b in ratio_cols:
            row.append(fmt(ratio(results.get((prog, a)),
                                 results.get((prog, b))), 2))
        rows.append(row)
    geo = ["geomean"]
    for n in names:
        g = geomean([results.get((p, n)) for p in progs])
        geo.append(fmt_count(g) if args.callgrind else fmt(g, 3))
    for a, b in ratio_cols:
        geo.append(fmt(geomean([ratio(results.get((p, a)),
                                      results.get((p, b))) for p in progs]),
                       2))
    rows.append(geo)

    if args.markdown:
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
        if args.callgrind:
            print("Metric: instructions executed under callgrind, one run "
                  "each, reduced input sizes.\n")
        else:
            print("Metric: median wall-clock seconds of {} interleaved runs."
                  "\n".format(args.repetitions))
    print_table(header, rows, args.markdown)

    if args.keep:
        log("work directory: " + work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
