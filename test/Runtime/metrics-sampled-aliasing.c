// Sampling that aliases with loops: the loop path of every8() writes to a
// fresh page on every 8th iteration, that of every1024() on every 1024th,
// the same path each time. A fixed sampling period that is a multiple of 8
// would see either only the faulting iterations or none; the geometric
// countdown sees a fair share of both, so the interval of each path covers
// its exact total (a run that measured every path).
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=1 PATHPROF_FILE=%t.d/e.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/e.pathraw > %t.d/e.json
// RUN: %llvm-pathprof show --function=every8 %t.d/e.pathraw | FileCheck --check-prefix=EXACT8 %s
// EXACT8: Path 3: count 102200
// EXACT8-NEXT: Metrics: page-faults=12600{{$}}
// RUN: %llvm-pathprof show --function=every1024 %t.d/e.pathraw | FileCheck --check-prefix=EXACT1024 %s
// EXACT1024: Path 3: count 262140
// EXACT1024-NEXT: Metrics: page-faults=252{{$}}
//
// Mean periods of 16 and 64, multiples of 8 (and divisors of 1024): fixed,
// they would measure one phase of the loops only. The loop paths (the only
// ones of their functions with enough executions to be sampled at 1 in 64)
// have intervals that cover their exact totals.
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=16 PATHPROF_METRIC_SEED=1 PATHPROF_FILE=%t.d/s16.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/s16.pathraw > %t.d/s16.json
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=64 PATHPROF_METRIC_SEED=1 PATHPROF_FILE=%t.d/s64.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/s64.pathraw > %t.d/s64.json
// RUN: %python %S/Inputs/sampled_check.py --metric=page-faults --min-share=0.5 --function=every8 %t.d/e.json %t.d/s16.json %t.d/s64.json | FileCheck --check-prefix=COVER %s
// RUN: %python %S/Inputs/sampled_check.py --metric=page-faults --min-share=0.5 --function=every1024 %t.d/e.json %t.d/s16.json | FileCheck --check-prefix=COVER %s
// COVER-NOT: not covered
// COVER: coverage 100%
//
// Coverage: over 20 seeds, the 95% intervals of the hot paths (1% of the
// faults or more) cover the exact values in at least 90% of the cases.
// RUN: for S in $(seq 1 20); do env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=16 PATHPROF_METRIC_SEED=$S PATHPROF_FILE=%t.d/seed$S.pathraw %t > /dev/null && %llvm-pathprof show --json %t.d/seed$S.pathraw > %t.d/seed$S.json || exit 1; done
// RUN: %python %S/Inputs/sampled_check.py --metric=page-faults %t.d/e.json %t.d/seed*.json | FileCheck --check-prefix=SEEDS %s
// SEEDS: coverage {{(9[0-9]|100)}}%
//
// OUT: done
// OUT-NOT: PathProf

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

enum { Pages = 64, Page = 4096 };

static char *fresh(void) {
  char *M = mmap(0, Pages * Page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(M, Pages * Page, MADV_NOHUGEPAGE);
  return M;
}

/* One branch-free loop: a new page every 8 iterations. */
__attribute__((noinline)) static void every8(char *M) {
  for (long I = 0; I != Pages * 8; ++I)
    M[((I >> 3) << 12) + ((I & 7) << 3)] = 1;
}

/* The same, a new page every 1024 iterations. */
__attribute__((noinline)) static void every1024(char *M) {
  for (long I = 0; I != Pages * 1024; ++I)
    M[((I >> 10) << 12) + ((I & 1023) << 2)] = 1;
}

int main(void) {
  for (int R = 0; R != 200; ++R) {
    char *M = fresh();
    every8(M);
    munmap(M, Pages * Page);
  }
  for (int R = 0; R != 4; ++R) {
    char *M = fresh();
    every1024(M);
    munmap(M, Pages * Page);
  }
  printf("done\n");
  return 0;
}
