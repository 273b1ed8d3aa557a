#!/usr/bin/env python3
"""Reads `llvm-pathprof show --json` of a profile with a calling context
tree and prints the tree as stable lines for FileCheck, children in key
order (call site, how reached, name), one per context:

  ctx <indent>[SITE] NAME entries=E paths=ID:COUNT,...
  rec <indent>[SITE] NAME up=LEVELS entries=E

--entries prints the same lines without the paths (entries=E only), the
shape and counts a build with -fprofile-path-context=calls must give too.

--check-costs checks the costs of a profile that counts calls only
(-fprofile-path-context=calls -fprofile-path-metrics): per context and
metric, inclusive >= exclusive, and inclusive = exclusive + the callees'
inclusive for a context with no recursive call in its subtree (a recursive
activation's costs are counted again in the context it is folded into, so
no relation holds above one), and per function its costs are the sum of
its contexts'. It prints
one line per violation and a summary.

--sum NAME instead prints 'NAME: E entries in C contexts, U via unknown
code, under P' (P: the parents' names, sorted).

--check-flat instead checks the flattening against the functions of the
same profile: for every function whose contexts all have path tables, the
per-id sum of its contexts' path counts must equal its paths; for every
function, the entry counts of its contexts must sum to its entry count.
It prints one line per mismatch and a summary.

--check-threads instead checks that the trees of the threads (`show --json
--context --per-thread`, under "threads") add up to the merged tree: every
context's entries and path counts, and every recursive call's entries, are
the sums of the threads' for the same chain of call sites. It prints one
line per mismatch and a summary."""
import json
import sys

argv = sys.argv[1:]
total_of = None
if "--sum" in argv:
    i = argv.index("--sum")
    total_of = argv[i + 1]
    del argv[i:i + 2]
entries_only = "--entries" in argv
args = [a for a in argv if not a.startswith("--")]
doc = json.load(open(args[0]) if args else sys.stdin)
tree = doc["context"]


def site(n):
    if "call_site" not in n:
        return ""
    s = "own" if n["call_site"] is None else str(n["call_site"])
    return "[%s%s] " % (s, ", unknown" if n["via_unknown"] else "")


def key(n):
    cs = n.get("call_site", -1)
    return (1 << 64 if cs is None else cs, n["via_unknown"], n["name"])


def walk(n, depth, out):
    paths = ",".join("%d:%d" % (p["id"], p["count"]) for p in n["paths"])
    if n["exclusive_count"] is None:
        paths = "flat"
    line = "ctx %s%s%s entries=%d" % ("  " * depth, site(n), n["function"],
                                      n["entry_count"])
    out.append(line if entries_only else line + " paths=" + paths)
    for c in sorted(n["children"], key=key):
        walk(c, depth + 1, out)
    for r in sorted(n["recursion"], key=key):
        out.append("rec %s%s%s up=%d entries=%d" %
                   ("  " * (depth + 1), site(r), r["function"], r["levels_up"],
                    r["entry_count"]))


if total_of is not None:
    found = []

    def find(n, parent):
        if n["function"] == total_of:
            found.append((n, parent))
        for c in n["children"]:
            find(c, n["function"])

    for r in tree["roots"]:
        find(r, "-")
    print("%s: %d entries in %d contexts, %d via unknown code, under %s" %
          (total_of, sum(n["entry_count"] for n, _ in found), len(found),
           sum(1 for n, _ in found if n["via_unknown"]),
           ",".join(sorted(set(p for _, p in found)))))
    sys.exit(0)

def add_tree(roots, into, chain=()):
    """Adds every context and recursive call of roots to into, a dict keyed
    by the chain of (call site, how reached, name, checksum) from a root."""
    for n in roots:
        k = chain + ((n.get("call_site", -1), n["via_unknown"], n["name"],
                      n["checksum"]),)
        e = into.setdefault(k, {"entries": 0, "paths": {}})
        e["entries"] += n["entry_count"]
        for p in n["paths"]:
            e["paths"][p["id"]] = e["paths"].get(p["id"], 0) + p["count"]
        for r in n["recursion"]:
            rk = k + (("rec", r["call_site"], r["via_unknown"], r["name"],
                       r["levels_up"]),)
            re = into.setdefault(rk, {"entries": 0, "paths": {}})
            re["entries"] += r["entry_count"]
        add_tree(n["children"], into, k)


