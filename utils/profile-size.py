#!/usr/bin/env python3
# ===- utils/profile-size.py - Raw profile sizes after a normal exit -------===#
#
# Builds every workload of utils/bench (the benchmark set of benchmark.py)
# with clang 19's `-fprofile-generate` and with PathProf's
# `pathprof-clang -fprofile-path-generate`, runs each once (at the small
# input sizes of benchmark.py --callgrind, or --size NAME=N), and prints per
# program the size of the .profraw beside the size of the .pathraw the
# normal exit leaves: compacted (the default) and in the dense form
# (PATHPROF_COMPACT=0, what every exit left before compaction), each with
# its allocated bytes on disk (st_blocks x 512) and the ratio to the
# .profraw, and how much of the compact file the module descriptions (names
# and CFG descriptions, which clang keeps in the binary) take; and the
# compact file of a build with -fprofile-path-correlate=binary, whose
# descriptions are in the binary (checked to read back, with --binary, to
# the same profile as the self-contained file); and, beside that flow-only
# profile, the correlated profiles of builds that also record calling
# contexts (-fprofile-path-context) and per-path metrics
# (-fprofile-path-metrics, sampled tsc: the default).
# --markdown prints the table for docs/Benchmarks.md.
#
# ===----------------------------------------------------------------------===#

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchmark  # noqa: E402  (the workloads, their sources and sizes)


def parse_args():
    p = argparse.ArgumentParser(
        description="Raw profile sizes after a normal exit: clang 19 "
        "-fprofile-generate beside PathProf, dense and compact")
    p.add_argument("--build-dir", default=os.path.join(benchmark.ROOT, "build"),
                   help="PathProf build tree (default: build/)")
    p.add_argument("--cc", default="clang-19")
    p.add_argument("--cxx", default="clang++-19")
    p.add_argument("--only", action="append", default=[],
                   help="measure only this program (repeatable)")
    p.add_argument("--size", action="append", default=[],
                   help="NAME=N: run NAME with argument N")
    p.add_argument("--markdown", action="store_true")
    return p.parse_args()


def sizes_of(path):
    st = os.stat(path)
    return st.st_size, st.st_blocks * 512


def description_bytes(path):
    """Bytes of the description segments (function records, names, CFG
    descriptions) of a raw profile of version 3 or later, packed ones
    (version 10: kind 4 holding kind 1) included."""
    data = open(path, "rb").read()
    total, offset = 0, 0
    while offset + 40 <= len(data):
        magic, _, _, size, kind = struct.unpack_from("<5Q", data, offset)
        if magic == 0 or size == 0:
            break
        inner = (struct.unpack_from("<Q", data, offset + 72)[0]
                 if kind == 4 and offset + 80 <= len(data) else kind)
        if inner == 1:
            total += size
        offset += size
    return total


def run(cmd, env=None):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if r.returncode != 0:
        sys.exit("profile-size.py: error: {} failed:\n{}".format(
            " ".join(cmd), r.stderr))
    return r


