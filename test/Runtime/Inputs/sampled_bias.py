#!/usr/bin/env python3
"""What a sampled tsc profile charges each path execution beyond its time,
for the phases of Inputs/sampled_short.c (metrics-sampled-short.test).

  sampled_bias.py [--contexts] PROFILE.json PROGRAM-OUTPUT CHECK...

The program prints 'rdtsc R' (the median of back-to-back readings) and,
per phase, 'NAME ITERATIONS TICKS'. Each CHECK is 'NAME=F1,F2,...:MAX':
the phase's excess, (the estimates of the paths of functions F1, F2, ...
minus the phase's ticks) / ITERATIONS, must be at most MAX times R. Prints
'ok NAME: ...' or 'FAIL NAME: ...'. With --contexts (a calls-only profile,
`show --context --json`), a function's estimate is the sum of its contexts'
exclusive costs."""
import json
import sys

args = sys.argv[1:]
contexts = args[0] == "--contexts"
if contexts:
    args = args[1:]
doc = json.load(open(args[0]))
phases, unit = {}, None
for line in open(args[1]):
    words = line.split()
    if words[0] == "rdtsc":
        unit = float(words[1])
    elif len(words) == 3:
        phases[words[0]] = (int(words[1]), int(words[2]))


def exclusive(node, names):
    total = 0
    if node["name"].split(";")[-1] in names:
        total = node["metrics"]["tsc"]["exclusive"]
    return total + sum(exclusive(c, names) for c in node["children"])


def estimate(names):
    if contexts:
        return sum(exclusive(r, names) for r in doc["context"]["roots"])
    total = 0
    for f in doc["functions"]:
        if f["name"].split(";")[-1] in names:
            for p in f["paths"]:
                total += p.get("metrics", {}).get("tsc", 0)
    return total


for check in args[2:]:
    spec, most = check.rsplit(":", 1)
    name, functions = spec.split("=")
    iterations, ticks = phases[name]
    excess = (estimate(functions.split(",")) - ticks) / iterations
    if excess <= float(most) * unit:
        print("ok %s: excess %.1f ticks per iteration, R = %.0f" % (name, excess, unit))
    else:
        print("FAIL %s: excess %.1f ticks per iteration, more than %s x %.0f"
              % (name, excess, most, unit))
