#!/usr/bin/env python3
"""Measures the intervals between the samples of a one-thread program.

Usage: sample-intervals.py PERF_SCRIPT

Each sample holds the last DEPTH taken branches, newest first; the previous
sample's newest record is in the next sample at the position that is the
number of taken branches between the two samples, when that is below DEPTH.
A pair of samples counts when that record is there once and the two windows
agree on all records they share (a loop that repeats within the window
makes the position ambiguous: such pairs are left out). Prints how many
pairs count, the lowest and highest interval, how many distinct intervals
were seen and their mean, rounded.
"""
import sys


def main():
    samples = []
    with open(sys.argv[1]) as f:
        for line in f:
            if line.startswith(" "):
                samples.append(line.split()[1:])
    intervals = []
    for prev, cur in zip(samples, samples[1:]):
        if not prev or cur.count(prev[0]) != 1:
            continue
        k = cur.index(prev[0])
        if cur[k:] == prev[:len(cur) - k]:
            intervals.append(k)
    print("pairs %d, intervals %d..%d, %d distinct, mean %d" %
          (len(intervals), min(intervals), max(intervals), len(set(intervals)),
           round(sum(intervals) / len(intervals))))


if __name__ == "__main__":
    main()
