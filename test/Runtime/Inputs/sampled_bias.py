#!/usr/bin/env python3
"""What a sampled tsc profile charges each path execution beyond its time,
for the phases of Inputs/sampled_short.c (metrics-sampled-short.test).

  sampled_bias.py PROFILE.json PROGRAM-OUTPUT CHECK...

The program prints 'rdtsc R' (the median of back-to-back readings) and,
per phase, 'NAME ITERATIONS TICKS'. Each CHECK is 'NAME=F1,F2,...:MAX':
the phase's excess, (the estimates of the paths of functions F1, F2, ...
minus the phase's ticks) / ITERATIONS, must be at most MAX times R. Prints
'ok NAME' or 'FAIL NAME: excess E ticks per iteration, R = ...'."""
import json
import sys

doc = json.load(open(sys.argv[1]))
phases, unit = {}, None
for line in open(sys.argv[2]):
    words = line.split()
    if words[0] == "rdtsc":
        unit = float(words[1])
    elif len(words) == 3:
        phases[words[0]] = (int(words[1]), int(words[2]))


def estimate(names):
    total = 0
    for f in doc["functions"]:
        if f["name"].split(";")[-1] in names:
            for p in f["paths"]:
                total += p.get("metrics", {}).get("tsc", 0)
    return total


for check in sys.argv[3:]:
    spec, most = check.rsplit(":", 1)
    name, functions = spec.split("=")
    iterations, ticks = phases[name]
    excess = (estimate(functions.split(",")) - ticks) / iterations
    if excess <= float(most) * unit:
        print("ok %s: excess %.1f ticks per iteration, R = %.0f" % (name, excess, unit))
    else:
        print("FAIL %s: excess %.1f ticks per iteration, more than %s x %.0f"
              % (name, excess, most, unit))
