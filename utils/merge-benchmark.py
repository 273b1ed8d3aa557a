#!/usr/bin/env python3
# ===- utils/merge-benchmark.py - llvm-pathprof merge at scale -------------===#
#
# Times `llvm-pathprof merge` on many raw profiles against
# `llvm-profdata merge` on the matching clang profiles of the same runs.
#
# Builds one utils/bench workload twice, with PathProf
# (`pathprof-clang -O2 -fprofile-path-generate`) and with LLVM's IR profiling
# (`clang-19 -O2 -fprofile-generate`), runs each build --runs times (default
# 1000) with a different seed per run, so that runs take different paths,
# each run writing its own profile (PATHPROF_FILE=DIR/runNNNN-%p.pathraw,
# LLVM_PROFILE_FILE=DIR/runNNNN-%p.profraw), and then merges the first
# --small-runs (default 100) and all of the profiles of each kind with -j1
# and -j2 (--threads), from a list file (-f). Every merge runs
# --repetitions times, interleaved; the table gives the median wall-clock
# time and the largest peak resident set size (ru_maxrss of the merging
# process). The PathProf output is checked: main's entry count must equal
# the number of runs merged.
#
# Peak RSS of the 100- and the 1000-input merges shows whether memory grows
# with the number of inputs (it should not: inputs are read one at a time).
#
# A real program built outside the tree takes the place of the workload with
# --pathprof-binary and --clang-binary (its two builds) and --run-args, a
# template of one run's arguments: {seed} is the run's number (1..--runs),
# {input} the next file of --inputs (cycling through them in sorted order)
# and {value} the next of --values, which advances each time the inputs have
# all been used. docs/Benchmarks.md shows it for zstd.
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "utils", "bench")

# Size argument per program for one short run (a few milliseconds).
RUN_SIZES = {
    "csv": "300",
    "glob": "300",
    "graph": "300",
    "hashtab": "3000",
    "interp": "3",
    "lz": "16",
    "sort": "1000",
}


def parse_args():
    p = argparse.ArgumentParser(
        description="Time llvm-pathprof merge on many raw profiles against "
        "llvm-profdata merge on the clang profiles of the same runs.")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"),
                   help="PathProf build tree (default: %(default)s)")
    p.add_argument("--cc", default="clang-19",
                   help="compiler of the -fprofile-generate build "
                   "(default: %(default)s)")
    p.add_argument("--llvm-profdata", default="llvm-profdata-19",
                   help="(default: %(default)s)")
    p.add_argument("--program", default="csv", choices=sorted(RUN_SIZES),
                   help="utils/bench workload (default: %(default)s)")
    p.add_argument("--size", help="the program's size argument (default: a "
                   "few milliseconds' worth)")
    p.add_argument("--pathprof-binary",
                   help="a prebuilt program (pathprof-clang "
                   "-fprofile-path-generate) to run instead of --program")
    p.add_argument("--clang-binary",
                   help="the same program built with clang "
                   "-fprofile-generate")
    p.add_argument("--run-args",
                   help="arguments of one run of the prebuilt program, with "
                   "{seed}, {input} and {value} replaced (see above)")
    p.add_argument("--inputs",
                   help="a directory whose files, in sorted order, {input} "
                   "cycles through")
    p.add_argument("--values", default="",
                   help="comma-separated values {value} cycles through, the "
                   "next one each time the inputs have all been used")
    p.add_argument("--runs", type=int, default=1000,
                   help="program runs, i.e. profiles of each kind "
                   "(default: %(default)s)")
    p.add_argument("--small-runs", type=int, default=100,
                   help="also merge only this many profiles, to compare "
                   "memory (default: %(default)s; 0: skip)")
    p.add_argument("--threads", default="1,2",
                   help="comma-separated -j values (default: %(default)s)")
    p.add_argument("-n", "--repetitions", type=int, default=3,
                   help="timed merges per configuration (default: "
                   "%(default)s)")
    p.add_argument("--markdown", action="store_true",
                   help="print the table as Markdown")
    p.add_argument("--keep", action="store_true",
                   help="keep the work directory and print its path")
    args = p.parse_args()
    prebuilt = (args.pathprof_binary, args.clang_binary, args.run_args)
    if any(prebuilt) and not all(prebuilt):
        p.error("--pathprof-binary, --clang-binary and --run-args go "
                "together")
    if (args.inputs or args.values) and not args.run_args:
        p.error("--inputs and --values need --run-args")
    args.input_files = [""]
    if args.inputs:
        args.input_files = sorted(
            os.path.join(dp, f) for dp, _, fs in os.walk(args.inputs)
            for f in fs)
        if not args.input_files:
            p.error("no files below %s" % args.inputs)
    return args


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, text=True, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=text, **kw)
    if r.returncode != 0:
        err = r.stderr if text else r.stderr.decode(errors="replace")
        sys.exit("error: %s failed (%d):\n%s" % (shlex.join(cmd), r.returncode,
                                                 err))
    return r.stdout


