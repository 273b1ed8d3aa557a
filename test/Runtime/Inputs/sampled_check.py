#!/usr/bin/env python3
"""Checks the estimates of sampled metrics (`llvm-pathprof show --json`)
against the exact values of a run that measured every path
(PATHPROF_METRIC_PERIOD=1) of the same program.

  sampled_check.py --metric=M [--min-share=S] [--function=F] EXACT SAMPLED...

For every hot path of EXACT (at least S of the metric's total, default 0.01;
only those of function F when given) and every SAMPLED profile, checks
that the path's 95% interval covers the exact value. Prints one line per
profile, 'covered C of N', then 'coverage P%' over all of them."""
import argparse
import json


def paths(doc, function):
    for f in doc["functions"]:
        if function and f["name"] != function and \
                f["name"].split(";")[-1] != function:
            continue
        for p in f["paths"]:
            yield (f["name"], p["id"]), p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--metric", required=True)
    ap.add_argument("--min-share", type=float, default=0.01)
    ap.add_argument("--function")
    ap.add_argument("exact")
    ap.add_argument("sampled", nargs="+")
    args = ap.parse_args()
    exact = dict(paths(json.load(open(args.exact)), args.function))
    total = sum(p["metrics"][args.metric] for p in exact.values())
    hot = {k: p["metrics"][args.metric] for k, p in exact.items()
           if total and p["metrics"][args.metric] >= args.min_share * total}
    covered = cases = 0
    for name in args.sampled:
        got = dict(paths(json.load(open(name)), args.function))
        c = 0
        for key, value in sorted(hot.items()):
            e = got.get(key, {}).get("estimates", {}).get(args.metric)
            low = e and e["low"]
            high = e and e["high"]
            if e and low is not None and low <= value and \
                    (high is None or value <= high):
                c += 1
            else:
                print("not covered: %s path %d exact %d, sampled %s" %
                      (key[0], key[1], value, e))
        print("covered %d of %d" % (c, len(hot)))
        covered += c
        cases += len(hot)
    print("coverage %d%%" % (100 * covered // max(cases, 1)))


main()
