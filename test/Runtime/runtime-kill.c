// Counters live in the shared file mapping, so a program that dies by
// SIGKILL (no exit handlers, no flush) keeps everything it counted, dense and
// hashed.
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: rm -f %t.pathraw
// RUN: env PATHPROF_FILE=%t.pathraw not --crash %t
// RUN: %python %S/Inputs/dump_raw.py %t.pathraw | FileCheck %s
// CHECK: function diamond: {{.*}} counts 3 4
// CHECK: function loop: {{.*}} hashed
// CHECK: hash: capacity 65536 used 2 dropped 0
// CHECK-NEXT: hash loop path 1: 6
// CHECK-NEXT: hash loop path 3: 9

#include "pathprof_test.h"

#include <signal.h>

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
static const uint8_t LoopCFG[] = PP_LOOP_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);
PP_FUNCTION(LoopData, "loop", LoopCFG, 4, 0, PATHPROF_FUNC_HASHED);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

int main(void) {
  for (int I = 0; I != 3; ++I)
    PP_INC(&DiamondCounts[0]);
  for (int I = 0; I != 4; ++I)
    PP_INC(&DiamondCounts[1]);
  for (int I = 0; I != 6; ++I)
    __pathprof_hash_inc(&LoopData, 1);
  for (int I = 0; I != 9; ++I)
    __pathprof_hash_inc(&LoopData, 3);
  raise(SIGKILL);
  return 0;
}
