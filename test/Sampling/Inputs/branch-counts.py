#!/usr/bin/env python3
"""Counts the taken branches that branch records name, by symbol.

Usage: branch-counts.py [--cycles] [--all] [--per-thread] [--as=NAME]
                        PERF_SCRIPT BINARY

Reads a `perf script -F ip,brstack --show-mmap-events` file (as
pathprof-branch-sampler writes it) and the ELF program it sampled, and prints
"FROM -> TO COUNT" for every distinct newest record (the first of each sample)
whose source or target is in BINARY, each address as SYMBOL+0xOFFSET of the
nearest symbol at or before it (llvm-nm), as "[FILE]" in another file that
an MMAP2 line maps (a shared library), or as "?" in no mapping. With
--period=1 every taken branch starts exactly one sample, so the counts are the
exact numbers of times each branch was taken. First come the number of
samples and the number of addresses, in all records of all samples, that no
MMAP2 line maps. With --cycles, records are
told apart by their CYCLES field too ("FROM -> TO cycles C COUNT"). With
--as=NAME, BINARY is the file that the MMAP2 lines call NAME (a golden file
made elsewhere). With --all, every record of every sample is counted, not
only the newest. With --per-thread, samples that start with PID/TID (perf
script -F pid,tid,ip,brstack) are counted per thread, "thread N: FROM -> TO
COUNT", threads numbered in the order of their first sample, after a line
with the numbers of processes and threads. Records of 6, 7 or 8 fields (docs/Sampling.md) are read
alike.
"""
import collections
import os
import re
import struct
import subprocess
import sys

# Both forms: device and inode, or (perf record --buildid-mmap) a build id.
MMAP2 = re.compile(r"^PERF_RECORD_MMAP2 \d+/\d+: \[(0x[0-9a-f]+)\((0x[0-9a-f]+)\)"
                   r" @ (0x[0-9a-f]+|0) (?:[0-9a-f]+:[0-9a-f]+ \d+ \d+|<[0-9a-f]+>)"
                   r"\]: [-r][-w]x[ps] (.*)$")


def exec_segments(path):
    """(page-aligned file offset, page-aligned vaddr) of each PF_X PT_LOAD."""
    with open(path, "rb") as f:
        data = f.read()
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    segments = []
    for i in range(phnum):
        p_type, p_flags, p_offset, p_vaddr = struct.unpack_from(
            "<IIQQ", data, phoff + i * phentsize)
        if p_type == 1 and p_flags & 1:
            segments.append((p_offset & ~0xfff, p_vaddr & ~0xfff))
    return segments


def symbols(path):
    out = subprocess.run(["llvm-nm", "--defined-only", "-n", path],
                         capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16), parts[2]))
    return syms


def main():
    args = sys.argv[1:]
    with_cycles = "--cycles" in args
    every_record = "--all" in args
    per_thread = "--per-thread" in args
    threads = {}
    name_as = [a[len("--as="):] for a in args if a.startswith("--as=")]
    args = [a for a in args if not a.startswith("--")]
    script, path = args[0], os.path.realpath(args[1])
    binary = name_as[0] if name_as else path
    segments = exec_segments(path)
    syms = symbols(path)
    ranges = []  # (runtime start, runtime end, runtime minus file address)
    others = []  # (runtime start, runtime end, file name)
    counts = collections.Counter()
    addresses = []
    samples = 0
    with open(script) as f:
        for line in f:
            m = MMAP2.match(line)
            if m and m.group(4) != binary:
                start, length = int(m.group(1), 16), int(m.group(2), 16)
                others.append((start, start + length,
                               os.path.basename(m.group(4))))
                continue
            if m:
                start, length = int(m.group(1), 16), int(m.group(2), 16)
                pgoff = int(m.group(3), 16)
                for off, vaddr in segments:
                    if off == pgoff:
                        ranges.append((start, start + length, start - vaddr))
                continue
            if line.startswith(("#", "PERF_RECORD_")) or not line.strip():
                continue
            fields = line.split()
            thread = None
            if "/" in fields[0] and not fields[0].startswith("0x"):
                thread = threads.setdefault(fields[0], len(threads) + 1)
                fields = fields[1:]
            if not per_thread:
                thread = None
            samples += 1
            for record in fields[1:]:
                addresses.extend(int(a, 16) for a in record.split("/")[:2])
            for text in fields[1:] if every_record else fields[1:2]:
                record = text.split("/")
                cycles = int(record[5]) if with_cycles else None
                counts[(thread, int(record[0], 16), int(record[1], 16),
                        cycles)] += 1

    def name(addr):
        for lo, hi, bias in ranges:
            if lo <= addr < hi:
                file_addr = addr - bias
                best = None
                for value, sym in syms:
                    if value <= file_addr:
                        best = (value, sym)
                if best:
                    return "%s+0x%x" % (best[1], file_addr - best[0])
        for lo, hi, file_name in others:
            if lo <= addr < hi:
                return "[%s]" % file_name
        return "?"

    print("samples %d" % samples)
    if per_thread:
        print("processes %d, threads %d" %
              (len(set(t.split("/")[0] for t in threads)), len(threads)))
    print("unmapped %d" % sum(
        1 for a in addresses
        if not any(lo <= a < hi for lo, hi, _ in ranges + others)))
    lines = []
    for (thread, src, dst, cycles), n in counts.items():
        a, b = name(src), name(dst)
        if a[0] in "?[" and b[0] in "?[":
            continue
        text = "%s -> %s" % (a, b)
        if cycles is not None:
            text += " cycles %d" % cycles
        lines.append((thread or 0, "%s %d" % (text, n)))
    for thread, text in sorted(lines):
        print("thread %d: %s" % (thread, text) if thread else text)


if __name__ == "__main__":
    main()
