// Process life cycle: a forked child counts into a fresh segment of its own
// (here of the parent's file), never into the parent's, and may leave with
// _exit; exit() from a constructor, before or after __pathprof_init, keeps
// its status and does not crash. (The dense form, PATHPROF_COMPACT=0, shows
// the two segments; compaction at the parent's exit would fold them.)
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: rm -rf %t.d
// RUN: env PATHPROF_COMPACT=0 PATHPROF_FILE=%t.d/fork.pathraw %t 2>&1 \
// RUN:   | FileCheck --allow-empty --implicit-check-not='PathProf' %s
// RUN: %python %S/Inputs/dump_raw.py %t.d/fork.pathraw | FileCheck --check-prefix=FORK %s
// FORK: description at 0:
// FORK: segment at 4096:
// FORK: function diamond: {{.*}} counts 101 0
// FORK: hash diamond2 path 5: 1{{$}}
// FORK: segment at
// FORK: function diamond: {{.*}} counts 10 0
// FORK: hash diamond2 path 5: 10{{$}}
// FORK-NOT: segment at
//
// RUN: env PATHPROF_FILE=%t.d/early.pathraw EXIT_EARLY=1 sh -c '%t; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck --check-prefix=EARLY --implicit-check-not='PathProf' %s
// RUN: not ls %t.d/early.pathraw
// EARLY: exit status 3
// RUN: env PATHPROF_FILE=%t.d/late.pathraw EXIT_LATE=1 sh -c '%t; echo "exit status $?"' 2>&1 \
// RUN:   | FileCheck --check-prefix=LATE --implicit-check-not='PathProf' %s
// RUN: %python %S/Inputs/dump_raw.py %t.d/late.pathraw | FileCheck --check-prefix=LATE-PROF %s
// LATE: exit status 4
// LATE-PROF: function diamond: {{.*}} counts 0 1

#include "pathprof_test.h"

#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);
PP_FUNCTION(Diamond2Data, "diamond2", DiamondCFG, 100, 0, PATHPROF_FUNC_HASHED);

__attribute__((constructor(101))) static void early(void) {
  if (getenv("EXIT_EARLY"))
    exit(3);
}

__attribute__((constructor(102))) static void init(void) { __pathprof_init(); }

__attribute__((constructor(103))) static void late(void) {
  if (getenv("EXIT_LATE")) {
    PP_INC(&DiamondCounts[1]);
    exit(4);
  }
}

int main(void) {
  PP_INC(&DiamondCounts[0]);
  __pathprof_hash_inc(&Diamond2Data, 5);
  pid_t Child = fork();
  if (Child == 0) {
    for (int I = 0; I != 10; ++I) {
      PP_INC(&DiamondCounts[0]);
      __pathprof_hash_inc(&Diamond2Data, 5);
    }
    _exit(0);
  }
  waitpid(Child, 0, 0);
  for (int I = 0; I != 100; ++I)
    PP_INC(&DiamondCounts[0]);
  return 0;
}
