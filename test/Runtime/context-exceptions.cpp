// Calling context tree and C++ exceptions (docs/ContextTree.md): f3 throws
// for odd arguments and f1 catches, two frames up (f2 has no handler). The
// landing pad points the context words back at f1's own slot, so caught(),
// called from the handler, is f1's child; f1 keeps counting into its own
// context after the catch, and main's next call (after) is main's child.
// The program's output does not change and the flattening is exact.
//
// RUN: %clangxx -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang++ -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// RUN: pathprof-clang++ -O0 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx0
// RUN: rm -f %t.raw0 && env PATHPROF_FILE=%t.raw0 %t.ctx0 > %t.ctx0.out
// RUN: cmp %t.plain.out %t.ctx0.out
// RUN: %llvm-pathprof show --context %t.raw0 | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw0 | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// CHECK:      Calling context tree: 12 contexts, 1 root, 0 recursive call sites, depth 5
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1         51          7  main
// CHECK-NEXT:       6         42          6    [{{[0-9]+}}] f1(int)
// CHECK-NEXT:       6         24          6      [0] f2(int)
// CHECK-NEXT:       6         15          6        [0] f3(int)
// CHECK-NEXT:       6          6          6          [0] note(int)
// CHECK-NEXT:       3          3          3          [{{[0-9]+}}] note(int)
// CHECK-NEXT:       3          3          3        [1] note(int)
// CHECK-NEXT:       3          6          3      [{{[0-9]+}}] caught(int)
// CHECK-NEXT:       3          3          3        [0] note(int)
// CHECK-NEXT:       6          6          6      [{{[0-9]+}}] note(int)
// CHECK-NEXT:       1          2          1    [{{[0-9]+}}] after()
// CHECK-NEXT:       1          1          1      [0] note(int)
// CHECK-EMPTY:
//
// FLAT: flattening: {{[0-9]+}} functions checked, 0 mismatches
//
// Counting calls only (-fprofile-path-context=calls): the same output, and
// the same contexts with the same entries.
// RUN: pathprof-clang++ -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls > %t.calls.out
// RUN: cmp %t.plain.out %t.calls.out
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT

#include <cstdio>

static volatile int Sink;

__attribute__((noinline)) void note(int X) { Sink += X; }

__attribute__((noinline)) void f3(int X) {
  note(X);
  if (X % 2)
    throw X;
  note(X + 1);
}

__attribute__((noinline)) void f2(int X) {
  f3(X);
  note(X);
}

__attribute__((noinline)) void caught(int X) { note(X); }

__attribute__((noinline)) void f1(int X) {
  try {
    f2(X);
  } catch (int E) {
    caught(E);
  }
  note(X);
}

__attribute__((noinline)) void after() { note(0); }

int main() {
  for (int I = 0; I < 6; ++I)
    f1(I);
  after();
  std::printf("%d\n", Sink);
  return 0;
}