def measure_program(args, prog, size, work):
    cxx = benchmark.is_cxx(prog)
    cc = args.cxx if cxx else args.cc
    wrapper = os.path.join(args.build_dir, "bin",
                           "pathprof-clang++" if cxx else "pathprof-clang")
    src = benchmark.source(prog)
    gen = os.path.join(work, prog + ".pgogen")
    path = os.path.join(work, prog + ".pathprof")
    cor = os.path.join(work, prog + ".correlated")
    run([cc, "-O2", "-fprofile-generate", src, "-o", gen])
    run([wrapper, "-O2", "-fprofile-path-generate", src, "-o", path])
    run([wrapper, "-O2", "-fprofile-path-generate",
         "-fprofile-path-correlate=binary", src, "-o", cor])
    extra_builds = {"context": ["-fprofile-path-context"],
                    "metrics": ["-fprofile-path-metrics"]}
    for name, flags in extra_builds.items():
        run([wrapper, "-O2", "-fprofile-path-generate",
             "-fprofile-path-correlate=binary"] + flags +
            [src, "-o", cor + "." + name])
    argv = [size] if size else []
    result = {}
    env = dict(os.environ)
    env["LLVM_PROFILE_FILE"] = os.path.join(work, prog + ".profraw")
    run([gen] + argv, env)
    result["profraw"] = sizes_of(env["LLVM_PROFILE_FILE"])
    for name, extra in (("compact", {}), ("dense", {"PATHPROF_COMPACT": "0"})):
        env = dict(os.environ, **extra)
        env["PATHPROF_FILE"] = os.path.join(work, prog + "." + name +
                                            ".pathraw")
        run([path] + argv, env)
        result[name] = sizes_of(env["PATHPROF_FILE"])
        if name == "compact":
            result["descriptions"] = description_bytes(env["PATHPROF_FILE"])
    env = dict(os.environ)
    env["PATHPROF_FILE"] = os.path.join(work, prog + ".correlated.pathraw")
    run([cor] + argv, env)
    result["correlated"] = sizes_of(env["PATHPROF_FILE"])
    for name in extra_builds:
        extra_env = dict(os.environ)
        extra_env["PATHPROF_FILE"] = os.path.join(
            work, prog + ".correlated." + name + ".pathraw")
        run([cor + "." + name] + argv, extra_env)
        result[name] = sizes_of(extra_env["PATHPROF_FILE"])
    # The correlated profile, read with its binary, is the same profile.
    tool = os.path.join(args.build_dir, "bin", "llvm-pathprof")
    shown = [run([tool, "show", "--binary=" + cor, env["PATHPROF_FILE"]]).stdout,
             run([tool, "show", os.path.join(work, prog + ".compact.pathraw")]
                 ).stdout]
    if shown[0] != shown[1]:
        sys.exit("profile-size.py: error: {}: the correlated profile does not "
                 "show as the self-contained one".format(prog))
    return result


def kb(n):
    return "{:.1f}".format(n / 1024)


def main():
    args = parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    sizes = dict(benchmark.CALLGRIND_SIZES)
    for s in args.size:
        name, _, value = s.partition("=")
        sizes[name] = value
    work = tempfile.mkdtemp(prefix="pathprof-size.")
    rows = []
    try:
        for prog in benchmark.programs(args.only):
            print("measuring " + prog, file=sys.stderr, flush=True)
            r = measure_program(args, prog, sizes.get(prog), work)
            raw = r["profraw"][0]
            rows.append([prog, kb(raw),
                         kb(r["dense"][0]), kb(r["dense"][1]),
                         "{:.1f}x".format(r["dense"][0] / raw),
                         kb(r["compact"][0]), kb(r["compact"][1]),
                         "{:.2f}x".format(r["compact"][0] / raw),
                         kb(r["descriptions"]),
                         kb(r["correlated"][0]), kb(r["correlated"][1]),
                         "{:.2f}x".format(r["correlated"][0] / raw),
                         kb(r["context"][0]),
                         "{:.2f}x".format(r["context"][0] / raw),
                         kb(r["metrics"][0]),
                         "{:.2f}x".format(r["metrics"][0] / raw)])
    finally:
        shutil.rmtree(work)
    header = ["program", ".profraw KB", "dense .pathraw KB", "on disk KB",
              "ratio", "compact .pathraw KB", "on disk KB", "ratio",
              "of which descriptions KB", "correlated .pathraw KB",
              "on disk KB", "ratio", "+ contexts KB", "ratio",
              "+ metrics KB", "ratio"]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|:---|" + "---:|" * (len(header) - 1))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(str(x)) for x in col)
                  for col in zip(header, *rows)]
        for row in [header] + rows:
            print("  ".join(str(x).rjust(w) for x, w in zip(row, widths)))


if __name__ == "__main__":
    main()
