// Calling context tree, entries that no instrumented call announced
// (docs/ContextTree.md, "What attaches where"): they attach to the nearest
// known context, flagged "via unknown code", never to a wrong one.
//  - qsort (the C library) calls cmp: cmp hangs from sortIt's call site of
//    qsort, once per sort (entries: exactly the comparisons each sort made,
//    as the program counts them), and what cmp calls is below it;
//  - a signal handler raised inside work: under work's call site of raise;
//  - an atexit handler run by exit() from main: under main's call site of
//    exit.
// The program's output does not change and the flattening is exact.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw > %t.tree
// RUN: cat %t.ctx.out %t.tree | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// CHECK:      first sort: [[FIRST:[0-9]+]] comparisons
// CHECK-NEXT: second sort: [[SECOND:[0-9]+]] comparisons
// CHECK:      Calling context tree: 14 contexts, 1 root, 0 recursive call sites, depth 4
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1         {{[0-9]+}}          1  main
// CHECK-NEXT:       1         {{[0-9]+}}          1    [{{[0-9]+}}] sortIt
// CHECK-NEXT: {{ *}}[[FIRST]] {{ *[0-9]+}} {{ *}}[[FIRST]]      [0, via unknown code] cmp
// CHECK-NEXT: {{ *}}[[FIRST]] {{ *}}[[FIRST]] {{ *}}[[FIRST]]        [0] note
// CHECK-NEXT:       1         {{[0-9]+}}          1    [{{[0-9]+}}] sortIt
// CHECK-NEXT: {{ *}}[[SECOND]] {{ *[0-9]+}} {{ *}}[[SECOND]]      [0, via unknown code] cmp
// CHECK-NEXT: {{ *}}[[SECOND]] {{ *}}[[SECOND]] {{ *}}[[SECOND]]        [0] note
// CHECK-NEXT:       1          5          1    [{{[0-9]+}}] work
// CHECK-NEXT:       1          2          1      [1, via unknown code] onSignal
// CHECK-NEXT:       1          1          1        [0] note
// CHECK-NEXT:       1          1          1      [0] note
// CHECK-NEXT:       1          1          1      [2] note
// CHECK-NEXT:       1          2          1    [{{[0-9]+}}, via unknown code] bye
// CHECK-NEXT:       1          1          1      [0] note
// CHECK-EMPTY:
//
// FLAT: flattening: 7 functions checked, 0 mismatches
//
// Counting calls only (-fprofile-path-context=calls): the same output, and
// the same contexts with the same entries.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls > %t.calls.out
// RUN: cmp %t.plain.out %t.calls.out
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile int Sink;
static int Compared;

__attribute__((noinline)) static void note(int A) { Sink += A; }

static int cmp(const void *A, const void *B) {
  int X = *(const int *)A, Y = *(const int *)B;
  ++Compared;
  note(X);
  return X < Y ? -1 : X > Y;
}

__attribute__((noinline)) static void sortIt(int *V, int N) {
  qsort(V, N, sizeof(int), cmp);
}

static void onSignal(int Sig) { note(Sig); }

__attribute__((noinline)) static void work(void) {
  note(1);
  raise(SIGUSR1);
  note(2);
}

static void bye(void) { note(3); }

int main(void) {
  int V[] = {5, 3, 9, 1, 7, 2, 8, 6, 4, 0};
  signal(SIGUSR1, onSignal);
  atexit(bye);
  sortIt(V, 10);
  printf("first sort: %d comparisons\n", Compared);
  Compared = 0;
  sortIt(V, 10);
  printf("second sort: %d comparisons\n", Compared);
  work();
  fflush(stdout);
  exit(0);
}
