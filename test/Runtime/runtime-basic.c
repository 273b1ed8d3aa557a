// Dense counters end up in default.pathraw in the current directory, counts
// made by constructors before __pathprof_init are carried over, and a second
// run rewrites the file rather than adding to it (default mode: a file no
// running process holds is from an earlier run).
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: cd %t.d && %t | FileCheck --check-prefix=OUT %s
// RUN: %python %S/Inputs/dump_raw.py %t.d/default.pathraw | FileCheck -DRAW_VERSION=%raw_version %s
// RUN: cd %t.d && %t
// RUN: %python %S/Inputs/dump_raw.py %t.d/default.pathraw | FileCheck -DRAW_VERSION=%raw_version %s

// OUT: static section after init: 1 0
// OUT-NOT: PathProf error

// After the normal exit, the description and the counts, both packed (a
// description of 1008 bytes in 376 to 399: the process id and start time
// it records pack into as many bytes as their values need), whose runtime
// is named; this hand-made module defines no __pathprof_producer, so the
// producer is empty.
// CHECK: name: default.pathraw
// CHECK-NEXT: description at 0: functions: 2 packed
// CHECK-NEXT: compact at {{3[7-9][0-9]}}: version [[RAW_VERSION]] functions: 2 metrics: 0
// CHECK-NEXT: producer: {{$}}
// CHECK-NEXT: runtime: PathProf runtime 0.3 (raw v10)
// CHECK-NEXT: signature: {{([0-9a-f]{16})$}}
// CHECK-NEXT: counters: 48 bytes hash: 0 bytes
// CHECK-DAG: function diamond: paths 2 checksum 1234 cfg v1 4 blocks counts 11 20
// CHECK-DAG: function loop: paths 4 checksum 1234 cfg v1 4 blocks counts 0 3 7 5
// CHECK-NOT: segment at

#include "pathprof_test.h"

#include <stdio.h>

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
static const uint8_t LoopCFG[] = PP_LOOP_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_COUNTERS(LoopCounts, 4);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);
PP_FUNCTION(LoopData, "loop", LoopCFG, 4, LoopCounts, 0);

__attribute__((constructor(101))) static void countEarly(void) {
  PP_INC(&DiamondCounts[0]);
}

__attribute__((constructor(102))) static void init(void) { __pathprof_init(); }

int main(void) {
  for (int I = 0; I != 10; ++I)
    PP_INC(&DiamondCounts[0]);
  for (int I = 0; I != 20; ++I)
    PP_INC(&DiamondCounts[1]);
  PP_INC(&LoopCounts[1]);
  PP_INC(&LoopCounts[1]);
  PP_INC(&LoopCounts[1]);
  for (int I = 0; I != 7; ++I)
    PP_INC(&LoopCounts[2]);
  for (int I = 0; I != 5; ++I)
    PP_INC(&LoopCounts[3]);
  __pathprof_init(); // idempotent
  printf("static section after init: %llu %llu\n",
         (unsigned long long)DiamondCounts[0],
         (unsigned long long)DiamondCounts[1]);
  return 0;
}
