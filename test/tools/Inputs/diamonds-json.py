#!/usr/bin/env python3
"""diamonds-json.py - Describe a function with 2^K paths for make-raw-profile.py.

Writes a make-raw-profile.py description of one hashed function, 'wide',
whose CFG is a chain of K if-else diamonds (2^K acyclic paths: 2^63 is the
most a function can have, 2^64 does not fit the format), with a count of 5 for
its last path and 3 for path 0.

usage: diamonds-json.py K OUTPUT
"""

import json
import sys


def main():
    k, output = int(sys.argv[1]), sys.argv[2]
    blocks = [["entry", "wide.c", 1, 1]]
    edges = []
    for i in range(k):
        head = 0 if i == 0 else 3 * i
        blocks += [["then%d" % i, "", 0, 0], ["else%d" % i, "", 0, 0],
                   ["join%d" % i, "", 0, 0]]
        edges += [[head, 3 * i + 1, "cfg"], [head, 3 * i + 2, "cfg"],
                  [3 * i + 1, 3 * i + 3, "cfg"], [3 * i + 2, 3 * i + 3, "cfg"]]
    edges.append([3 * k, 3 * k + 1, "ret"])
    last = (1 << k) - 1
    desc = {"functions": [{"name": "wide", "checksum": 7, "hashed": True,
                           "blocks": blocks, "edges": edges,
                           "counts": {"0": 3, str(last & (2**64 - 1)): 5}}]}
    with open(output, "w") as f:
        json.dump(desc, f)


if __name__ == "__main__":
    main()
