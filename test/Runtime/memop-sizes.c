// Memory-operation lengths (value profiles of sizes): every memcpy, memmove
// and memset whose length is not a constant records its lengths in a value
// block, as IR PGO's memop size profiling does (-pgo-instr-memop), exactly
// under threads, with per-thread or atomic counters; lengths LLVM's memop
// optimisation cannot specialise (above 8 and not a power of two) count as
// other lengths. The use pass gives each operation the value profile that
// clang -fprofile-use gives it, and LLVM's PGOMemOPSizeOpt specialises the
// same operations for the same lengths.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang -O2 -pthread %s -o %t/plain && %t/plain > %t/plain.out
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate %s -o %t/gen
// RUN: env PATHPROF_FILE=%t/gen.pathraw %t/gen > %t/gen.out
// RUN: cmp %t/plain.out %t/gen.out
//
// Four threads, 1000 calls each: pad() 3000 of length 0 and 1000 of 8;
// copy() 2000 of 16, 800 of 4 and 1200 of 24 (other); move() 2000 of 64
// and 2000 of 100 (other). copy()'s constant 32 is not recorded.
// RUN: %llvm-pathprof show --text %t/gen.pathraw | FileCheck %s --check-prefix=TEXT
// TEXT:      :pathprof-text 8
// TEXT:      function {{.*}}memop-sizes.c;copy
// TEXT-NOT:  function
// TEXT:      memop 0 1200
// TEXT-NEXT: memop 0 800 4
// TEXT-NEXT: memop 0 2000 16
// TEXT-NOT:  {{^}}memop
// TEXT:      function {{.*}}memop-sizes.c;move
// TEXT-NOT:  function
// TEXT:      memop 0 2000
// TEXT-NEXT: memop 0 2000 64
// TEXT-NOT:  {{^}}memop
// TEXT:      function {{.*}}memop-sizes.c;pad
// TEXT-NOT:  function
// TEXT:      memop 0 3000 0
// TEXT-NEXT: memop 0 1000 8
// TEXT-NOT:  {{^}}memop
// RUN: %llvm-pathprof show %t/gen.pathraw | FileCheck %s --check-prefix=SHOW
// SHOW:      Function: copy
// SHOW:        Memory operation 0: 4000 executions: length 16 2000, length 4 800, other 1200
// SHOW:      Function: move
// SHOW:        Memory operation 0: 4000 executions: length 64 2000, other 2000
// SHOW:      Function: pad
// SHOW:        Memory operation 0: 4000 executions: length 0 3000, length 8 1000
// RUN: %llvm-pathprof show --json --function=pad %t/gen.pathraw | FileCheck %s --check-prefix=JSON
// JSON:      "memory_operations": [
// JSON-NEXT:   {
// JSON-NEXT:     "operation": 0,
// JSON-NEXT:     "other": 0,
// JSON-NEXT:     "lengths": [
// JSON-NEXT:       {
// JSON-NEXT:         "length": 0,
// JSON-NEXT:         "count": 3000
// JSON-NEXT:       },
// JSON-NEXT:       {
// JSON-NEXT:         "length": 8,
// JSON-NEXT:         "count": 1000
// JSON-NEXT:       }
// JSON-NEXT:     ]
// JSON-NEXT:   }
// JSON-NEXT: ]
//
// Shared atomic counters record the same; so does the compact form of a
// normal exit against the dense one.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-update=atomic %s -o %t/atomic
// RUN: env PATHPROF_FILE=%t/atomic.pathraw %t/atomic > /dev/null
// RUN: %llvm-pathprof show --text %t/atomic.pathraw | FileCheck %s --check-prefix=TEXT
// RUN: env PATHPROF_COMPACT=0 PATHPROF_FILE=%t/dense.pathraw %t/gen > /dev/null
// RUN: %llvm-pathprof show --text %t/dense.pathraw | FileCheck %s --check-prefix=TEXT
//
// Merging adds them, times the weight; indexed and text forms read back to
// the same profile byte for byte.
// RUN: %llvm-pathprof merge -o %t/gen.pathprof %t/gen.pathraw
// RUN: %llvm-pathprof merge -o %t/three.pathprof %t/gen.pathprof --weighted-input=2,%t/atomic.pathraw
// RUN: %llvm-pathprof show --text %t/three.pathprof | FileCheck %s --check-prefix=THREE
// THREE:      memop 0 3600
// THREE-NEXT: memop 0 2400 4
// THREE-NEXT: memop 0 6000 16
// RUN: %llvm-pathprof merge --text -o %t/gen.pptext %t/gen.pathprof
// RUN: %llvm-pathprof merge -o %t/round.pathprof %t/gen.pptext
// RUN: cmp %t/gen.pathprof %t/round.pathprof
// RUN: %llvm-pathprof merge --no-index -o %t/noindex.pathprof %t/gen.pathraw
// RUN: %llvm-pathprof show --text %t/noindex.pathprof | FileCheck %s --check-prefix=TEXT
//
// The same value profiles as clang -fprofile-use's from the same work,
// operation by operation (less the ranges clang records that LLVM does not
// specialise). Clang's run has its threads one after another: its value
// profiling loses counts when threads race (3,544 of pad()'s 4,000 in one
// run), where PathProf's per-thread slices count exactly.
// RUN: %clang -O2 -pthread -fprofile-generate %s -o %t/pgo
// RUN: env LLVM_PROFILE_FILE=%t/pgo.profraw %t/pgo serial > /dev/null
// RUN: %llvm-profdata merge -o %t/pgo.profdata %t/pgo.profraw
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/gen.pathprof -c %s -o /dev/null -mllvm -print-after=pathprof-use -mllvm -print-module-scope 2> %t/pathprof.ll
// RUN: %clang -O2 -fprofile-use=%t/pgo.profdata -c %s -o /dev/null -mllvm -print-after=pgo-instr-use -mllvm -print-module-scope 2> %t/clang.ll
// RUN: %python %S/Inputs/memop_values.py %t/pathprof.ll > %t/pathprof.values
// RUN: %python %S/Inputs/memop_values.py %t/clang.ll | diff %t/pathprof.values -
// RUN: FileCheck %s --check-prefix=VALUES < %t/pathprof.values
// VALUES:      pad: 4000 0:3000 8:1000
// VALUES-NEXT: copy: 4000 16:2000 4:800
// VALUES-NEXT: copy: none
// VALUES-NEXT: move: 4000 64:2000
// VALUES-NOT:  :
//
// The rebuild specialises them as clang's does: pad()'s memset for 0 and
// 8, copy()'s memcpy for 16 (4, 20% of the calls, is below LLVM's 40%).
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/gen.pathprof -c %s -o /dev/null -Rpass=pgo-memop-opt 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: %clang -O2 -fprofile-use=%t/pgo.profdata -c %s -o /dev/null -Rpass=pgo-memop-opt 2>&1 | FileCheck %s --check-prefix=OPT
// OPT:     memop-sizes.c:[[@LINE+29]]:3: remark: optimized memset with count 4000 out of 4000 for 2 versions
// OPT:     memop-sizes.c:[[@LINE+35]]:3: remark: optimized memcpy with count 2000 out of 4000 for 1 versions
// OPT-NOT: remark
//
// Without -pathprof-memop-sizes the profile has none, and the rebuild
// specialises nothing.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -mllvm -pathprof-memop-sizes=false %s -o %t/nosizes
// RUN: env PATHPROF_FILE=%t/nosizes.pathraw %t/nosizes > /dev/null
// RUN: %llvm-pathprof show --text %t/nosizes.pathraw | FileCheck %s --check-prefix=NOSIZES
// NOSIZES-NOT: {{^}}memop
// RUN: %llvm-pathprof merge -o %t/nosizes.pathprof %t/nosizes.pathraw
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/nosizes.pathprof -c %s -o /dev/null -Rpass=pgo-memop-opt 2>&1 | FileCheck %s --allow-empty --check-prefix=NOOPT
// NOOPT-NOT: remark
//
// A profile that names an operation the function does not have leaves the
// function's operations without lengths, with a remark.
// RUN: sed 's/^memop 0 \(.*\)$/memop 3 \1/' %t/gen.pptext > %t/stale.pptext
// RUN: %llvm-pathprof merge -o %t/stale.pathprof %t/stale.pptext
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/stale.pathprof -c %s -o /dev/null -Rpass-missed=pathprof-use 2>&1 | FileCheck %s --check-prefix=STALE
// STALE: remark: memory operation lengths not used for copy: the profile has lengths of operation 3, the function has 1 (stale profile)

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char Buf[4][1024], Src[1024];

