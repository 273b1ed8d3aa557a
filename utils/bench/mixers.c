/*===- utils/bench/mixers.c - benchmark: tiny helpers in hot loops --------===*
 *
 * The shape of compressors, hash tables and serialisers: many tiny helpers
 * (64-bit and 32-bit little-endian loads, rotates, hash mixers, bit-set and
 * record accessors), written once the way a shared header writes them and
 * called from hot loops in several "modules" below, where -O2 inlines them
 * all. The modules: a 64-bit stripe hash over a buffer, a rolling match
 * finder that hashes every position, a Bloom filter, a count-min sketch, a
 * varint encoder and decoder, and a filter over records read through
 * accessor functions.
 * Usage: mixers [N [SEED]]; prints a checksum. N (default 2500000) scales the
 * buffers and the number of operations; SEED (default 17) seeds the data.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- "mem.h": loads, stores, bit tricks --------------------------------- */

static inline uint64_t read64(const void *P) {
  uint64_t V;
  memcpy(&V, P, sizeof(V));
  return V;
}

static inline uint32_t read32(const void *P) {
  uint32_t V;
  memcpy(&V, P, sizeof(V));
  return V;
}

static inline uint16_t read16(const void *P) {
  uint16_t V;
  memcpy(&V, P, sizeof(V));
  return V;
}

static inline void write64(void *P, uint64_t V) { memcpy(P, &V, sizeof(V)); }

static inline uint64_t rotl64(uint64_t X, int R) {
  return (X << R) | (X >> (64 - R));
}

static inline uint32_t rotl32(uint32_t X, int R) {
  return (X << R) | (X >> (32 - R));
}

/* Reads up to 8 bytes at the end of a buffer without overrunning it. */
static inline uint64_t readTail(const uint8_t *P, size_t Len) {
  if (Len >= 8)
    return read64(P);
  uint64_t V = 0;
  for (size_t I = 0; I < Len; ++I)
    V |= (uint64_t)P[I] << (8 * I);
  return V;
}

/* --- "hash.h": mixers ---------------------------------------------------- */

static const uint64_t Prime1 = 0x9E3779B185EBCA87ull;
static const uint64_t Prime2 = 0xC2B2AE3D27D4EB4Full;
static const uint64_t Prime3 = 0x165667B19E3779F9ull;

static inline uint64_t fmix64(uint64_t K) {
  K ^= K >> 33;
  K *= 0xff51afd7ed558ccdull;
  K ^= K >> 33;
  K *= 0xc4ceb9fe1a85ec53ull;
  K ^= K >> 33;
  return K;
}

static inline uint32_t fmix32(uint32_t H) {
  H ^= H >> 16;
  H *= 0x85ebca6bu;
  H ^= H >> 13;
  H *= 0xc2b2ae35u;
  H ^= H >> 16;
  return H;
}

static inline uint64_t round64(uint64_t Acc, uint64_t Input) {
  Acc += Input * Prime2;
  Acc = rotl64(Acc, 31);
  return Acc * Prime1;
}

static inline uint64_t mergeRound(uint64_t Acc, uint64_t Val) {
  Acc ^= round64(0, Val);
  return Acc * Prime1 + Prime3;
}

static inline uint64_t mum(uint64_t A, uint64_t B) {
  __uint128_t R = (__uint128_t)A * B;
  return (uint64_t)R ^ (uint64_t)(R >> 64);
}

static inline uint64_t hashCombine(uint64_t Seed, uint64_t V) {
  return Seed ^ (V + 0x9e3779b97f4a7c15ull + (Seed << 6) + (Seed >> 2));
}

static inline uint32_t hash4(const uint8_t *P, int Bits) {
  return (read32(P) * 2654435761u) >> (32 - Bits);
}

static inline uint32_t hash6(const uint8_t *P, int Bits) {
  return (uint32_t)(((read64(P) << 16) * 227718039650203ull) >> (64 - Bits));
}

/* --- module 1: a stripe hash over a buffer ------------------------------- */

static uint64_t stripeHash(const uint8_t *P, size_t Len, uint64_t Seed) {
  const uint8_t *End = P + Len;
  uint64_t H;
  if (Len >= 32) {
    uint64_t V1 = Seed + Prime1 + Prime2, V2 = Seed + Prime2, V3 = Seed,
             V4 = Seed - Prime1;
    do {
      V1 = round64(V1, read64(P));
      V2 = round64(V2, read64(P + 8));
      V3 = round64(V3, read64(P + 16));
      V4 = round64(V4, read64(P + 24));
      P += 32;
    } while (P + 32 <= End);
    H = rotl64(V1, 1) + rotl64(V2, 7) + rotl64(V3, 12) + rotl64(V4, 18);
    H = mergeRound(H, V1);
    H = mergeRound(H, V2);
    H = mergeRound(H, V3);
    H = mergeRound(H, V4);
  } else {
    H = Seed + Prime3;
  }
  H += (uint64_t)Len;
  while (P + 8 <= End) {
    H ^= round64(0, read64(P));
    H = rotl64(H, 27) * Prime1 + Prime2;
    P += 8;
  }
  H ^= readTail(P, (size_t)(End - P)) * Prime3;
  return fmix64(H);
}

