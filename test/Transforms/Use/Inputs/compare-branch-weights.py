#!/usr/bin/env python3
"""Checks PathProf's branch weights against clang's IR PGO weights.

Usage: compare-branch-weights.py PATHPROF_IR CLANG_IR

Both files are textual IR of the same program, compiled from the same input
(-fno-discard-value-names, so blocks keep their names) at a point where no
pass ran between the two profiles' instrumentation and their use: one
annotated by -pathprof-profile-use, the other by clang -fprofile-use. Every
multi-way terminator (br, switch, indirectbr, invoke, callbr) is found in both
by its function and block name, and its weights must have the same ratios:
weight / sum of the terminator's weights, per successor block. Function entry
counts must be equal.

IR PGO splits critical edges it instrumented; a successor of clang's
terminator that is not a block of PathProf's function is followed through
its unconditional branch. Parallel edges (several switch cases to one block)
are compared by their sum, since a path profile measures them together.

Prints one line per disagreement, then
  'weights agree on N branches (K with weights) in M functions'
  'entry counts agree for F functions'
and exits 0, or says how many disagree and exits 1.
"""
import re
import sys
from fractions import Fraction

TERMINATOR = re.compile(r"^(?:%\S+ = )?(br|switch|indirectbr|invoke|callbr)\b")
LABEL = re.compile(r"label %([-\w.$]+|\"[^\"]*\")")


def parse(path):
    """Returns {function: {block: (opcode, [successors], weights or None)}}
    for multi-way terminators, {function: {block: [successors]}} for every
    block and {function: entry count}."""
    with open(path) as f:
        lines = f.read().splitlines()
    metadata = {}
    for line in lines:
        m = re.match(r"^(![0-9]+) = (?:distinct )?(.*)$", line)
        if m:
            metadata[m.group(1)] = m.group(2)

    terminators, successors, entry_counts = {}, {}, {}
    func = block = None
    pending = ""
    for line in lines:
        m = re.match(r"^define .*@(\"[^\"]+\"|[-\w.$]+)\(", line)
        if m:
            func, block = m.group(1).strip('"'), "entry"
            terminators[func], successors[func] = {}, {"entry": []}
            prof = re.search(r"!prof (![0-9]+)", line)
            count = re.search(r"function_entry_count\", i64 ([0-9]+)",
                              metadata.get(prof.group(1), "")) if prof else None
            if count:
                entry_counts[func] = int(count.group(1))
            continue
        if func is None:
            continue
        if line.startswith("}"):
            func = None
            continue
        m = re.match(r"^([-\w.$]+|\"[^\"]*\"):", line)
        if m:
            block = m.group(1).strip('"')
            successors[func][block] = []
            continue
        text = line.strip()
        # switch cases and invoke destinations continue on the next lines.
        if pending:
            pending += " " + text
            if not (text.startswith("]") or " unwind " in text):
                continue
            text, pending = pending, ""
        elif (text.startswith("switch ") and "]" not in text) or (
                re.search(r"\binvoke\b", text) and " unwind " not in text):
            pending = text
            continue
        m = TERMINATOR.match(text)
        if not m:
            continue
        # Operands end where the metadata attachments begin.
        body = text.split(", !")[0] if m.group(1) != "switch" else \
            text[:text.rindex("]") + 1]
        succs = [s.strip('"') for s in LABEL.findall(body)]
        successors[func][block] = succs
        weights = None
        prof = re.search(r"!prof (![0-9]+)", text)
        if prof and "branch_weights" in metadata.get(prof.group(1), ""):
            weights = [int(w) for w in re.findall(
                r"i32 ([0-9]+)", metadata[prof.group(1)])]
        if len(succs) >= 2:
            terminators[func][block] = (m.group(1), succs, weights)
    return terminators, successors, entry_counts


def per_successor(succs, weights, resolve):
    """Fractions of the total weight per (resolved) successor block."""
    sums = {}
    for s, w in zip(succs, weights):
        s = resolve(s)
        sums[s] = sums.get(s, 0) + w
    total = sum(sums.values())
    return {s: Fraction(w, total) for s, w in sums.items()}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ours, our_succs, our_entries = parse(sys.argv[1])
    theirs, their_succs, their_entries = parse(sys.argv[2])
    compared = weighted = bad = bad_entries = 0
    for func in sorted(set(our_entries) | set(their_entries)):
        if our_entries.get(func) != their_entries.get(func):
            print("entry count of %s: PathProf %s, clang %s" % (
                func, our_entries.get(func), their_entries.get(func)))
            bad_entries += 1
    functions = set()
    for func in sorted(set(ours) | set(theirs)):
        a, b = ours.get(func, {}), theirs.get(func, {})

        def resolve(s, func=func):
            # A block clang's PGO added on an edge: follow it.
            seen = 0
            while s not in our_succs.get(func, {}) and seen < 4:
                nxt = their_succs[func].get(s, [])
                if len(nxt) != 1:
                    break
                s, seen = nxt[0], seen + 1
            return s

        for block in sorted(set(a) | set(b)):
            where = "%s, block %s" % (func, block)
            if block not in a or block not in b:
                print("only in %s: %s" % ("PathProf" if block in a else "clang",
                                          where))
                bad += 1
                continue
            (op, succs, wa), (_, their, wb) = a[block], b[block]
            compared += 1
            functions.add(func)
            if wa is None and wb is None:
                continue
            weighted += 1
            if wa is None or wb is None or not sum(wa) or not sum(wb):
                print("%s: PathProf %s, clang %s" % (where, wa, wb))
                bad += 1
                continue
            fa = per_successor(succs, wa, lambda s: s)
            fb = per_successor(their, wb, resolve)
            if fa != fb:
                print("%s (%s): PathProf %s, clang %s" % (
                    where, op, dict(zip(succs, wa)), dict(zip(their, wb))))
                bad += 1
    if bad or bad_entries:
        print("%d of %d branches and %d of %d entry counts disagree" % (
            bad, compared, bad_entries, len(our_entries)))
        sys.exit(1)
    print("weights agree on %d branches (%d with weights) in %d functions" %
          (compared, weighted, len(functions)))
    print("entry counts agree for %d functions" % len(our_entries))


if __name__ == "__main__":
    main()
