#!/usr/bin/env python3
"""Prints the length value profile (!prof !{!"VP", i32 1, ...}) of every
memcpy, memmove and memset of an IR dump (-print-after), one line per call
in order: "FUNCTION: TOTAL LENGTH:COUNT ...", or "FUNCTION: none". Lengths
that IR PGO records as ranges (above 8 and not a power of two, or above
512) are left out, as LLVM's memop optimisation never specialises them and
PathProf counts them with the other lengths, so that the two use passes'
profiles can be diffed."""

import sys

from ir_dump import profiled


def single_value(v):
    return v <= 8 or (v <= 512 and v & (v - 1) == 0)


def main():
    text = open(sys.argv[1]).read()
    calls = profiled(text, r"call void @llvm\.mem(cpy|move|set)\.", "VP")
    for function, fields in calls:
        # Kind 1 (IPVK_MemOPSize): TOTAL, then LENGTH COUNT pairs.
        if not fields or fields[0] != "1":
            print("%s: none" % function)
            continue
        words = [int(w) for w in fields[1:]]
        pairs = zip(words[1::2], words[2::2])
        print("%s: %d %s" % (function, words[0], " ".join(
            "%d:%d" % (v, c) for v, c in pairs if single_value(v))))


if __name__ == "__main__":
    main()
