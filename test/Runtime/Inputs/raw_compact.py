"""Expands a compact segment (raw version 6 and later) of a raw PathProf profile into
the counter segment it stands for: its dense header region, then zeros but
for its runs {start word, number of words, words}. Shared by the test
helpers that read raw files (dump_raw.py, context_arena.py)."""
import struct

from pathprof_layout import (HEADER_FORMAT, HEADER_SIZE, REGION_DENSE_HEADER,
                             REGION_RUNS, SEGMENT_COUNTERS as COUNTERS)

HEADER = struct.Struct(HEADER_FORMAT)


def expand_compact(data, offset):
    """(header fields, bytes) of the counter segment that the compact
    segment at offset stands for; raises ValueError if it is damaged."""
    h = HEADER.unpack_from(data, offset)
    regions = {}
    for i in range(h[11]):
        kind, off, size, _ = h[14 + 4 * i:18 + 4 * i]
        regions[kind] = (off, size)
    dense_off, dense_size = regions[REGION_DENSE_HEADER]
    runs_off, runs_size = regions[REGION_RUNS]
    inner = HEADER.unpack_from(data, offset + dense_off)
    if dense_size != HEADER.size or inner[4] != COUNTERS:
        raise ValueError("compact at %d: bad dense header" % offset)
    dense = bytearray(inner[3])
    dense[0:HEADER.size] = data[offset + dense_off:
                                offset + dense_off + HEADER.size]
    at, end, next_word = (offset + runs_off, offset + runs_off + runs_size,
                          HEADER_SIZE // 8)
    while at < end:
        start, n = struct.unpack_from("<2Q", data, at)
        if n == 0 or start < next_word or 8 * (start + n) > len(dense):
            raise ValueError("compact at %d: bad run at %d" % (offset, at))
        dense[8 * start:8 * (start + n)] = data[at + 16:at + 16 + 8 * n]
        next_word = start + n
        at += 16 + 8 * n
    return inner, bytes(dense)
