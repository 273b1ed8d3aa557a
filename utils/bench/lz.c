/*===- utils/bench/lz.c - benchmark: LZ77 compressor and decompressor -----===*
 *
 * Compresses generated text (words from a small vocabulary with random
 * mutations) with a hash-chain LZ77 coder into literal runs and matches,
 * decompresses it again and checks the round trip. Match search and the
 * literal / match decision are the hot, branchy part.
 * Usage: lz [N_KIB [SEED]]; prints a checksum. SEED (default 99) seeds the
 * text generator, so another SEED gives another text of the same kind.
 *
 *===---------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  HashBits = 14,
  Window = 1 << 15,
  MinMatch = 4,
  MaxMatch = 127 + MinMatch,
  MaxChain = 32
};

static uint32_t hash4(const uint8_t *P) {
  uint32_t V;
  memcpy(&V, P, 4);
  return (V * 2654435761u) >> (32 - HashBits);
}

/* Output: tag byte; tag < 128 = (tag+1) literals follow; tag >= 128 =
 * match of length (tag-128+MinMatch) with a 2-byte offset. */
static size_t compress(const uint8_t *In, size_t N, uint8_t *Out) {
  static int32_t Head[1 << HashBits];
  static int32_t Prev[Window];
  memset(Head, -1, sizeof(Head));
  size_t I = 0, O = 0, LitStart = 0;
  while (I < N) {
    size_t BestLen = 0, BestOff = 0;
    if (I + MinMatch <= N) {
      uint32_t H = hash4(In + I);
      int32_t Cand = Head[H];
      int Chain = MaxChain;
      while (Cand >= 0 && I - (size_t)Cand < Window && Chain-- > 0) {
        size_t Len = 0, Max = N - I < MaxMatch ? N - I : MaxMatch;
        while (Len < Max && In[Cand + Len] == In[I + Len])
          ++Len;
        if (Len > BestLen) {
          BestLen = Len;
          BestOff = I - (size_t)Cand;
          if (Len == Max)
            break;
        }
        Cand = Prev[Cand % Window];
      }
      Prev[I % Window] = Head[H];
      Head[H] = (int32_t)I;
    }
    if (BestLen >= MinMatch) {
      while (LitStart < I) {
        size_t Run = I - LitStart > 128 ? 128 : I - LitStart;
        Out[O++] = (uint8_t)(Run - 1);
        memcpy(Out + O, In + LitStart, Run);
        O += Run;
        LitStart += Run;
      }
      Out[O++] = (uint8_t)(128 + BestLen - MinMatch);
      Out[O++] = (uint8_t)(BestOff & 0xff);
      Out[O++] = (uint8_t)(BestOff >> 8);
      for (size_t K = 1; K < BestLen && I + K + MinMatch <= N; ++K) {
        uint32_t H = hash4(In + I + K);
        Prev[(I + K) % Window] = Head[H];
        Head[H] = (int32_t)(I + K);
      }
      I += BestLen;
      LitStart = I;
    } else {
      ++I;
    }
  }
  while (LitStart < N) {
    size_t Run = N - LitStart > 128 ? 128 : N - LitStart;
    Out[O++] = (uint8_t)(Run - 1);
    memcpy(Out + O, In + LitStart, Run);
    O += Run;
    LitStart += Run;
  }
  return O;
}

static size_t decompress(const uint8_t *In, size_t N, uint8_t *Out) {
  size_t I = 0, O = 0;
  while (I < N) {
    uint8_t Tag = In[I++];
    if (Tag < 128) {
      memcpy(Out + O, In + I, Tag + 1u);
      I += Tag + 1u;
      O += Tag + 1u;
    } else {
      size_t Len = Tag - 128u + MinMatch;
      size_t Off = In[I] | (size_t)In[I + 1] << 8;
      I += 2;
      for (size_t K = 0; K < Len; ++K, ++O)
        Out[O] = Out[O - Off];
    }
  }
  return O;
}

int main(int argc, char **argv) {
  long KiB = argc > 1 ? atol(argv[1]) : 12288;
  size_t N = (size_t)KiB * 1024;
  static const char *Words[] = {"the ",    "path ", "profile ",  "counter ",
                                "branch ", "loop ", "function ", "entry ",
                                "exit ",   "edge ", "of ",       "a ",
                                "hot ",    "cold "};
  uint8_t *Text = malloc(N + 8), *Packed = malloc(N + N / 64 + 16),
          *Back = malloc(N + 8);
  if (!Text || !Packed || !Back)
    return 1;
  uint32_t Seed = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 99;
  for (size_t I = 0; I < N;) {
    Seed = Seed * 1664525u + 1013904223u;
    if ((Seed >> 24) < 20) {
      Text[I++] = (uint8_t)('A' + (Seed >> 8) % 26);
      continue;
    }
    for (const char *W = Words[(Seed >> 8) % 14]; *W && I < N;)
      Text[I++] = (uint8_t)*W++;
  }
  size_t C = compress(Text, N, Packed);
  size_t D = decompress(Packed, C, Back);
  if (D != N || memcmp(Text, Back, N) != 0) {
    printf("lz: round trip failed\n");
    return 1;
  }
  uint64_t Sum = 1469598103934665603ull;
  for (size_t I = 0; I < C; ++I)
    Sum = (Sum ^ Packed[I]) * 1099511628211ull;
  printf("lz %ld %zu %016llx\n", KiB, C, (unsigned long long)Sum);
  free(Text);
  free(Packed);
  free(Back);
  return 0;
}
