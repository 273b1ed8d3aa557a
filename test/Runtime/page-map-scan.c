// The page-map and zero-word scanners that the exit compaction, the fold
// and the copy of the static counters use to step over what a run never
// touched (__pathprof_next_marked: 32 pages a step, __pathprof_next_nonzero:
// 16 words a step). Every start and end position of a map and of a word
// array, with one, two or no marks at every place around the block
// boundaries, against a scan one element at a time; then the two cases the
// callers rely on, printed.
//
// RUN: %clang -O1 -I%pathprof_include -I%pathprof_src/lib/Runtime %s %pathprof_rt -o %t
// RUN: %t | FileCheck %s

#include "PathProfInternal.h"

#include <stdio.h>
#include <string.h>

enum { N = 100 };

static uint64_t slowMarked(const unsigned char *P, uint64_t I, uint64_t End) {
  while (I < End && !P[I])
    ++I;
  return I;
}

static uint64_t slowNonzero(const uint64_t *W, uint64_t I, uint64_t End) {
  while (I < End && !W[I])
    ++I;
  return I;
}

int main(void) {
  static unsigned char Pages[N];
  static uint64_t Words[N];
  unsigned Checked = 0, Wrong = 0;
  /* No mark, one mark at A, or marks at A and B (B after A). */
  for (int A = -1; A < N; ++A)
    for (int B = A; B < N; B += (A < 0 ? N : 7)) {
      memset(Pages, 0, sizeof(Pages));
      memset(Words, 0, sizeof(Words));
      if (A >= 0) {
        /* Bits other than bit 0 count as marks too: the map is bytes. */
        Pages[A] = A % 2 ? 1 : 0x80;
        Words[A] = A % 2 ? 1 : 0x8000000000000000ULL;
      }
      if (B > A) {
        Pages[B] = 1;
        Words[B] = 5;
      }
      for (uint64_t From = 0; From <= N; ++From)
        for (uint64_t End = From; End <= N; ++End) {
          Wrong += __pathprof_next_marked(Pages, From, End) !=
                   slowMarked(Pages, From, End);
          Wrong += __pathprof_next_nonzero(Words, From, End) !=
                   slowNonzero(Words, From, End);
          Checked += 2;
        }
    }
  printf("checked %u, wrong %u\n", Checked, Wrong);
  // CHECK: checked [[#]], wrong 0

  /* A map of 100,000 pages with one mark past the middle, as a large
     metrics reservation leaves it; and a page of words that are all zero
     but its last. */
  static unsigned char Big[100000];
  Big[61234] = 1;
  printf("next marked %llu, then %llu\n",
         (unsigned long long)__pathprof_next_marked(Big, 0, 100000),
         (unsigned long long)__pathprof_next_marked(Big, 61235, 100000));
  // CHECK-NEXT: next marked 61234, then 100000
  static uint64_t Page[512];
  Page[511] = 42;
  printf("next non-zero %llu, then %llu\n",
         (unsigned long long)__pathprof_next_nonzero(Page, 0, 512),
         (unsigned long long)__pathprof_next_nonzero(Page, 0, 511));
  // CHECK-NEXT: next non-zero 511, then 511
  return 0;
}
