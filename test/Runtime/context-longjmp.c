// Calling context tree and longjmp (docs/ContextTree.md): c longjmps out of
// three frames (c, b, a) back to main for odd arguments. Every function
// keeps its node in a register, so main's own paths still count in main's
// context, and the next call from main (after) is main's child, never c's:
// the call site stores main's slot before the call whatever c left behind.
// The program's output does not change and the flattening is exact.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// RUN: pathprof-clang -O0 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx0
// RUN: rm -f %t.raw0 && env PATHPROF_FILE=%t.raw0 %t.ctx0 > %t.ctx0.out
// RUN: cmp %t.plain.out %t.ctx0.out
// RUN: %llvm-pathprof show --context %t.raw0 | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw0 | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// 6 calls of a; c longjmps in 3 of them, so only 3 complete the rest of c,
// b and a (the second note of each). Each of a, b and c counts a path per
// call: a function's one block counts its path on entry, and c's path that
// ends in longjmp is counted before the call.
// CHECK:      Calling context tree: 10 contexts, 1 root, 0 recursive call sites, depth 5
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1 {{ *[0-9]+}} {{ *[0-9]+}}  main
// CHECK-NEXT:       6         33          6    [{{[0-9]+}}] a
// CHECK-NEXT:       6         24          6      [0] b
// CHECK-NEXT:       6         15          6        [0] c
// CHECK-NEXT:       6          6          6          [0] note
// CHECK-NEXT:       3          3          3          [2] note
// CHECK-NEXT:       3          3          3        [1] note
// CHECK-NEXT:       3          3          3      [1] note
// CHECK-NEXT:       6         12          6    [{{[0-9]+}}] after
// CHECK-NEXT:       6          6          6      [0] note
// CHECK-EMPTY:
//
// FLAT: flattening: 6 functions checked, 0 mismatches
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

#include <setjmp.h>
#include <stdio.h>

static jmp_buf Env;
static volatile int Sink;

__attribute__((noinline)) static void note(int X) { Sink += X; }

__attribute__((noinline)) static void c(int X) {
  note(X);
  if (X % 2)
    longjmp(Env, 1);
  note(X + 1);
}

__attribute__((noinline)) static void b(int X) {
  c(X);
  note(X);
}

__attribute__((noinline)) static void a(int X) {
  b(X);
  note(X);
}

__attribute__((noinline)) static void after(void) { note(0); }

int main(void) {
  for (volatile int I = 0; I < 6; ++I) {
    if (setjmp(Env) == 0)
      a(I);
    after();
  }
  printf("%d\n", Sink);
  return 0;
}
