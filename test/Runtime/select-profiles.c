// Select profiles: every select the instrumented code has (here the
// ternaries of constants clang emits as selects) counts how often it chose
// its true value, exactly under threads, with per-thread or atomic
// counters, as IR PGO counts selects (-pgo-instr-select); the use pass
// gives each select the branch weights clang -fprofile-use gives it.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang -O2 -pthread %s -o %t/plain && %t/plain > %t/plain.out
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate %s -o %t/gen
// RUN: env PATHPROF_FILE=%t/gen.pathraw %t/gen > %t/gen.out
// RUN: cmp %t/plain.out %t/gen.out
//
// Four threads, 1000 iterations each: (B & 15) == 3 held 251 times and
// (B & 3) == 0 1006 times.
// RUN: %llvm-pathprof show --text %t/gen.pathraw | FileCheck %s --check-prefix=TEXT
// TEXT:      :pathprof-text 5
// TEXT:      function {{.*}}select-profiles.c;score
// TEXT:      path 2 3996
// TEXT-NEXT: path 3 4
// TEXT-NEXT: selects 251 1006
// RUN: %llvm-pathprof show %t/gen.pathraw | FileCheck %s --check-prefix=SHOW
// SHOW:      Function: score
// SHOW:        Selects (true count): 251, 1006
// RUN: %llvm-pathprof show --json %t/gen.pathraw | FileCheck %s --check-prefix=JSON
// JSON:      "selects": [
// JSON-NEXT:   251,
// JSON-NEXT:   1006
// JSON-NEXT: ]
//
// Shared atomic counters count the same.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-update=atomic %s -o %t/atomic
// RUN: env PATHPROF_FILE=%t/atomic.pathraw %t/atomic > /dev/null
// RUN: %llvm-pathprof show --text %t/atomic.pathraw | FileCheck %s --check-prefix=TEXT
//
// Merging adds them, times the weight: 251 + 2 x 251, 1006 + 2 x 1006.
// RUN: %llvm-pathprof merge -o %t/gen.pathprof %t/gen.pathraw
// RUN: %llvm-pathprof merge -o %t/three.pathprof %t/gen.pathprof --weighted-input=2,%t/atomic.pathraw
// RUN: %llvm-pathprof show --text %t/three.pathprof | FileCheck %s --check-prefix=THREE
// THREE: selects 753 3018
//
// The same weights as clang -fprofile-use's from the same run, select by
// select: {true count, block count - true count}. Clang's counters are
// atomic here: its plain ones lose increments when the four threads race.
// RUN: %clang -O2 -pthread -fprofile-generate -fprofile-update=atomic %s -o %t/pgo
// RUN: env LLVM_PROFILE_FILE=%t/pgo.profraw %t/pgo > /dev/null
// RUN: %llvm-profdata merge -o %t/pgo.profdata %t/pgo.profraw
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/gen.pathprof -c %s -o /dev/null -mllvm -print-after=pathprof-use -mllvm -print-module-scope 2> %t/pathprof.ll
// RUN: %clang -O2 -fprofile-use=%t/pgo.profdata -c %s -o /dev/null -mllvm -print-after=pgo-instr-use -mllvm -print-module-scope 2> %t/clang.ll
// RUN: %python %S/Inputs/select_weights.py %t/pathprof.ll > %t/pathprof.weights
// RUN: %python %S/Inputs/select_weights.py %t/clang.ll | diff %t/pathprof.weights -
// RUN: FileCheck %s --check-prefix=WEIGHTS < %t/pathprof.weights
// WEIGHTS:      score: 251 3749
// WEIGHTS-NEXT: score: 1006 2994
// WEIGHTS-NOT:  score
//
// Without select counting, the profile has none and the selects no weights.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -mllvm -pathprof-select-profiles=false %s -o %t/nosel
// RUN: env PATHPROF_FILE=%t/nosel.pathraw %t/nosel > /dev/null
// RUN: %llvm-pathprof show --text %t/nosel.pathraw | FileCheck %s --check-prefix=NOSEL
// NOSEL: :pathprof-text 1
// NOSEL-NOT: selects
// RUN: pathprof-clang -O2 -fprofile-path-use=%t/nosel.pathraw -c %s -o /dev/null -mllvm -print-after=pathprof-use -mllvm -print-module-scope 2> %t/nosel.ll
// RUN: %python %S/Inputs/select_weights.py %t/nosel.ll | FileCheck %s --check-prefix=NOWEIGHTS
// NOWEIGHTS:      score: none
// NOWEIGHTS-NEXT: score: none

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long Totals[4];

__attribute__((noinline)) static unsigned long score(unsigned Seed, int N) {
  unsigned long V = 0;
  unsigned Low = ~0u;
  for (int I = 0; I < N; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    unsigned B = Seed >> 16;
    V += (B & 15) == 3 ? 7 : 2;
    V ^= (B & 3) == 0 ? 5 : 9;
    Low = B < Low ? B : Low;
  }
  return V + Low;
}

static void *worker(void *Arg) {
  long T = (long)Arg;
  Totals[T] = score((unsigned)T + 1, 1000);
  return 0;
}

int main(int argc, char **argv) {
  int Threads = argc > 1 ? atoi(argv[1]) : 4;
  pthread_t Ids[4];
  for (long T = 0; T < Threads; ++T)
    pthread_create(&Ids[T], 0, worker, (void *)T);
  for (long T = 0; T < Threads; ++T)
    pthread_join(Ids[T], 0);
  unsigned long Sum = 0;
  for (int T = 0; T < Threads; ++T)
    Sum += Totals[T];
  printf("%lu\n", Sum);
  return 0;
}
