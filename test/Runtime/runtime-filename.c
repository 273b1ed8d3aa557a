// File naming: PATHPROF_FILE patterns (%p pid, %h host, %m and %Nm module
// signature and pool index, %% a percent sign, anything else kept), parent
// directories created, the precedence PATHPROF_FILE >
// __pathprof_profile_filename > default.pathraw, and an empty PATHPROF_FILE
// counting as unset. (%% in RUN lines is lit's escape for a single %.)
//
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t.def \
// RUN:   '-DDEFAULT_NAME="%t.d2/x/def_%%m.pathraw"'
// RUN: rm -rf %t.d %t.d2 %t.d3
//
// %m is the signature and pool index 0 (a pool of one file), as in LLVM.
// RUN: env PATHPROF_FILE=%t.d/a/b/p_%%p_h_%%h_m_%%m_%%%%_%%q.pathraw %t > %t.out
// RUN: ls %t.d/a/b >> %t.out
// RUN: FileCheck --check-prefix=PAT %s < %t.out
// PAT: pid=[[PID:[0-9]+]] pool4={{[0-3]}} host=[[HOST:[^ ]+]]
// PAT-NEXT: p_[[PID]]_h_[[HOST]]_m_{{([0-9a-f]{16})}}_0_%_%q.pathraw
// RUN: %python %S/Inputs/dump_raw.py %t.d/a/b/p_*.pathraw \
// RUN:   | FileCheck --check-prefix=SIG %s
// SIG: name: p_{{[0-9]+}}_h_{{.*}}_m_[[SIG:[0-9a-f]+]]_0_%_%q.pathraw
// SIG: signature: [[SIG]]
//
// %4m: pool index pid % 4; %0m is not a pool and stays; every %m expands.
// RUN: env PATHPROF_FILE=%t.d/c/n_%%4m_z_%%0m_%%m.pathraw %t > %t.out
// RUN: ls %t.d/c >> %t.out
// RUN: FileCheck --check-prefix=POOL %s < %t.out
// POOL: pid={{[0-9]+}} pool4=[[INDEX:[0-3]{1}]] host=
// POOL-NEXT: n_[[SIGNATURE:[0-9a-f]{16}]]_[[INDEX]]_z_%0m_[[SIGNATURE]]_0.pathraw
//
// A default from the instrumented module, used when PATHPROF_FILE is empty.
// RUN: env PATHPROF_FILE= %t.def
// RUN: ls %t.d2/x | FileCheck --check-prefix=DEF %s
// DEF: def_{{([0-9a-f]{16})}}_0.pathraw
// RUN: rm -rf %t.d2
// RUN: env PATHPROF_FILE=%t.d3/explicit.pathraw %t.def
// RUN: ls %t.d3 | FileCheck --check-prefix=EXPLICIT %s
// RUN: not ls %t.d2
// EXPLICIT: explicit.pathraw

#include "pathprof_test.h"

#include <stdio.h>
#include <unistd.h>

#ifdef DEFAULT_NAME
__attribute__((visibility("hidden"))) const char __pathprof_profile_filename[] =
    DEFAULT_NAME;
#endif

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

int main(void) {
  char Host[256] = "";
  gethostname(Host, sizeof(Host) - 1);
  PP_INC(&DiamondCounts[1]);
  printf("pid=%ld pool4=%ld host=%s\n", (long)getpid(), (long)getpid() % 4,
         Host);
  return 0;
}
