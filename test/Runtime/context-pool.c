// Calling context trees in merge pools and after forks (docs/ContextTree.md,
// "Fork, set_filename, reset"; Runtime.md, "Two modes"): a dead segment's
// tree is folded into another's as its counters are (same (function, call
// site) chains add up, the others are copied), so a %m pool of four runs
// holds two counter segments whose trees sum to exactly four runs', and a
// program that forks ten children one after the other keeps a bounded
// file. A tree that would not fit its accumulator stays in its own segment.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_FILE=%t.d/pool%%m.pathraw %t
// RUN: env PATHPROF_FILE=%t.d/pool%%m.pathraw %t
// RUN: env PATHPROF_FILE=%t.d/pool%%m.pathraw %t
// RUN: env PATHPROF_FILE=%t.d/pool%%m.pathraw %t
// RUN: %llvm-pathprof show --segments %t.d/pool*.pathraw | FileCheck %s --check-prefix=POOL-SEGMENTS
// POOL-SEGMENTS: Segments: 3
// POOL-SEGMENTS-NOT: free
// RUN: %llvm-pathprof show --context %t.d/pool*.pathraw | FileCheck %s --check-prefix=POOL --match-full-lines
// POOL:      entries  inclusive  exclusive  context
// POOL-NEXT:       4         92          4  main
// POOL-NEXT:       4         84         44    [{{[0-9]+}}] work
// POOL-NEXT:      40         40         40      [0] step
// POOL-NEXT:       4          4          4    [{{[0-9]+}}] step
// POOL-EMPTY:
//
// Ten children, one after the other, each folding the dead ones: every
// child's work is in the one tree (the children's call of work is another
// call site of main than the parent's).
// RUN: env PATHPROF_FILE=%t.d/forks.pathraw %t fork
// RUN: %llvm-pathprof show --segments %t.d/forks.pathraw | FileCheck %s --check-prefix=FORK-SEGMENTS
// FORK-SEGMENTS: Segments: {{[3-4]$}}
// RUN: %llvm-pathprof show --context %t.d/forks.pathraw | FileCheck %s --check-prefix=FORKS --match-full-lines
// FORKS:      entries  inclusive  exclusive  context
// FORKS-NEXT:       1        253         21  main
// FORKS-NEXT:      10        210        110    [{{[0-9]+}}] work
// FORKS-NEXT:     100        100        100      [0] step
// FORKS-NEXT:       1         21         11    [{{[0-9]+}}] work
// FORKS-NEXT:      10         10         10      [0] step
// FORKS-NEXT:       1          1          1    [{{[0-9]+}}] step
// FORKS-EMPTY:
//
// An accumulator without room for another tree (the smallest arena, filled
// by the first run) leaves the other in its own segment, which the next
// runs fold into: four runs leave at most four compact segments, and nothing
// is lost: 4 entries of main, 3 of work (the first run's work found its tree
// full and counted flat, as the warning says).
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.d/small%%m.pathraw %t wide 2> /dev/null
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.d/small%%m.pathraw %t
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.d/small%%m.pathraw %t
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.d/small%%m.pathraw %t
// RUN: %llvm-pathprof show --segments %t.d/small*.pathraw | FileCheck %s --check-prefix=SMALL-SEGMENTS
// SMALL-SEGMENTS: Segments: {{[3-5]$}}
// RUN: %llvm-pathprof show --context %t.d/small*.pathraw 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: warning: {{.*}}: 40 function entries found the calling context tree full
// SMALL: {{^}}      4 {{.*}} main
// SMALL: {{^}}      3 {{.*}}    [{{[0-9]+}}] work
//
// Counting calls only (-fprofile-path-context=calls): the same folding and
// the same trees, entry for entry.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -rf %t.c && mkdir %t.c
// RUN: env PATHPROF_FILE=%t.c/pool%%m.pathraw %t.calls
// RUN: env PATHPROF_FILE=%t.c/pool%%m.pathraw %t.calls
// RUN: env PATHPROF_FILE=%t.c/pool%%m.pathraw %t.calls
// RUN: env PATHPROF_FILE=%t.c/pool%%m.pathraw %t.calls
// RUN: %llvm-pathprof show --segments %t.c/pool*.pathraw | FileCheck %s --check-prefix=POOL-SEGMENTS
// RUN: %llvm-pathprof show --json %t.d/pool*.pathraw | %python %S/Inputs/context.py --entries > %t.paths.pool
// RUN: %llvm-pathprof show --json %t.c/pool*.pathraw | %python %S/Inputs/context.py --entries > %t.calls.pool
// RUN: diff %t.paths.pool %t.calls.pool
// RUN: env PATHPROF_FILE=%t.c/forks.pathraw %t.calls fork
// RUN: %llvm-pathprof show --json %t.d/forks.pathraw | %python %S/Inputs/context.py --entries > %t.paths.forks
// RUN: %llvm-pathprof show --json %t.c/forks.pathraw | %python %S/Inputs/context.py --entries > %t.calls.forks
// RUN: diff %t.paths.forks %t.calls.forks
// A full tree loses no entry: those that found no room are in the
// functions' calls records (75 calls of step in the first run, 11 in each
// other; work entered once per run).
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.c/small%%m.pathraw %t.calls wide 2> /dev/null
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.c/small%%m.pathraw %t.calls
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.c/small%%m.pathraw %t.calls
// RUN: env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.c/small%%m.pathraw %t.calls
// RUN: %llvm-pathprof show %t.c/small*.pathraw 2>&1 | FileCheck %s --check-prefix=CALLS-SMALL
// CALLS-SMALL: warning: {{.*}}: {{[0-9]+}} function entries found the calling context tree full
// CALLS-SMALL:      Function: step
// CALLS-SMALL:      Entry count: 108
// CALLS-SMALL:      Function: main
// CALLS-SMALL:      Entry count: 4
// CALLS-SMALL:      Function: work
// CALLS-SMALL:      Entry count: 4
// CALLS-SMALL:      Function: wide
// CALLS-SMALL:      Entry count: 1

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) { Sink += I; }

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    step(I);
}

/* A function with many call sites, to fill a small arena. */
__attribute__((noinline)) static void wide(void) {
#define S4 step(0); step(1); step(2); step(3);
  S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4 S4
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && strcmp(Argv[1], "wide") == 0)
    wide();
  if (Argc > 1 && strcmp(Argv[1], "fork") == 0) {
    for (int I = 0; I != 10; ++I) {
      pid_t P = fork();
      if (P == 0) {
        work(10);
        _exit(0);
      }
      waitpid(P, 0, 0);
    }
  }
  work(10);
  step(1);
  return 0;
}
