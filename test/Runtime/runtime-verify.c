// Verification mode: the runtime decodes each finished path id with the
// function's CFG description and compares it with the blocks the frame
// recorded. Covers paths from the entry, paths starting after a backedge
// (ENTRY_PSEUDO: block 0 not part of the path), nested frames, a frame
// abandoned without leave (as after longjmp), an out-of-range id, a trace
// overflow (unchecked, no crash) and one deliberate mismatch.
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: env PATHPROF_FILE=%t.pathraw sh -c '%t; echo "exit status $?"' > %t.out 2>&1
// RUN: FileCheck --implicit-check-not='PathProf' %s < %t.out
// CHECK-DAG: PathProf error: verify: diamond: path 1 decodes to blocks [0 2 3] but blocks [0 1 3] ran
// CHECK-DAG: PathProf error: verify: loop: path 9 cannot be decoded (path id out of range) but blocks [1 3] ran
// CHECK-DAG: exit status 0
// CHECK-DAG: PathProf verify: 9 paths checked, 2 mismatches

#include "pathprof_test.h"

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
static const uint8_t LoopCFG[] = PP_LOOP_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_COUNTERS(LoopCounts, 4);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);
PP_FUNCTION(LoopData, "loop", LoopCFG, 4, LoopCounts, 0);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

/* What instrumented diamond(Cond) reports; Lie picks the wrong path id. */
static void diamond(int Cond, int Lie) {
  uint64_t F = __pathprof_verify_enter(&DiamondData);
  __pathprof_verify_block(F, 0);
  __pathprof_verify_block(F, Cond ? 1 : 2);
  __pathprof_verify_block(F, 3);
  uint64_t Id = Cond ? 0 : 1;
  if (Lie)
    Id = 1 - Id;
  __pathprof_verify_path(F, Id);
  PP_INC(&DiamondCounts[Id]);
  __pathprof_verify_leave(F);
}

/* A loop running N iterations, calling diamond from its body. */
static void loop(int N) {
  uint64_t F = __pathprof_verify_enter(&LoopData);
  uint64_t R = 0;
  __pathprof_verify_block(F, 0);
  for (int I = 0;; ++I) {
    __pathprof_verify_block(F, 1);
    if (I == N)
      break;
    __pathprof_verify_block(F, 2);
    diamond(I & 1, 0);
    /* Backedge 2->1: path R + 0 ends, the next starts at 2. */
    __pathprof_verify_path(F, R);
    R = 2;
  }
  __pathprof_verify_block(F, 3);
  __pathprof_verify_path(F, R + 1);
  __pathprof_verify_leave(F);
}

int main(void) {
  loop(2);       /* paths 0, 2 and 3 of loop; 0 and 1 of diamond */
  diamond(1, 1); /* the mismatch */

  /* A frame left without leave, as a longjmp out of it would. */
  uint64_t Abandoned = __pathprof_verify_enter(&DiamondData);
  __pathprof_verify_block(Abandoned, 0);
  diamond(0, 0);

  /* An id the function does not have. */
  uint64_t F = __pathprof_verify_enter(&LoopData);
  __pathprof_verify_block(F, 1);
  __pathprof_verify_block(F, 3);
  __pathprof_verify_path(F, 9);
  __pathprof_verify_leave(F);
  __pathprof_verify_leave(Abandoned);

  /* A trace too long to record: not checked, no crash. */
  F = __pathprof_verify_enter(&DiamondData);
  for (int I = 0; I != 5000; ++I)
    __pathprof_verify_block(F, 0);
  __pathprof_verify_path(F, 0);
  __pathprof_verify_block(F, 0);
  __pathprof_verify_block(F, 2);
  __pathprof_verify_block(F, 3);
  __pathprof_verify_path(F, 1); /* the trace was cleared: checked, matches */
  __pathprof_verify_leave(F);

  /* Deeper than the frame stack: untraceable, no crash. */
  uint64_t Frames[300];
  for (int I = 0; I != 300; ++I)
    Frames[I] = __pathprof_verify_enter(&DiamondData);
  __pathprof_verify_block(Frames[299], 0);
  __pathprof_verify_path(Frames[299], 0);
  __pathprof_verify_leave(Frames[0]);
  return 0;
}