/* --- module 2: a rolling match finder ------------------------------------ */

static uint64_t findMatches(const uint8_t *Buf, size_t Len) {
  enum { Bits = 14 };
  uint32_t *Table4 = calloc(1u << Bits, sizeof(uint32_t));
  uint32_t *Table6 = calloc(1u << Bits, sizeof(uint32_t));
  uint64_t Found = 0, Total = 0;
  for (size_t I = 1; I + 8 <= Len; ++I) {
    uint32_t H4 = hash4(Buf + I, Bits), H6 = hash6(Buf + I, Bits);
    uint32_t C6 = Table6[H6], C4 = Table4[H4];
    Table4[H4] = Table6[H6] = (uint32_t)I;
    if (C6 && read64(Buf + C6) == read64(Buf + I)) {
      Found += 2;
      Total += I - C6;
    } else if (C4 && read32(Buf + C4) == read32(Buf + I)) {
      Found += 1;
      Total += I - C4;
    }
  }
  free(Table4);
  free(Table6);
  return Found * 1000003 + Total;
}

/* --- module 3: a Bloom filter -------------------------------------------- */

struct Bloom {
  uint64_t *Bits;
  uint64_t NBits;
};

static inline void bitSet(uint64_t *Bits, uint64_t I) {
  Bits[I >> 6] |= 1ull << (I & 63);
}

static inline int bitGet(const uint64_t *Bits, uint64_t I) {
  return (int)(Bits[I >> 6] >> (I & 63)) & 1;
}

static inline uint64_t bloomIndex(const struct Bloom *B, uint64_t H1,
                                  uint64_t H2, int K) {
  return (H1 + (uint64_t)K * H2) % B->NBits;
}

static void bloomAdd(struct Bloom *B, uint64_t Key) {
  uint64_t H1 = fmix64(Key), H2 = mum(Key, Prime2) | 1;
  for (int K = 0; K < 4; ++K)
    bitSet(B->Bits, bloomIndex(B, H1, H2, K));
}

static int bloomMayContain(const struct Bloom *B, uint64_t Key) {
  uint64_t H1 = fmix64(Key), H2 = mum(Key, Prime2) | 1;
  for (int K = 0; K < 4; ++K)
    if (!bitGet(B->Bits, bloomIndex(B, H1, H2, K)))
      return 0;
  return 1;
}

/* --- module 4: a count-min sketch ---------------------------------------- */

enum { SketchRows = 4, SketchCols = 4096 };

static inline uint32_t sketchCol(uint64_t Key, int Row) {
  return fmix32((uint32_t)Key ^ rotl32((uint32_t)(Key >> 32), Row * 7) ^
                (uint32_t)Row * 0x27d4eb2fu) &
         (SketchCols - 1);
}

static inline uint32_t *sketchCell(uint32_t *S, int Row, uint32_t Col) {
  return &S[Row * SketchCols + Col];
}

static void sketchAdd(uint32_t *S, uint64_t Key) {
  for (int R = 0; R < SketchRows; ++R)
    ++*sketchCell(S, R, sketchCol(Key, R));
}

static uint32_t sketchEstimate(uint32_t *S, uint64_t Key) {
  uint32_t Min = UINT32_MAX;
  for (int R = 0; R < SketchRows; ++R) {
    uint32_t V = *sketchCell(S, R, sketchCol(Key, R));
    Min = V < Min ? V : Min;
  }
  return Min;
}

/* --- module 5: varints ---------------------------------------------------- */

static inline size_t putVarint(uint8_t *P, uint64_t V) {
  size_t N = 0;
  while (V >= 0x80) {
    P[N++] = (uint8_t)(V | 0x80);
    V >>= 7;
  }
  P[N++] = (uint8_t)V;
  return N;
}

static inline size_t getVarint(const uint8_t *P, uint64_t *V) {
  if (P[0] < 0x80) {
    *V = P[0];
    return 1;
  }
  uint64_t R = 0;
  size_t N = 0;
  int Shift = 0;
  do {
    R |= (uint64_t)(P[N] & 0x7f) << Shift;
    Shift += 7;
  } while (P[N++] & 0x80);
  *V = R;
  return N;
}

/* --- module 6: records read through accessors ----------------------------- */

struct Record {
  uint8_t Raw[24]; /* id:8 flags:4 score:4 parent:4 kind:2 pad:2 */
};

