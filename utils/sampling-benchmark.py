#!/usr/bin/env python3
# ===- sampling-benchmark.py - Path profiles from branch samples, measured ===#
#
# Measures issue 25's sampling side on the utils/bench workloads:
#
#   cost      the sampling build (pathprof-clang -fprofile-path-sample)
#             against plain clang-19 -O2: instructions under callgrind on
#             the measured input, .text bytes, and the bytes of the
#             sections the loader does not map (.pseudo_probe,
#             .pseudo_probe_desc, .pathprof_desc);
#   accuracy  each program run on its training input as
#             -fprofile-path-generate without the pre-inliner (the exact
#             profile, on the sampling build's CFGs) and as the
#             sampling build under pathprof-branch-sampler (windows of
#             --depths records, one sample per about --period taken
#             branches, --seeds seeds), llvm-pathprof sample, then
#             llvm-pathprof overlap: the hot-path accuracy (the share of
#             the exact profile's hot paths' flow that is hot in the
#             estimate) and the weighted path overlap, the mean over seeds;
#   use       -fprofile-path-use rebuilds from the exact profile (of the
#             default instrumented build, with its pre-inliner) and from
#             the estimated one (the deepest window, first seed), measured
#             on the other input under callgrind against -O2: the share of
#             the exact rebuild's gain the estimated rebuild gets.
#
# Programs are built with -gdwarf-4 line tables, which valgrind reads.
#
#   python3 utils/sampling-benchmark.py [--markdown] [--only PROG]...
#
# ===------------------------------------------------------------------------===#

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import benchmark as bench

UNLOADED = [".pseudo_probe", ".pseudo_probe_desc", ".pathprof_desc"]


def parse_args():
    p = argparse.ArgumentParser(
        description="Cost, accuracy and use of path profiles estimated "
        "from branch samples of the utils/bench workloads.")
    p.add_argument("--build-dir", default=os.path.join(bench.ROOT, "build"))
    p.add_argument("--cc", default="clang-19")
    p.add_argument("--cxx", default="clang++-19")
    p.add_argument("--llvm-size", default="llvm-size-19")
    p.add_argument("--only", action="append", default=[], metavar="PROG")
    p.add_argument("--depths", default="16,32",
                   help="window depths to sample with (default 16,32)")
    p.add_argument("--period", type=int, default=10000,
                   help="mean taken branches between samples (10000)")
    p.add_argument("--seeds", type=int, default=3,
                   help="generator seeds per depth (3)")
    p.add_argument("--parts", default="cost,accuracy,use",
                   help="what to measure (cost,accuracy,use)")
    p.add_argument("--markdown", action="store_true")
    p.add_argument("--keep", action="store_true",
                   help="keep the work directory")
    return p.parse_args()


def tool(args, name):
    return os.path.join(args.build_dir, "bin", name)


def section_bytes(args, binary, names):
    r = bench.checked([args.llvm_size, "-A", binary], "llvm-size")
    sizes = {}
    for line in r.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[1].isdigit():
            sizes[fields[0]] = int(fields[1])
    return sum(v for k, v in sizes.items()
               if any(k == n or k.startswith(n + ".") for n in names))


def build_all(args, prog, work):
    """The plain, instrumented and sampling binaries of prog."""
    src = bench.source(prog)
    cc = bench.compiler(args, prog)
    wrapper = bench.wrapper_path(args, prog)
    out = {}
    for name, cmd in [
            ("plain", [cc, "-O2", "-gline-tables-only", "-gdwarf-4"]),
            ("generate", [wrapper, "-O2", "-fprofile-path-generate"]),
            # The sampling build's CFGs: no pre-inliner.
            ("generate-nopre", [wrapper, "-O2", "-fprofile-path-generate",
                                "-fno-profile-path-preinline"]),
            ("sample", [wrapper, "-O2", "-fprofile-path-sample",
                        "-gline-tables-only", "-gdwarf-4"])]:
        binary = os.path.join(work, "{}.{}".format(prog, name))
        bench.checked(cmd + [src, "-o", binary],
                      "building {} ({})".format(prog, name))
        out[name] = binary
    return out


def exact_profile(args, binary, argv, work):
    raw = os.path.join(work, "exact.pathraw")
    if os.path.exists(raw):
        os.unlink(raw)
    env = dict(os.environ, PATHPROF_FILE=raw)
    bench.checked([binary] + argv, "training run of " + binary, env=env)
    prof = binary + ".exact.pathprof"
    bench.checked([tool(args, "llvm-pathprof"), "merge", raw, "-o", prof],
                  "llvm-pathprof merge")
    return prof


def estimated_profile(args, binary, argv, depth, seed, work):
    script = os.path.join(work, "samples.script")
    bench.checked([tool(args, "pathprof-branch-sampler"),
                   "--depth={}".format(depth),
                   "--period={}".format(args.period),
                   "--seed={}".format(seed), "-o", script, "--",
                   binary] + argv, "pathprof-branch-sampler")
    prof = "{}.d{}.s{}.pathprof".format(binary, depth, seed)
    bench.checked([tool(args, "llvm-pathprof"), "sample",
                   "--binary=" + binary, script, "-o", prof],
                  "llvm-pathprof sample")
    return prof


