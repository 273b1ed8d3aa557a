// Calling context tree, recursion (docs/ContextTree.md): a recursive call
// is counted in the ancestor context of the same function, through a
// backedge, as Ammons, Ball and Larus fold recursion: fib's two recursive
// call sites, mutual recursion (isEven and isOdd, entered from main through
// either), and a recursion 20000 deep that leaves the tree as small as one
// level does. Entry counts are every activation's; each backedge counts the
// calls that came through it. The flattening is exact.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// Recursive entries in line (through the backedge that is the slot's first
// record) and in the runtime count the same.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context -mllvm -pathprof-inline-context=false %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls > /dev/null
// RUN: %llvm-pathprof show --text %t.raw > %t.txt
// RUN: %llvm-pathprof show --text %t.calls.raw | diff %t.txt -
// RUN: pathprof-clang -O0 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx0
// RUN: rm -f %t.raw0 && env PATHPROF_FILE=%t.raw0 %t.ctx0 > %t.ctx0.out
// RUN: cmp %t.plain.out %t.ctx0.out
// RUN: %llvm-pathprof show --context %t.raw0 | FileCheck %s --match-full-lines
//
// CHECK:      Calling context tree: 7 contexts, 1 root, 5 recursive call sites, depth 3
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1      21994          1  main
// CHECK-NEXT:   20001      20001      20001    [3] deep
// CHECK-NEXT:   20000                            [0] deep (recursive: counted in the context 1 level up)
// CHECK-NEXT:    1973       1973       1973    [0] fib
// CHECK-NEXT:     986                            [0] fib (recursive: counted in the context 1 level up)
// CHECK-NEXT:     986                            [1] fib (recursive: counted in the context 1 level up)
// CHECK-NEXT:       6         11          6    [1] isEven
// CHECK-NEXT:       5          5          5      [0] isOdd
// CHECK-NEXT:       5                              [0] isEven (recursive: counted in the context 2 levels up)
// CHECK-NEXT:       4          8          4    [2] isOdd
// CHECK-NEXT:       4          4          4      [0] isEven
// CHECK-NEXT:       3                              [0] isOdd (recursive: counted in the context 2 levels up)
// CHECK-EMPTY:
//
// FLAT: flattening: 5 functions checked, 0 mismatches

#include <stdio.h>

__attribute__((noinline)) static int fib(int N) {
  return N < 2 ? N : fib(N - 1) + fib(N - 2);
}

__attribute__((noinline)) static int isOdd(int N);
__attribute__((noinline)) static int isEven(int N) {
  return N == 0 ? 1 : isOdd(N - 1);
}
__attribute__((noinline)) static int isOdd(int N) {
  return N == 0 ? 0 : isEven(N - 1);
}

__attribute__((noinline)) static int deep(int N) {
  return N == 0 ? 0 : 1 + deep(N - 1);
}

int main(void) {
  int F = fib(15);
  int E = isEven(10);
  int O = isOdd(7);
  printf("%d %d %d %d\n", F, E, O, deep(20000));
  return 0;
}
