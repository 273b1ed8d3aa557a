#!/usr/bin/env python3
"""Prints the branch weights of every select of an IR dump (-print-after),
one line per select in order: "FUNCTION: T F", or "FUNCTION: none" for a
select without them, so that two use passes' selects can be diffed."""

import re
import sys


def main():
    text = open(sys.argv[1]).read()
    weights = dict(
        re.findall(r'^(![0-9]+) = !\{!"branch_weights", (.*)\}$', text, re.M))
    function = "?"
    for line in text.splitlines():
        m = re.match(r'define .*@("[^"]+"|[\w.$]+)\(', line)
        if m:
            function = m.group(1)
            continue
        if not re.search(r"= select i1 ", line):
            continue
        m = re.search(r"!prof (![0-9]+)", line)
        values = "none"
        if m:
            values = " ".join(v.split()[1] for v in weights[m.group(1)].split(", "))
        print("%s: %s" % (function, values))


if __name__ == "__main__":
    main()
