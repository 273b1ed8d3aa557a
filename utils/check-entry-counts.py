#!/usr/bin/env python3
"""Checks a path profile against clang's own edge profile of the same run.

Each function's entry count derived from the path profile (the paths that
start at the function's entry) must equal the first of its 'Block counts' in
`llvm-profdata show --all-functions --counts` of a profile built with
`clang -fprofile-generate -mllvm -pgo-instrument-entry -mllvm
-disable-preinline`. Functions that clang did not count (or that PathProf did
not instrument) are listed but not compared.

With --contexts, PathProf's entry count of a function is instead the sum of
the entry counts of its contexts in the calling context tree (a profile made
with -fprofile-path-context, or -fprofile-path-context=calls, which counts
no paths): every entry must be in exactly one context.

Usage: check-entry-counts.py [--contexts] PATHPROF_SHOW_JSON PROFDATA_SHOW_TXT
Prints 'entry counts agree for N functions' and exits 0, or lists each
disagreement and exits 1.
"""
import json
import re
import sys


def clang_entry_counts(path):
    counts = {}
    name = None
    with open(path) as f:
        for line in f:
            m = re.match(r"^  (\S.*):$", line)
            if m:
                name = m.group(1)
                continue
            m = re.match(r"^\s+Block counts: \[(\d+)", line)
            if m and name is not None:
                counts[name] = int(m.group(1))
    return counts


def context_entry_counts(doc):
    counts = {}

    def walk(n):
        counts[n["name"]] = counts.get(n["name"], 0) + n["entry_count"]
        for c in n["children"]:
            walk(c)

    for r in doc["context"]["roots"]:
        walk(r)
    return counts


def main():
    args = sys.argv[1:]
    contexts = "--contexts" in args
    args = [a for a in args if a != "--contexts"]
    if len(args) != 2:
        sys.exit(__doc__)
    with open(args[0]) as f:
        doc = json.load(f)
    if contexts:
        ours = context_entry_counts(doc)
    else:
        ours = {fn["name"]: fn["entry_count"] for fn in doc["functions"]}
    theirs = clang_entry_counts(args[1])
    bad = 0
    compared = 0
    for name in sorted(set(ours) | set(theirs)):
        if name not in ours or name not in theirs:
            if ours.get(name, 0) or theirs.get(name, 0):
                print("only in %s: %s" % ("PathProf" if name in ours else "clang",
                                          name))
                bad += name in ours
            continue
        compared += 1
        if ours[name] != theirs[name]:
            print("entry count of %s: PathProf %d, clang %d" %
                  (name, ours[name], theirs[name]))
            bad += 1
    if bad:
        print("%d disagreements" % bad)
        sys.exit(1)
    print("entry counts agree for %d functions" % compared)


if __name__ == "__main__":
    main()