static inline uint64_t recId(const struct Record *R) { return read64(R->Raw); }
static inline uint32_t recFlags(const struct Record *R) {
  return read32(R->Raw + 8);
}
static inline uint32_t recScore(const struct Record *R) {
  return read32(R->Raw + 12);
}
static inline uint32_t recParent(const struct Record *R) {
  return read32(R->Raw + 16);
}
static inline uint16_t recKind(const struct Record *R) {
  return read16(R->Raw + 20);
}
static inline int recHasFlag(const struct Record *R, int F) {
  return (recFlags(R) >> F) & 1;
}
static inline int recIsLive(const struct Record *R) {
  return !recHasFlag(R, 0);
}
static inline void recSetScore(struct Record *R, uint32_t S) {
  memcpy(R->Raw + 12, &S, 4);
}

static uint64_t scanRecords(struct Record *Recs, size_t N) {
  uint64_t Acc = 0;
  for (size_t I = 0; I < N; ++I) {
    struct Record *R = &Recs[I];
    if (!recIsLive(R))
      continue;
    uint32_t P = recParent(R) % (uint32_t)N;
    if (recHasFlag(R, 3) && recKind(&Recs[P]) == recKind(R))
      recSetScore(R, recScore(R) + recScore(&Recs[P]) / 2);
    Acc = hashCombine(Acc, recId(R) ^ recScore(R));
  }
  return Acc;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 2500000;
  uint64_t Seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 17;
  size_t Len = (size_t)N * 4;
  /* Text-like data with repeats, so the match finder finds matches. */
  uint8_t *Buf = malloc(Len + 8);
  uint64_t S = Seed;
  for (size_t I = 0; I < Len; ++I) {
    S = S * 6364136223846793005ull + 1442695040888963407ull;
    if ((S >> 59) == 0 && I > 64) {
      size_t Back = 1 + (size_t)((S >> 20) % 64), Run = 4 + (S >> 40) % 12;
      for (size_t K = 0; K < Run && I < Len; ++K, ++I)
        Buf[I] = Buf[I - Back];
      --I;
    } else {
      Buf[I] = (uint8_t)("etaoin shrdlu"[(S >> 33) % 13]);
    }
  }
  memset(Buf + Len, 0, 8);

  uint64_t Out = 0;
  /* Module 1 over many short keys and a few whole buffers. */
  for (size_t I = 0; I + 64 <= Len; I += 13)
    Out += stripeHash(Buf + I, 1 + (I % 61), I);
  for (int K = 0; K < 4; ++K)
    Out ^= stripeHash(Buf, Len - (size_t)K, (uint64_t)K);

  Out = hashCombine(Out, findMatches(Buf, Len));

  struct Bloom B = {calloc((size_t)N / 4 + 1, sizeof(uint64_t)),
                    (uint64_t)(N / 4 + 1) * 64};
  for (long I = 0; I < N; ++I)
    bloomAdd(&B, read64(Buf + (size_t)I * 3) ^ (uint64_t)I);
  uint64_t Maybe = 0;
  for (long I = 0; I < 2 * N; ++I)
    Maybe += (uint64_t)bloomMayContain(&B, read64(Buf + (size_t)(I % N) * 3) ^
                                               (uint64_t)(I ^ (I & 1)));
  free(B.Bits);
  Out = hashCombine(Out, Maybe);

  uint32_t *Sketch = calloc(SketchRows * SketchCols, sizeof(uint32_t));
  for (long I = 0; I < N; ++I)
    sketchAdd(Sketch, read32(Buf + (size_t)I * 4) & 0xffff);
  uint64_t Est = 0;
  for (long I = 0; I < N; I += 3)
    Est += sketchEstimate(Sketch, read32(Buf + (size_t)I * 4) & 0xffff);
  free(Sketch);
  Out = hashCombine(Out, Est);

  uint8_t *Var = malloc((size_t)N * 10);
  size_t Pos = 0;
  for (long I = 0; I < N; ++I)
    Pos += putVarint(Var + Pos, fmix64((uint64_t)I + Seed) >> (I % 64));
  uint64_t VSum = 0;
  for (size_t P = 0; P < Pos;) {
    uint64_t V;
    P += getVarint(Var + P, &V);
    VSum += V;
  }
  free(Var);
  Out = hashCombine(Out, VSum ^ Pos);

  size_t NR = (size_t)N / 2;
  struct Record *Recs = malloc(NR * sizeof(*Recs));
  for (size_t I = 0; I < NR; ++I) {
    uint64_t R = fmix64(I ^ Seed);
    write64(Recs[I].Raw, R);
    write64(Recs[I].Raw + 8, mum(R, Prime1));
    write64(Recs[I].Raw + 16, R >> 13);
  }
  for (int Pass = 0; Pass < 6; ++Pass)
    Out = hashCombine(Out, scanRecords(Recs, NR));
  free(Recs);
  free(Buf);

  printf("mixers %ld %016llx\n", N, (unsigned long long)Out);
  return 0;
}
