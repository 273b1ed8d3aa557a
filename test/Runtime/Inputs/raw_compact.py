"""Rebuilds the segment that a compact segment (raw version 6 to 9) or a
packed segment (version 10) of a raw PathProf profile stands for. Shared by
the test helpers that read raw files (dump_raw.py, context_arena.py).

A compact segment holds its dense header region, then runs {start word,
number of words, words}. A packed segment holds a short header, then runs
of the whole segment (header included), each a ULEB128 gap of zero words,
a ULEB128 (number of words << 1 | raw), then the words: 8 bytes each if
raw, ULEB128 each if not (docs/FileFormat.md, "Packed segments")."""
import struct

from pathprof_layout import (HEADER_FORMAT, HEADER_SIZE, PACKED_HEADER_FIELDS,
                             PACKED_HEADER_FORMAT, PACKED_HEADER_SIZE,
                             REGION_DENSE_HEADER, REGION_RUNS,
                             SEGMENT_COUNTERS as COUNTERS)

HEADER = struct.Struct(HEADER_FORMAT)
PACKED = struct.Struct(PACKED_HEADER_FORMAT)


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


def packed_header(data, offset):
    """The fields of the packed header at offset, by name."""
    return dict(zip(PACKED_HEADER_FIELDS, PACKED.unpack_from(data, offset)))


def _uleb(data, at, end):
    value, shift = 0, 0
    while True:
        if at >= end:
            raise ValueError("cut off")
        b = data[at]
        at += 1
        value |= (b & 0x7f) << shift
        if not b & 0x80:
            return value, at
        shift += 7


def packed_runs(data, offset):
    """[(start word, words)] of the packed segment at offset."""
    p = packed_header(data, offset)
    at = offset + PACKED_HEADER_SIZE
    end = at + p["EncodedSize"]
    runs, next_word = [], 0
    while at < end:
        gap, at = _uleb(data, at, end)
        shape, at = _uleb(data, at, end)
        n, raw, start = shape >> 1, shape & 1, next_word + gap
        if n == 0:
            raise ValueError("packed at %d: a run of no words" % offset)
        if raw:
            words = list(struct.unpack_from("<%dQ" % n, data, at))
            at += 8 * n
        else:
            words = []
            for _ in range(n):
                w, at = _uleb(data, at, end)
                words.append(w)
        runs.append((start, words))
        next_word = start + n
    if at != end:
        raise ValueError("packed at %d: runs past the end" % offset)
    return runs


def unpack_packed(data, offset):
    """(header fields, bytes) of the description or counter segment that
    the packed segment at offset holds; raises ValueError if it is
    damaged."""
    p = packed_header(data, offset)
    image = bytearray(p["InnerSize"])
    for start, words in packed_runs(data, offset):
        if 8 * (start + len(words)) > len(image):
            raise ValueError("packed at %d: run past the image" % offset)
        struct.pack_into("<%dQ" % len(words), image, 8 * start, *words)
    inner = HEADER.unpack_from(image, 0)
    if inner[3] != len(image) or inner[4] != p["InnerKind"]:
        raise ValueError("packed at %d: bad inner header" % offset)
    return inner, bytes(image)
