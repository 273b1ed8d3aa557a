// Calling context tree, indirect calls (docs/ContextTree.md): the one call
// site of apply that calls through a pointer has a context per callee, and
// the runtime keeps the slot's callees most recently entered first (add was
// entered last, after mul, after sub). A callee that is not instrumented
// (abs, from the C library) has no context: apply's inclusive count (23)
// is its own 12 paths and 11 of its callees'. The flattening is exact.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// RUN: %python %S/Inputs/context_arena.py %t.raw | FileCheck %s --check-prefix=ARENA
//
// The entry's common case in line or always in the runtime: the same tree,
// the same lists, the same profile.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context -mllvm -pathprof-inline-context=false %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls > /dev/null
// RUN: %llvm-pathprof show --text %t.raw > %t.txt
// RUN: %llvm-pathprof show --text %t.calls.raw | diff %t.txt -
// RUN: %python %S/Inputs/context_arena.py %t.raw | sed -e 's/segment [0-9]*/segment/' > %t.arena
// RUN: %python %S/Inputs/context_arena.py %t.calls.raw | sed -e 's/segment [0-9]*/segment/' | diff %t.arena -
//
// CHECK:      Calling context tree: 5 contexts, 1 root, 0 recursive call sites, depth 3
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1         36         13  main
// CHECK-NEXT:      12         23         12    [1] apply
// CHECK-NEXT:       7          7          7      [0] add
// CHECK-NEXT:       3          3          3      [0] sub
// CHECK-NEXT:       1          1          1      [0] mul
// CHECK-EMPTY:
//
// ARENA:      tree at segment {{[0-9]+}}: {{[0-9]+}} bytes, 5 nodes, 0 backedges, 0 dropped
// ARENA-NEXT:   roots: main
// ARENA-NEXT:   node main entries=1
// ARENA-NEXT:     slot 1: apply
// ARENA-NEXT:   node apply entries=12
// ARENA-NEXT:     slot 0: add, mul, sub
// ARENA-NEXT:   node add entries=7
// ARENA-NEXT:   node sub entries=3
// ARENA-NEXT:   node mul entries=1
//
// FLAT: flattening: 5 functions checked, 0 mismatches
//
// Counting calls only (-fprofile-path-context=calls): the runtime keeps the
// same lists in the same order, and the tree has the same entries.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.only
// RUN: rm -f %t.only.raw && env PATHPROF_FILE=%t.only.raw %t.only > %t.only.out
// RUN: cmp %t.plain.out %t.only.out
// RUN: %python %S/Inputs/context_arena.py %t.only.raw | sed -e 's/segment [0-9]*/segment/' -e 's/[0-9]* bytes/N bytes/' > %t.only.arena
// RUN: %python %S/Inputs/context_arena.py %t.raw | sed -e 's/segment [0-9]*/segment/' -e 's/[0-9]* bytes/N bytes/' | diff - %t.only.arena
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.only.raw | %python %S/Inputs/context.py --entries > %t.only.tree
// RUN: diff %t.paths.tree %t.only.tree

#include <stdio.h>
#include <stdlib.h>

typedef int (*Op)(int);

__attribute__((noinline)) static int add(int X) { return X + 1; }
__attribute__((noinline)) static int sub(int X) { return X - 1; }
__attribute__((noinline)) static int mul(int X) { return X * 2; }

static Op Ops[] = {add, sub, mul, abs};
/* Which operation each call applies: 6 adds, 3 subs, a mul, an abs, and a
   last add. */
static volatile int Sequence[] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 3, 0};

__attribute__((noinline)) static int apply(Op F, int X) { return F(X); }

int main(void) {
  int X = -3;
  for (unsigned I = 0; I < sizeof(Sequence) / sizeof(Sequence[0]); ++I)
    X = apply(Ops[Sequence[I]], X);
  printf("%d\n", X);
  return 0;
}
