/*===- PathProf/PackedImage.h - The runs of a packed segment ----*- C -*-===*\
|*
|* The encoding of a packed segment's body (raw version 10,
|* PATHPROF_SEGMENT_PACKED; docs/FileFormat.md, "Packed segments"): the
|* words of a segment image as runs of its non-zero words, each run
|*
|*   ULEB128 Gap      zero words between the previous run's end (or word 0)
|*                    and the run's first word
|*   ULEB128 Shape    NumWords << 1 | Raw, NumWords >= 1
|*   the words        Raw: 8 bytes each, little-endian; else ULEB128 each
|*
|* one after another to the end of the encoding. A writer takes up to
|* PATHPROF_PACKED_MAX_GAP zero words into a run rather than start a new
|* one, and writes a run's words raw when that is shorter (names, hashes).
|* The runtime encodes and decodes with these functions and the reader
|* decodes with them (lib/ProfileData/RawProfileReader.cpp), so the two
|* cannot disagree. Plain C, no allocation, no libc beyond memcpy.
|*
\*===----------------------------------------------------------------------===*/

#ifndef PATHPROF_PACKEDIMAGE_H
#define PATHPROF_PACKEDIMAGE_H

#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Zero words a run takes in rather than end there: a new run costs at
   least two bytes of gap and shape, a zero word in a run one byte (or
   eight, raw), so only gaps of three words or more end a run. */
#define PATHPROF_PACKED_MAX_GAP 2

/* What decoding a run found (PathProfPackedRun::Status). */
enum {
  PATHPROF_PACKED_OK = 0,
  PATHPROF_PACKED_CUT_OFF = 1,    /* the encoding ends inside the run */
  PATHPROF_PACKED_BAD_NUMBER = 2, /* a ULEB128 longer than 64 bits */
  PATHPROF_PACKED_NO_WORDS = 3,   /* a run of zero words */
  PATHPROF_PACKED_OUTSIDE = 4     /* a run past the end of the image */
};

/* Bytes of \p V as a ULEB128: one per 7 significant bits. */
static inline unsigned pathprofUlebSize(uint64_t V) {
  return (unsigned)(64 - __builtin_clzll(V | 1) + 6) / 7;
}

static inline uint8_t *pathprofPutUleb(uint8_t *Out, uint64_t V) {
  while (V >= 0x80) {
    *Out++ = (uint8_t)(V | 0x80);
    V >>= 7;
  }
  *Out++ = (uint8_t)V;
  return Out;
}

/* Reads a ULEB128 at In[*Pos], Size bytes in all; 0, or a status. */
static inline int pathprofGetUleb(const uint8_t *In, uint64_t Size,
                                  uint64_t *Pos, uint64_t *V) {
  uint64_t Result = 0;
  unsigned Shift = 0;
  for (;;) {
    if (*Pos >= Size)
      return PATHPROF_PACKED_CUT_OFF;
    uint8_t B = In[(*Pos)++];
    if (Shift == 63 && (B & 0x7e))
      return PATHPROF_PACKED_BAD_NUMBER;
    Result |= (uint64_t)(B & 0x7f) << Shift;
    if (!(B & 0x80))
      break;
    Shift += 7;
    if (Shift > 63)
      return PATHPROF_PACKED_BAD_NUMBER;
  }
  *V = Result;
  return PATHPROF_PACKED_OK;
}

/* Writes the run of the \p N words at \p Words, \p Gap zero words after the
   previous run, to \p Out; returns the bytes written, at most
   2 x 10 + 8 x N. */
static inline uint64_t pathprofPutRun(uint8_t *Out, uint64_t Gap,
                                      const uint64_t *Words, uint64_t N) {
  uint64_t Varint = 0;
  for (uint64_t I = 0; I != N; ++I)
    Varint += pathprofUlebSize(Words[I]);
  const int Raw = Varint > 8 * N;
  uint8_t *P = pathprofPutUleb(Out, Gap);
  P = pathprofPutUleb(P, N << 1 | (uint64_t)Raw);
  if (Raw) {
    memcpy(P, Words, (size_t)(8 * N));
    P += 8 * N;
  } else {
    for (uint64_t I = 0; I != N; ++I)
      P = pathprofPutUleb(P, Words[I]);
  }
  return (uint64_t)(P - Out);
}

/* One run, as pathprofGetRun decodes it. */
typedef struct PathProfPackedRun {
  uint64_t Start;    /* its first word in the image */
  uint64_t NumWords; /* >= 1 */
  uint64_t At;       /* where it starts in the encoding */
  int Status;        /* PATHPROF_PACKED_* */
} PathProfPackedRun;

/* Decodes the run at In[*Pos] (Size bytes of encoding) into \p Image, an
   image of \p ImageWords words that holds zeros past \p *Next, the word
   after the previous run (0 before the first); advances *Pos and *Next.
   Run->Status says whether it was whole and inside the image. Whatever the
   status, it wrote at most the words [Run->Start, Run->Start +
   Run->NumWords), which are inside the image (none, 0 words, when the run
   has none or would go past the image). */
static inline void pathprofGetRun(const uint8_t *In, uint64_t Size,
                                  uint64_t *Pos, uint64_t *Next,
                                  uint64_t *Image, uint64_t ImageWords,
                                  PathProfPackedRun *Run) {
  uint64_t Gap = 0, Shape = 0;
  Run->At = *Pos;
  Run->Start = Run->NumWords = 0;
  Run->Status = pathprofGetUleb(In, Size, Pos, &Gap);
  if (Run->Status == PATHPROF_PACKED_OK)
    Run->Status = pathprofGetUleb(In, Size, Pos, &Shape);
  if (Run->Status != PATHPROF_PACKED_OK)
    return;
  if (Shape >> 1 == 0) {
    Run->Status = PATHPROF_PACKED_NO_WORDS;
    return;
  }
  if (Gap > ImageWords - *Next || Shape >> 1 > ImageWords - *Next - Gap) {
    Run->Status = PATHPROF_PACKED_OUTSIDE;
    return;
  }
  Run->NumWords = Shape >> 1;
  Run->Start = *Next + Gap;
  uint64_t *Out = Image + Run->Start;
  if (Shape & 1) {
    if (Run->NumWords > (Size - *Pos) / 8) {
      Run->Status = PATHPROF_PACKED_CUT_OFF;
      return;
    }
    memcpy(Out, In + *Pos, (size_t)(8 * Run->NumWords));
    *Pos += 8 * Run->NumWords;
  } else {
    for (uint64_t I = 0; I != Run->NumWords; ++I)
      if ((Run->Status = pathprofGetUleb(In, Size, Pos, &Out[I])) !=
          PATHPROF_PACKED_OK)
        return;
  }
  *Next = Run->Start + Run->NumWords;
}

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PACKEDIMAGE_H */
