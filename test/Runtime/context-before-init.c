// Calling context tree: functions that run before the runtime has mapped
// the profile count flat (docs/ContextTree.md, "The arena"). The runtime's
// constructor runs first among constructors; a .preinit_array entry runs
// before every constructor, so early() and its 5 calls of work count in the
// static section, which init copies into the profile, and in no context.
// main's 7 calls are in the tree. The flattening is exact: the context
// build's profile without the tree is, id by id, the flow-only build's.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t > %t.out
// RUN: cmp %t.plain.out %t.out
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py | FileCheck %s --check-prefix=TREE --match-full-lines
// TREE:      ctx main entries=1 paths=[[MAIN:.*]]
// TREE-NEXT: ctx   [1] work entries=7 paths=0:4,1:3
// TREE-NOT:  ctx
//
// work's 12 entries: 7 in the tree, 5 flat (3 even and 2 odd arguments).
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT --implicit-check-not=MISMATCH
// FLAT-DAG: MISMATCH {{.*}}context-before-init.c;early: ran but has no context
// FLAT-DAG: MISMATCH {{.*}}context-before-init.c;work: contexts enter 7 times, the function 12
// FLAT-DAG: MISMATCH {{.*}}context-before-init.c;work: paths [(0, 4), (1, 3)] in contexts, [(0, 7), (1, 5)] in the function
// FLAT: flattening: 2 functions checked, 3 mismatches
//
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && env PATHPROF_FILE=%t.flow.raw %t.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw > %t.ctx.txt
// RUN: diff %t.flow.txt %t.ctx.txt

#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void work(int X) {
  if (X & 1)
    Sink += X;
  else
    Sink -= 1;
}

static void early(void) {
  for (int I = 0; I < 5; ++I)
    work(I);
}

__attribute__((section(".preinit_array"), used)) static void (*Pre)(void) =
    early;

int main(void) {
  for (int I = 0; I < 7; ++I)
    work(I);
  printf("%d\n", Sink);
  return 0;
}