def overlap(args, exact, estimate):
    doc = json.loads(bench.checked(
        [tool(args, "llvm-pathprof"), "overlap", "--json", exact, estimate],
        "llvm-pathprof overlap").stdout)
    return doc["program"]["hot_path_accuracy"], doc["program"]["overlap"]


def rebuild(args, prog, profile, work, name):
    binary = os.path.join(work, "{}.{}".format(prog, name))
    cmd = bench.expand_wrapper(args, prog, [
        "-O2", "-gline-tables-only", "-gdwarf-4",
        "-fprofile-path-use=" + profile, bench.source(prog), "-o", binary])
    bench.checked(cmd, "building {} ({})".format(prog, name))
    return binary


def main():
    args = parse_args()
    parts = args.parts.split(",")
    depths = [int(d) for d in args.depths.split(",")]
    if shutil.which("valgrind") is None and \
            ("cost" in parts or "use" in parts):
        sys.exit("sampling-benchmark.py: error: valgrind not found")
    work = tempfile.mkdtemp(prefix="pathprof-sampling.")
    profdir = os.path.join(work, "profiles")
    os.makedirs(profdir)
    env = bench.run_env(profdir)
    rows = {}
    for prog in bench.programs(args.only):
        bench.log("sampling-benchmark.py: " + prog)
        row = rows.setdefault(prog, {})
        bins = build_all(args, prog, work)
        train = bench.TRAIN_ARGS[prog]
        size = bench.CALLGRIND_SIZES.get(prog)
        plain_count = None
        if "cost" in parts or "use" in parts:
            plain_count = bench.callgrind_count(bins["plain"], size, env,
                                                profdir)
        if "cost" in parts:
            row["instr"] = bench.ratio(
                bench.callgrind_count(bins["sample"], size, env, profdir),
                plain_count)
            row["text"] = bench.ratio(
                section_bytes(args, bins["sample"], [".text"]),
                section_bytes(args, bins["plain"], [".text"]))
            row["unloaded"] = section_bytes(args, bins["sample"], UNLOADED)
        exact = estimate = None
        if "accuracy" in parts:
            exact = exact_profile(args, bins["generate-nopre"], train, work)
            for depth in depths:
                acc = [overlap(args, exact, estimated_profile(
                    args, bins["sample"], train, depth, seed, work))
                    for seed in range(1, args.seeds + 1)]
                row["hot{}".format(depth)] = sum(a[0] for a in acc) / len(acc)
                row["ovl{}".format(depth)] = sum(a[1] for a in acc) / len(acc)
        if "use" in parts:
            exact = exact_profile(args, bins["generate"], train, work)
            estimate = estimated_profile(args, bins["sample"], train,
                                         max(depths), 1, work)
            exact_count = bench.callgrind_count(
                rebuild(args, prog, exact, work, "use-exact"), size, env,
                profdir)
            est_count = bench.callgrind_count(
                rebuild(args, prog, estimate, work, "use-estimate"), size,
                env, profdir)
            row["exact"] = bench.ratio(exact_count, plain_count)
            row["estimate"] = bench.ratio(est_count, plain_count)
            gain = plain_count - exact_count if exact_count else None
            row["share"] = ((plain_count - est_count) / gain
                            if gain and est_count and gain > 0 else None)

    header, keys = ["program"], []
    if "cost" in parts:
        header += ["instructions vs -O2", ".text vs -O2", "unloaded bytes"]
        keys += [("instr", 4), ("text", 4), ("unloaded", None)]
    if "accuracy" in parts:
        for d in depths:
            header += ["hot-path accuracy, {} records".format(d),
                       "path overlap, {} records".format(d)]
            keys += [("hot{}".format(d), 3), ("ovl{}".format(d), 3)]
    if "use" in parts:
        header += ["exact use vs -O2", "estimated use vs -O2",
                   "share of the gain"]
        keys += [("exact", 4), ("estimate", 4), ("share", 3)]
    table = []
    for prog, row in rows.items():
        table.append([prog] + [
            bench.fmt_count(row.get(k)) if d is None else
            bench.fmt(row.get(k), d) for k, d in keys])
    geo = ["geomean"]
    means = {}
    for k, d in keys:
        means[k] = bench.geomean([r.get(k) for r in rows.values()])
        geo.append(bench.fmt(means[k], d) if d else "")
    if "use" in parts and means.get("exact") and means["exact"] < 1:
        # The share of the geometric mean's gain, not a mean of shares
        # (a program that gains nothing has none).
        geo[[k for k, _ in keys].index("share") + 1] = bench.fmt(
            (1 - means["estimate"]) / (1 - means["exact"]), 3)
    table.append(geo)
    bench.print_table(header, table, args.markdown)
    print("period {}, {} seed(s) per depth; commands: {}".format(
        args.period, args.seeds, " ".join(sys.argv)))
    if args.keep:
        print("work directory: " + work)
    else:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
