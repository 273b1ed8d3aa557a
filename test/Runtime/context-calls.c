// Calling context tree, direct calls (docs/ContextTree.md): one context per
// chain of call sites from main, call sites distinguished (work and twice
// are each called from two sites of main, leaf from two sites of twice),
// exact entry and path counts per context, at -O2 and -O0. The program's
// output and exit status do not change, and the flattening is exact: the
// context build's functions are, id by id, the profile of a flow-only build
// of the same program (show --text of both is the same), and every
// function's contexts enter it as often as its paths say.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out; echo "exit $?" >> %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --check-prefix=TREE --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py | FileCheck %s --check-prefix=PATHS --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && not env PATHPROF_FILE=%t.flow.raw %t.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw > %t.ctx.txt
// RUN: diff %t.flow.txt %t.ctx.txt
//
// So -fprofile-path-use reads the same branch weights from either profile:
// the rebuilds are the same IR.
// RUN: pathprof-clang -O2 -fprofile-path-use=%t.raw -S -emit-llvm %s -o %t.use-ctx.ll
// RUN: pathprof-clang -O2 -fprofile-path-use=%t.flow.raw -S -emit-llvm %s -o %t.use-flow.ll
// RUN: diff %t.use-flow.ll %t.use-ctx.ll
// RUN: FileCheck %s --check-prefix=USE < %t.use-ctx.ll
// USE: !"branch_weights"
//
// The same tree at -O0 (other path ids, the same counts per context; the
// loop's call of twice is call site 3, before printf's, where at -O2 the
// loop's blocks come after the exit's).
// RUN: pathprof-clang -O0 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx0
// RUN: rm -f %t.raw0 && env PATHPROF_FILE=%t.raw0 %t.ctx0 > %t.ctx0.out; echo "exit $?" >> %t.ctx0.out
// RUN: cmp %t.plain.out %t.ctx0.out
// RUN: %llvm-pathprof show --context %t.raw0 | FileCheck %s --check-prefix=TREE --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw0 | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// TREE:      Calling context tree: 11 contexts, 1 root, 0 recursive call sites, depth 3
// TREE:      entries  inclusive  exclusive  context
// TREE-NEXT:       1         54          6  main
// TREE-NEXT:       1         21         11    [0] work
// TREE-NEXT:      10         10         10      [0] leaf
// TREE-NEXT:       5         15          5    {{\[[34]\]}} twice
// TREE-NEXT:       5          5          5      [0] leaf
// TREE-NEXT:       5          5          5      [1] leaf
// TREE-NEXT:       1          9          5    [2] work
// TREE-NEXT:       4          4          4      [0] leaf
// TREE-NEXT:       1          3          1    [1] twice
// TREE-NEXT:       1          1          1      [0] leaf
// TREE-NEXT:       1          1          1      [1] leaf
// TREE-EMPTY:
//
// Per path id: leaf's two paths (odd, even) split as the arguments say.
// PATHS:      ctx main entries=1 paths=0:1,2:4,3:1
// PATHS-NEXT: ctx   [0] work entries=1 paths=0:1,2:9,3:1
// PATHS-NEXT: ctx     [0] leaf entries=10 paths=0:5,1:5
// PATHS-NEXT: ctx   [1] twice entries=1 paths=0:1
// PATHS-NEXT: ctx     [0] leaf entries=1 paths=1:1
// PATHS-NEXT: ctx     [1] leaf entries=1 paths=0:1
// PATHS-NEXT: ctx   [2] work entries=1 paths=0:1,2:3,3:1
// PATHS-NEXT: ctx     [0] leaf entries=4 paths=0:2,1:2
// PATHS-NEXT: ctx   [4] twice entries=5 paths=0:5
// PATHS-NEXT: ctx     [0] leaf entries=5 paths=0:3,1:2
// PATHS-NEXT: ctx     [1] leaf entries=5 paths=0:2,1:3
//
// FLAT: flattening: 4 functions checked, 0 mismatches

#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void leaf(int I) {
  if (I & 1)
    Sink += 1;
  else
    Sink += 2;
}

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    leaf(I);
}

__attribute__((noinline)) static void twice(int N) {
  leaf(N);
  leaf(N + 1);
}

int main(void) {
  work(10);
  twice(3);
  work(4);
  for (int I = 0; I < 5; ++I)
    twice(I);
  printf("%d\n", Sink);
  return 3;
}
