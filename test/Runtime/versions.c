// Versions recorded and checked: the pass emits the compiler that built the
// module (__pathprof_producer) and the layout of its function records
// (__pathprof_data_version); each segment of the raw profile records the
// producer and the runtime that wrote it. A module whose records have
// another layout is refused with one message and runs unprofiled.
//
// RUN: %clang_pathprof -O0 -g -S -emit-llvm %s -o - | FileCheck -DDATA_VERSION=%data_version --check-prefix=IR %s
// IR-DAG: @__pathprof_producer = linkonce_odr hidden constant [{{[0-9]+}} x i8] c"PathProf 0.3 (LLVM 19.{{[0-9.]+}})\00"
// IR-DAG: @__pathprof_data_version = linkonce_odr hidden constant i64 [[DATA_VERSION]]
//
// RUN: %clang_pathprof -O0 -g %s %pathprof_rt -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t
// RUN: %python %S/Inputs/dump_raw.py %t.raw | FileCheck -DRAW_VERSION=%raw_version --check-prefix=RAW %s
// RAW: description at 0: functions: 1
// RAW-NEXT: compact at {{[0-9]+}}: version [[RAW_VERSION]]
// RAW-NEXT: producer: PathProf 0.3 (LLVM 19.{{[0-9.]+}})
// RAW-NEXT: runtime: PathProf runtime 0.3 (raw v10)
//
// RUN: %clang -O1 -DPP_DATA_VERSION=99 -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t.skew
// RUN: rm -f %t.skew.raw
// RUN: env PATHPROF_FILE=%t.skew.raw sh -c '%t.skew; echo "exit status $?"' > %t.out 2>&1
// RUN: FileCheck -DDATA_VERSION=%data_version --check-prefix=SKEW --implicit-check-not='PathProf error' %s < %t.out
// SKEW: PathProf error: module built for PathProf data version 99; this runtime supports [[DATA_VERSION]]; not profiled
// SKEW: exit status 7
// RUN: not ls %t.skew.raw

#ifdef PP_DATA_VERSION
/* A module as a different version of the pass would emit it. */
#include "pathprof_test.h"

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
PP_COUNTERS(DiamondCounts, 2);
PP_FUNCTION(DiamondData, "diamond", DiamondCFG, 2, DiamondCounts, 0);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

int main(void) {
  PP_INC(&DiamondCounts[0]);
  return 7;
}
#else
int main(void) { return 0; }
#endif
