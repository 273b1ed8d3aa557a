// A calling context tree that outgrows its arena (PATHPROF_CONTEXT_SIZE=4K,
// the smallest: 29 of the 48 contexts of leaf in many fit): the runtime says so
// once, counting goes on in the flat profile, and the reader warns how many
// entries found no room (57 of leaf's 144: 87 are in contexts). The
// flattening is still exactly the flow-only build's profile; the program's
// output does not change. An invalid size is reported and the default used.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=%t.raw %t.ctx > %t.ctx.out 2> %t.err
// RUN: cmp %t.plain.out %t.ctx.out
// RUN: FileCheck %s --check-prefix=RUNTIME --input-file=%t.err
// RUNTIME: PathProf error: calling context tree full (4096 bytes; PATHPROF_CONTEXT_SIZE sets its size); new contexts are counted in the flat profile only
// RUNTIME-NOT: PathProf
//
// RUN: %llvm-pathprof show --context %t.raw 2>&1 | FileCheck %s
// CHECK: warning: {{.*}}: 57 function entries found the calling context tree full; their paths are in the flattened profile, not in the tree
// CHECK: Calling context tree: 31 contexts, 1 root, 0 recursive call sites, depth 3
// CHECK: entries  inclusive  exclusive  context
// CHECK-NEXT:  1         94          4  main
// CHECK-NEXT:  3         90          3    [1] many
// CHECK-NEXT:  3          3          3      [0] leaf
// CHECK-COUNT-28: {{^ +3 +3 +3 +\[[0-9]+\] leaf$}}
// CHECK-NOT: leaf
//
// RUN: %llvm-pathprof show --json %t.raw 2>/dev/null | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// FLAT:      MISMATCH {{.*}}leaf: contexts enter 87 times, the function 144
// FLAT-NEXT: MISMATCH {{.*}}leaf: paths [(0, 45), (1, 42)] in contexts, [(0, 72), (1, 72)] in the function
// FLAT-NEXT: flattening: 3 functions checked, 2 mismatches
//
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && env PATHPROF_FILE=%t.flow.raw %t.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw 2>/dev/null > %t.ctx.txt
// RUN: diff %t.flow.txt %t.ctx.txt
//
// RUN: rm -f %t.raw && env PATHPROF_CONTEXT_SIZE=12q PATHPROF_FILE=%t.raw %t.ctx 2>&1 > /dev/null | FileCheck %s --check-prefix=BAD-SIZE
// BAD-SIZE: PathProf error: invalid PATHPROF_CONTEXT_SIZE '12q' (bytes, with an optional K, M or G, from 4K to 1024G); using 64M
// RUN: %llvm-pathprof show --context %t.raw 2>&1 | FileCheck %s --check-prefix=ROOMY
// ROOMY-NOT: warning
// ROOMY: Calling context tree: 50 contexts, 1 root, 0 recursive call sites, depth 3

#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void leaf(int I) {
  if (I & 1)
    Sink += 1;
  else
    Sink += 2;
}

#define CALL4(N)                                                               \
  leaf(N);                                                                     \
  leaf(N + 1);                                                                 \
  leaf(N + 2);                                                                 \
  leaf(N + 3);
#define CALL16(N) CALL4(N) CALL4(N + 4) CALL4(N + 8) CALL4(N + 12)

/* 48 call sites of leaf. */
__attribute__((noinline)) static void many(void) {
  CALL16(0) CALL16(16) CALL16(32)
}

int main(void) {
  for (int I = 0; I < 3; ++I)
    many();
  printf("%d\n", Sink);
  return 0;
}
