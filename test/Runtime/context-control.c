// Calling context tree and the control API (docs/ContextTree.md):
// __pathprof_set_filename, called with main and phase live, gives the new
// file a copy of the tree with every count zeroed, so those frames go on
// counting into the same contexts there; __pathprof_reset zeroes the counts
// and keeps the tree. A context that counted nothing since is left out by
// the reader. main and the second phase were entered before the reset:
// no entries, but the paths they completed after it.
//
// RUN: pathprof-clang -O2 -I%pathprof_include -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_FILE=%t.d/start.pathraw %t %t.d/next.pathraw | FileCheck %s --check-prefix=OUT
// OUT: done
// RUN: %llvm-pathprof show --context %t.d/start.pathraw | FileCheck %s --check-prefix=START --match-full-lines
// START:      entries  inclusive  exclusive  context
// START-NEXT:       1         21          0  main
// START-NEXT:       1         21          0    [0] phase
// START-NEXT:       1         21         11      [0] work
// START-NEXT:      10         10         10        [0] step
// START-EMPTY:
// RUN: %llvm-pathprof show --context %t.d/next.pathraw | FileCheck %s --check-prefix=NEXT --match-full-lines
// NEXT:      entries  inclusive  exclusive  context
// NEXT-NEXT:       0         52          1  main
// NEXT-NEXT:       0         44          1    [1] phase
// NEXT-NEXT:       1         43         22      [1] work
// NEXT-NEXT:      21         21         21        [0] step
// NEXT-NEXT:       1          7          4    [2] work
// NEXT-NEXT:       3          3          3      [0] step
// NEXT-EMPTY:

#include <pathprof/pathprof.h>
#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I & 1)
    Sink += 1;
  else
    Sink += 2;
}

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    step(I);
}

/* Switches files three calls deep: main and phase are live across it. */
__attribute__((noinline)) static void phase(const char *Next, int N) {
  work(N);
  if (Next)
    __pathprof_set_filename(Next);
  else
    __pathprof_reset();
  work(N + 1);
}

int main(int Argc, char **Argv) {
  if (Argc != 2)
    return 2;
  phase(Argv[1], 10);
  phase(0, 20);
  work(3);
  puts("done");
  return 0;
}
