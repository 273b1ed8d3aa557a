#!/usr/bin/env python3
"""many-functions.py N: a text profile of N one-path functions, f0 ... f<N-1>,
where f<i> ran i + 1 times (html-index-pages.test)."""
import sys

n = int(sys.argv[1])
print(":pathprof-text 1")
for i in range(n):
    print()
    print("function f%d" % i)
    print("checksum 0x17e2d0b4013087ea")
    print("paths 1")
    print("block bb0 0 0")
    print("edge 0 1 ret")
    print("path 0 %d" % (i + 1))
