#!/usr/bin/env python3
"""Prints the branch weights of every select of an IR dump (-print-after),
one line per select in order: "FUNCTION: T F", or "FUNCTION: none" for a
select without them, so that two use passes' selects can be diffed."""

import sys

from ir_dump import profiled


def main():
    text = open(sys.argv[1]).read()
    for function, fields in profiled(text, r"= select i1 ", "branch_weights"):
        print("%s: %s" % (function, " ".join(fields) if fields else "none"))


if __name__ == "__main__":
    main()
