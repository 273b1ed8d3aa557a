// A profile that cannot be created gives exactly one "PathProf error:" line,
// the program runs on with its own exit status, its dense counters still
// count (in the static section) and hashed functions count into anonymous
// memory.
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: rm -rf %t.file && touch %t.file
//
// Under /proc nothing can be created.
// RUN: env PATHPROF_FILE=/proc/pathprof-no-such-dir/x.pathraw \
// RUN:   sh -c '%t; echo "exit status $?"' > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=PROC --implicit-check-not='PathProf error' %s < %t.err
// PROC: PathProf error: cannot create profile '/proc/pathprof-no-such-dir/x.pathraw': No such file or directory
//
// A regular file used as a directory.
// RUN: env PATHPROF_FILE=%t.file/sub/x.pathraw \
// RUN:   sh -c '%t; echo "exit status $?"' > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// RUN: FileCheck --check-prefix=NOTDIR --implicit-check-not='PathProf error' %s < %t.err
// NOTDIR: PathProf error: cannot create profile '{{.*}}.file/sub/x.pathraw': Not a directory
//
// OUT: dense counts 5 7
// OUT-NEXT: exit status 42

#include "pathprof_test.h"

#include <stdio.h>

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
static const uint8_t LoopCFG[] = PP_LOOP_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);
PP_FUNCTION(LoopData, "loop", LoopCFG, 4, 0, PATHPROF_FUNC_HASHED);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

int main(void) {
  for (int I = 0; I != 5; ++I)
    PP_INC(&DiamondCounts[0]);
  for (int I = 0; I != 7; ++I)
    PP_INC(&DiamondCounts[1]);
  for (int I = 0; I != 1000; ++I)
    __pathprof_hash_inc(&LoopData, (uint64_t)I % 4);
  printf("dense counts %llu %llu\n", (unsigned long long)DiamondCounts[0],
         (unsigned long long)DiamondCounts[1]);
  return 42;
}
