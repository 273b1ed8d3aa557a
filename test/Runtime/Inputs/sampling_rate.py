#!/usr/bin/env python3
"""Checks that a sampled-metrics profile measured each path at the rate its
period says: for every path executed at least --min-count times, its
number of measured executions k is within --sigmas standard deviations of
count / period (binomial). Prints one line per path checked, 'ok' or
'off', then the totals.

  sampling_rate.py --period P --metric M [--min-count N] [--sigmas S] PROFILE.json
"""
import argparse, json, math

ap = argparse.ArgumentParser()
ap.add_argument("--period", type=int, required=True)
ap.add_argument("--metric", required=True)
ap.add_argument("--min-count", type=int, default=10000)
ap.add_argument("--sigmas", type=float, default=5.0)
ap.add_argument("profile")
args = ap.parse_args()

p = 1.0 / args.period
with open(args.profile) as f:
    doc = json.load(f)
checked = off = 0
for fn in doc["functions"]:
    for path in fn["paths"]:
        n = path["count"]
        if n < args.min_count:
            continue
        k = path["estimates"][args.metric]["samples"]
        mean, sd = n * p, math.sqrt(n * p * (1 - p))
        ok = abs(k - mean) <= args.sigmas * sd
        checked += 1
        off += not ok
        print("%s %s path %d: %d of %d measured, expected %.0f +- %.0f" %
              ("ok" if ok else "off", fn["name"], path["id"], k, n, mean,
               args.sigmas * sd))
print("checked %d paths, %d off" % (checked, off))
