// An instrumented shared library linked with its own copy of the runtime has
// its own hidden counter bias and its own profile: with a %m pattern from
// __pathprof_profile_filename the executable and the library write two files
// with different module signatures.
//
// RUN: rm -rf %t.d
// RUN: %clang -O1 -fPIC -shared -I%pathprof_include -I%S/Inputs -DBUILD_DSO \
// RUN:   '-DPROFILE="%t.d/prof_%%m.pathraw"' %s %pathprof_rt -o %t.so
// RUN: %clang -O1 -I%pathprof_include -I%S/Inputs \
// RUN:   '-DPROFILE="%t.d/prof_%%m.pathraw"' %s %t.so %pathprof_rt -o %t
// RUN: %t
// RUN: ls %t.d | count 2
// RUN: for F in %t.d/*.pathraw; do %python %S/Inputs/dump_raw.py $F; done \
// RUN:   | FileCheck %s
// CHECK-DAG: function in_exe: {{.*}} counts 1 2
// CHECK-DAG: function in_dso: {{.*}} counts 30 40

#include "pathprof_test.h"

__attribute__((visibility("hidden"))) const char __pathprof_profile_filename[] =
    PROFILE;

static const uint8_t DiamondCFG[] = PP_DIAMOND_BLOB;
static PP_COUNTERS(Counts, 2);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

#ifdef BUILD_DSO
static PP_FUNCTION(DsoData, "in_dso", DiamondCFG, 2, Counts, 0);

void dsoWork(void) {
  for (int I = 0; I != 30; ++I)
    PP_INC(&Counts[0]);
  for (int I = 0; I != 40; ++I)
    PP_INC(&Counts[1]);
}
#else
static PP_FUNCTION(ExeData, "in_exe", DiamondCFG, 2, Counts, 0);
void dsoWork(void);

int main(void) {
  PP_INC(&Counts[0]);
  dsoWork();
  PP_INC(&Counts[1]);
  PP_INC(&Counts[1]);
  return 0;
}
#endif