if "--check-threads" in sys.argv:
    summed, merged = {}, {}
    threads = tree["threads"]
    for t in threads:
        add_tree(t["roots"], summed)
    add_tree(tree["roots"], merged)
    bad = 0
    for k in sorted(set(summed) | set(merged), key=str):
        if summed.get(k) != merged.get(k):
            print("MISMATCH %s: threads %s, merged %s" %
                  (" -> ".join(str(x[2] if x[0] != "rec" else x) for x in k),
                   summed.get(k), merged.get(k)))
            bad += 1
    print("threads: %d trees, %d contexts and recursive calls, %d mismatches"
          % (len(threads), len(merged), bad))

if "--check-costs" in sys.argv:
    names = [m["name"] for m in doc.get("metrics", [])]
    bad = 0
    counts = {"exact": 0, "bounded": 0}
    fn_costs = {}

    def check(n, where):
        global bad
        where = where + " -> " + site(n) + n["function"]
        recursive = bool(n["recursion"])
        for c in n["children"]:
            recursive |= check(c, where)
        costs = n["metrics"]
        acc = fn_costs.setdefault((n["name"], n["checksum"]),
                                  {m: [0, 0] for m in names})
        for m in names:
            incl, excl = costs[m]["inclusive"], costs[m]["exclusive"]
            acc[m][0] += excl
            acc[m][1] += incl
            below = sum(c["metrics"][m]["inclusive"] for c in n["children"])
            if incl < excl:
                print("VIOLATION %s: %s inclusive %d < exclusive %d" %
                      (where, m, incl, excl))
                bad += 1
            if not recursive and incl != excl + below:
                print("VIOLATION %s: %s inclusive %d != exclusive %d + "
                      "callees %d" % (where, m, incl, excl, below))
                bad += 1
        counts["bounded" if recursive else "exact"] += 1
        return recursive

    for r in tree["roots"]:
        check(r, "")
    for fn in doc["functions"]:
        acc = fn_costs.get((fn["name"], fn["checksum"]))
        if acc is None or "costs" not in fn:
            continue
        for m in names:
            have = [fn["costs"][m]["exclusive"], fn["costs"][m]["inclusive"]]
            if have != acc[m]:
                print("VIOLATION %s: %s costs %s, its contexts' %s" %
                      (fn["name"], m, have, acc[m]))
                bad += 1
    print("costs: %d contexts exact, %d with recursion below, %d violations"
          % (counts["exact"], counts["bounded"], bad))
    sys.exit(0)

if "--check-flat" not in sys.argv:
    out = []
    for r in sorted(tree["roots"], key=key):
        walk(r, 0, out)
    print("\n".join(out))
    sys.exit(0)

per_fn = {}


def collect(n):
    e = per_fn.setdefault((n["name"], n["checksum"]),
                          {"entries": 0, "paths": {}, "flat": False})
    e["entries"] += n["entry_count"]
    if n["exclusive_count"] is None:
        e["flat"] = True
    for p in n["paths"]:
        e["paths"][p["id"]] = e["paths"].get(p["id"], 0) + p["count"]
    for c in n["children"]:
        collect(c)


for r in tree["roots"]:
    collect(r)
bad = 0
checked = 0
for fn in doc["functions"]:
    k = (fn["name"], fn["checksum"])
    e = per_fn.get(k)
    if e is None:
        if fn["total_count"]:
            print("MISMATCH %s: ran but has no context" % fn["name"])
            bad += 1
        continue
    checked += 1
    if e["entries"] != fn["entry_count"]:
        print("MISMATCH %s: contexts enter %d times, the function %d" %
              (fn["name"], e["entries"], fn["entry_count"]))
        bad += 1
    if not e["flat"]:
        flat = {p["id"]: p["count"] for p in fn["paths"]}
        if flat != e["paths"]:
            print("MISMATCH %s: paths %s in contexts, %s in the function" %
                  (fn["name"], sorted(e["paths"].items()), sorted(flat.items())))
            bad += 1
print("flattening: %d functions checked, %d mismatches" % (checked, bad))
