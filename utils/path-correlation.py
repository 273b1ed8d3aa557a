#!/usr/bin/env python3
# ===- utils/path-correlation.py - what a path profile knows beyond edges --===#
#
# How much of a path profile its edge profile already implies (Ball, Mataga
# and Sagiv, "Edge Profiling versus Path Profiling: The Showdown", POPL
# 1998, ask the same question). For every function, the edge counts are
# taken from the paths, and each path's count is predicted from them as if
# every branch were independent of the ones before it on the path (a
# first-order Markov chain over the blocks: the paths that start at a block,
# times the probability of each edge out of each block, times the
# probability that the path ends where it does). The overlap
# sum(min(actual, predicted)) / flow is 1 when the edges say everything the
# paths say, and lower the more the outcome of one branch predicts another:
# the correlation that only a path profile sees, and that superblocks along
# hot paths can fold (Design.md, "When a superblock pays").
#
# Usage: path-correlation.py [--markdown] [--top N] NAME=PROFILE ...
#   PROFILE is anything `llvm-pathprof show --json` reads; NAME labels its
# row. Prints, per profile, the flow-weighted overlap, the share of the flow
# in functions whose own overlap is below 0.9, and with --top the functions
# that carry the most flow the edges mispredict.
#
# ===----------------------------------------------------------------------===#
import argparse
import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def function_overlap(paths):
    """(flow, flow the edges predict right) of one function's paths."""
    starts = collections.Counter()
    ends = collections.Counter()
    out = collections.Counter()
    edges = collections.Counter()
    flow = 0
    for p in paths:
        blocks, count = p["block_ids"], p["count"]
        flow += count
        starts[blocks[0]] += count
        ends[blocks[-1]] += count
        out[blocks[-1]] += count
        for a, b in zip(blocks, blocks[1:]):
            edges[(a, b)] += count
            out[a] += count
    if flow == 0:
        return 0, 0
    right = 0.0
    for p in paths:
        blocks = p["block_ids"]
        predicted = float(starts[blocks[0]])
        for a, b in zip(blocks, blocks[1:]):
            predicted *= edges[(a, b)] / out[a]
        predicted *= ends[blocks[-1]] / out[blocks[-1]]
        right += min(p["count"], predicted)
    return flow, right


def profile_overlap(tool, path):
    r = subprocess.run([tool, "show", "--json", path], capture_output=True,
                       text=True)
    if r.returncode != 0:
        sys.exit("path-correlation.py: error: llvm-pathprof show {}: {}".format(
            path, r.stderr.strip()))
    doc = json.loads(r.stdout)
    rows = []
    for f in doc["functions"]:
        flow, right = function_overlap(f.get("paths", []))
        if flow:
            rows.append((f.get("demangled_name") or f["name"], flow, right))
    return rows


def main():
    parser = argparse.ArgumentParser(
        description="How much of a path profile its edges imply.")
    parser.add_argument("profiles", nargs="+", metavar="NAME=PROFILE")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--top", type=int, default=0, metavar="N",
                        help="also list the N functions with the most "
                        "mispredicted flow")
    parser.add_argument("--llvm-pathprof",
                        default=os.path.join(ROOT, "build", "bin",
                                             "llvm-pathprof"))
    args = parser.parse_args()
    sep = "|" if args.markdown else " "
    header = ["profile", "functions run", "edge-implied overlap",
              "flow in functions below 0.9"]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|:---|" + "---:|" * (len(header) - 1))
    else:
        print("  ".join(header))
    tops = []
    for spec in args.profiles:
        name, eq, path = spec.partition("=")
        if not eq or not os.path.exists(path):
            sys.exit("path-correlation.py: error: {}: expected NAME=PROFILE "
                     "with an existing PROFILE".format(spec))
        rows = profile_overlap(args.llvm_pathprof, path)
        flow = sum(r[1] for r in rows)
        right = sum(r[2] for r in rows)
        low = sum(r[1] for r in rows if r[2] < 0.9 * r[1])
        cells = [name, str(len(rows)),
                 "{:.3f}".format(right / flow if flow else 1.0),
                 "{:.1%}".format(low / flow if flow else 0.0)]
        if args.markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            print("  ".join(cells))
        tops += [(r[1] - r[2], name, r[0], r[2] / r[1]) for r in rows]
    if args.top:
        print()
        for miss, name, func, overlap in sorted(tops, reverse=True)[:args.top]:
            print("{}{}{}{} overlap {:.3f}, mispredicted flow {:,.0f}".format(
                name, sep, func, sep, overlap, miss))
    return 0


if __name__ == "__main__":
    sys.exit(main())
