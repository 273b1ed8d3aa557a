#!/usr/bin/env python3
"""Checks metric values of `llvm-pathprof show --json` against ranges, for
metrics whose exact values vary from run to run (time). Prints one line per
check, 'ok LABEL' or 'FAIL LABEL: value V not in [LO, HI]'.

  metric_check.py PROFILE.json CHECK...

Each CHECK is 'NUM/DEN:LO:HI' (a ratio) or 'NUM=VALUE:LO:HI' (NUM / VALUE),
where NUM and DEN are 'FUNCTION.PATH.METRIC' with PATH a path id or '*'
(the function's total), or '*.*.METRIC' (every path of the profile).
FUNCTION matches a profile name or its part after ';' (static functions)."""
import json
import sys


def value(doc, ref):
    fn, path, metric = ref.split(".")
    total = 0
    for f in doc["functions"]:
        if fn != "*" and f["name"] != fn and f["name"].split(";")[-1] != fn:
            continue
        for p in f["paths"]:
            if path == "*" or str(p["id"]) == path:
                total += p.get("metrics", {}).get(metric, 0)
    return total


doc = json.load(open(sys.argv[1]))
for check in sys.argv[2:]:
    expr, lo, hi = check.rsplit(":", 2)
    if "/" in expr:
        num, den = expr.split("/")
        d = value(doc, den)
    else:
        num, den = expr.split("=")
        d = float(den)
    n = value(doc, num)
    v = n / d if d else float("inf")
    if float(lo) <= v <= float(hi):
        print("ok %s" % expr)
    else:
        print("FAIL %s: value %.4f (%s / %s) not in [%s, %s]" %
              (expr, v, n, d, lo, hi))