/* Length 0 in three calls of four, 8 in the fourth. */
__attribute__((noinline)) static void pad(char *P, unsigned I) {
  memset(P, 0, I % 4 == 3 ? 8 : 0);
}

/* Lengths 16 (half of the calls), 24 (three in ten: recorded as other
   lengths, a range LLVM does not specialise) and 4 (one in five). */
__attribute__((noinline)) static void copy(char *P, unsigned I) {
  unsigned R = I % 10;
  memcpy(P, Src, R < 5 ? 16 : R < 8 ? 24 : 4);
  memcpy(P + 32, Src, 32); /* a constant length: not recorded */
}

/* memmove: 64 (a power of two, recorded) or 100 (other), one each. */
__attribute__((noinline)) static void move(char *P, unsigned I) {
  memmove(P + 1, P, I % 2 ? 64 : 100);
}

static void *work(void *Arg) {
  char *P = Buf[(long)Arg];
  for (unsigned I = 0; I != 1000; ++I) {
    pad(P, I);
    copy(P, I);
    move(P, I);
  }
  return 0;
}

/* With an argument, each thread runs to its end before the next starts:
   clang's value profiling is not exact when threads race. */
int main(int Argc, char **Argv) {
  (void)Argv;
  pthread_t T[4];
  for (long I = 0; I != 4; ++I) {
    pthread_create(&T[I], 0, work, (void *)I);
    if (Argc > 1)
      pthread_join(T[I], 0);
  }
  unsigned Sum = 0;
  for (int I = 0; I != 4; ++I) {
    if (Argc == 1)
      pthread_join(T[I], 0);
    Sum += (unsigned char)Buf[I][7];
  }
  printf("%u\n", Sum);
  return 0;
}