def measure(cmd):
    """Runs cmd; returns (wall seconds, peak RSS in KiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("error: %s failed:\n%s" % (shlex.join(cmd), err))
    return wall, usage.ru_maxrss


def build(args, work):
    if args.pathprof_binary:
        return {"pathprof": os.path.abspath(args.pathprof_binary),
                "clang": os.path.abspath(args.clang_binary)}
    src = os.path.join(BENCH_DIR, args.program + ".c")
    wrapper = os.path.join(args.build_dir, "bin", "pathprof-clang")
    binaries = {"pathprof": os.path.join(work, args.program + ".pathprof"),
                "clang": os.path.join(work, args.program + ".profgen")}
    run([wrapper, "-O2", "-fprofile-path-generate", src, "-o",
         binaries["pathprof"]])
    run([args.cc, "-O2", "-fprofile-generate", src, "-o", binaries["clang"]])
    return binaries


def run_argv(args, i):
    """The arguments of run i (from 0)."""
    if not args.run_args:
        return [args.size or RUN_SIZES[args.program], str(i + 1)]
    inputs = args.input_files
    values = args.values.split(",")
    fields = {"seed": str(i + 1), "input": inputs[i % len(inputs)],
              "value": values[(i // len(inputs)) % len(values)]}
    return [a.format(**fields) for a in shlex.split(args.run_args)]


def profile_runs(args, work, binaries):
    """Runs both builds --runs times; returns {kind: [profile paths]}."""
    dirs = {"pathprof": os.path.join(work, "pathraw"),
            "clang": os.path.join(work, "profraw")}
    for d in dirs.values():
        os.makedirs(d)
    env = dict(os.environ)
    for var in ("PATHPROF_FILE", "LLVM_PROFILE_FILE"):
        env.pop(var, None)
    for i in range(args.runs):
        argv = run_argv(args, i)
        outputs = set()
        for kind, var, ext in (("pathprof", "PATHPROF_FILE", "pathraw"),
                               ("clang", "LLVM_PROFILE_FILE", "profraw")):
            run_env = dict(env)
            run_env[var] = os.path.join(dirs[kind],
                                        "run%04d-%%p.%s" % (i, ext))
            outputs.add(run([binaries[kind]] + argv, env=run_env,
                            text=False))
        if len(outputs) != 1:
            sys.exit("error: the two builds disagree on run %d" % i)
    files = {}
    for kind, d in dirs.items():
        files[kind] = sorted(os.path.join(d, f) for f in os.listdir(d))
        if len(files[kind]) != args.runs:
            sys.exit("error: %d runs wrote %d %s profiles" %
                     (args.runs, len(files[kind]), kind))
    return files


def check_pathprof(args, profile, runs):
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    doc = json.loads(run([tool, "show", "--json", "--function=main", "--topn=1",
                          profile]))
    entry = sum(f["entry_count"] for f in doc["functions"])
    if entry != runs:
        sys.exit("error: main's entry count in %s is %d, expected %d" %
                 (profile, entry, runs))


def main():
    args = parse_args()
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    for path in (tool, os.path.join(args.build_dir, "bin", "pathprof-clang")):
        if not os.access(path, os.X_OK):
            sys.exit("error: %s is missing; build the tree first "
                     "(utils/setup.sh)" % path)
    threads = [int(t) for t in args.threads.split(",")]
    counts = [n for n in (args.small_runs, args.runs) if 0 < n <= args.runs]
    counts = sorted(set(counts))

    work = tempfile.mkdtemp(prefix="pathprof-merge-bench.")
    try:
        if not args.pathprof_binary:
            log("building %s" % args.program)
        binaries = build(args, work)
        log("running each build %d times" % args.runs)
        files = profile_runs(args, work, binaries)

        configs = []
        for n in counts:
            for kind in ("pathprof", "clang"):
                lst = os.path.join(work, "%s-%d.list" % (kind, n))
                with open(lst, "w") as f:
                    f.write("".join(p + "\n" for p in files[kind][:n]))
                for j in threads:
                    out = os.path.join(work, "out-%s-%d-j%d.%s" % (
                        kind, n, j,
                        "pathprof" if kind == "pathprof" else "profdata"))
                    if kind == "pathprof":
                        cmd = [tool, "merge", "--num-threads=%d" % j, "-f",
                               lst, "-o", out]
                    else:
                        cmd = [args.llvm_profdata, "merge",
                               "--num-threads=%d" % j, "-f", lst, "-o", out]
                    configs.append(dict(kind=kind, n=n, j=j, cmd=cmd,
                                        out=out, list=lst, times=[], rss=[]))

        for rep in range(args.repetitions):
            log("repetition %d of %d" % (rep + 1, args.repetitions))
            for c in configs:
                wall, rss = measure(c["cmd"])
                c["times"].append(wall)
                c["rss"].append(rss)
        for c in configs:
            if c["kind"] == "pathprof":
                check_pathprof(args, c["out"], c["n"])

        input_bytes = {(kind, n): sum(os.path.getsize(p)
                                      for p in files[kind][:n])
                       for kind in files for n in counts}
        report(args, configs, input_bytes, work)
    finally:
        if args.keep:
            log("kept %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


def report(args, configs, input_bytes, work):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    names = {"pathprof": "llvm-pathprof merge", "clang": "llvm-profdata merge"}
    header = ["tool", "inputs", "-j", "input bytes", "output bytes",
              "wall (s, median)", "peak RSS (MiB)"]
    rows = []
    for c in configs:
        rows.append([names[c["kind"]], str(c["n"]), str(c["j"]),
                     "{:,}".format(input_bytes[(c["kind"], c["n"])]),
                     "{:,}".format(os.path.getsize(c["out"])),
                     "%.3f" % statistics.median(c["times"]),
                     "%.1f" % (max(c["rss"]) / 1024.0)])
    argv = " ".join(shlex.quote(a) for a in sys.argv[1:])
    print("Command: `python3 utils/merge-benchmark.py%s`" %
          (" " + argv if argv else ""))
    print("Machine: %s, %d CPUs (%s)" % (cpu, os.cpu_count() or 0,
                                         platform.machine()))
    if args.run_args:
        print("Workload: %s and %s, %d runs of `%s`%s%s" % (
            args.pathprof_binary, args.clang_binary, args.runs, args.run_args,
            " over the files below " + args.inputs if args.inputs else "",
            " and the values " + args.values if args.values else ""))
    else:
        print("Workload: %s, %d runs with seeds 1..%d, size %s" % (
            args.program, args.runs, args.runs,
            args.size or RUN_SIZES[args.program]))
    print("Merge commands (each list file names the first N profiles):")
    for c in configs:
        cmd = [os.path.basename(c["cmd"][0])] + c["cmd"][1:]
        print("  " + shlex.join(cmd).replace(work + "/", ""))
    print()
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|:---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows))
                  for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for r in rows:
            print("  ".join(v.rjust(w) if i else v.ljust(w)
                            for i, (v, w) in enumerate(zip(r, widths))))


if __name__ == "__main__":
    main()
