// Functions whose paths a node does not hold (docs/ContextTree.md, "Region
// layout"): wide has 2048 paths, more than PATHPROF_CTX_MAX_PATHS (1024),
// so its nodes have entry counts and call sites but no path table ("-"),
// and its paths are in the flat counters; with -pathprof-dense-limit=1
// every function but main is hashed, and the same holds for all of them.
// Either way the flattening is exactly the flow-only build's profile.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t > /dev/null
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1        217          1  main
// CHECK-NEXT:       1        201        101    [0] caller
// CHECK-NEXT:     100        100        100      [1] narrow
// CHECK-NEXT:     100          0          -      [0] wide
// CHECK-NEXT:       1         15          8    [1] caller
// CHECK-NEXT:       7          7          7      [1] narrow
// CHECK-NEXT:       7          0          -      [0] wide
// CHECK-EMPTY:
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && env PATHPROF_FILE=%t.flow.raw %t.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw | diff %t.flow.txt -
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context -mllvm -pathprof-dense-limit=1 %s -o %t.hashed
// RUN: rm -f %t.hashed.raw && env PATHPROF_FILE=%t.hashed.raw %t.hashed > /dev/null
// RUN: %llvm-pathprof show --context %t.hashed.raw | FileCheck %s --check-prefix=HASHED --match-full-lines
// HASHED:      entries  inclusive  exclusive  context
// HASHED-NEXT:       1          1          1  main
// HASHED-NEXT:       1          0          -    [0] caller
// HASHED-NEXT:     100          0          -      [0] wide
// HASHED-NEXT:     100          0          -      [1] narrow
// HASHED-NEXT:       1          0          -    [1] caller
// HASHED-NEXT:       7          0          -      [0] wide
// HASHED-NEXT:       7          0          -      [1] narrow
// HASHED-EMPTY:
// RUN: pathprof-clang -O2 -fprofile-path-generate -mllvm -pathprof-dense-limit=1 %s -o %t.hashed.flow
// RUN: rm -f %t.hashed.flow.raw && env PATHPROF_FILE=%t.hashed.flow.raw %t.hashed.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.hashed.flow.raw > %t.hashed.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.hashed.raw | diff %t.hashed.flow.txt -

#include <stdio.h>
static volatile int Sink;
#define STEP(K) if (X & (1 << K)) Sink += K; else Sink -= K;
/* 2^11 = 2048 paths: more than a node's table holds. */
__attribute__((noinline)) static void wide(int X) {
  STEP(0) STEP(1) STEP(2) STEP(3) STEP(4) STEP(5) STEP(6) STEP(7) STEP(8)
  STEP(9) STEP(10)
}
__attribute__((noinline)) static void narrow(int X) { STEP(0) }
__attribute__((noinline)) static void caller(int N) {
  for (int I = 0; I < N; ++I) {
    wide(I);
    narrow(I);
  }
}
int main(void) {
  caller(100);
  caller(7);
  printf("%d\n", Sink);
  return 0;
}
