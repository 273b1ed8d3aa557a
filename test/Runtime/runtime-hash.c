// Hashed functions count through __pathprof_hash_inc into the table at the
// end of the profile: exact counts from several threads racing on the same
// and on new keys, PATHPROF_HASH_SIZE rounded up to a power of two, a full
// table counting what it drops and saying so once, and a bad size falling
// back to the default.
//
// RUN: %clang -O1 -pthread -I%pathprof_include -I%S/Inputs %s %pathprof_rt -o %t
// RUN: rm -f %t*.pathraw
//
// RUN: env PATHPROF_FILE=%t.threads.pathraw %t threads 2>&1 \
// RUN:   | FileCheck --allow-empty --implicit-check-not='PathProf error' %s
// RUN: %python %S/Inputs/dump_raw.py %t.threads.pathraw \
// RUN:   | FileCheck --check-prefix=THREADS %s
// THREADS: function dense: {{.*}} counts 8 0
// THREADS: function big: paths 1000000 {{.*}} hashed
// THREADS: function other: paths 100 {{.*}} hashed
// THREADS: hash: capacity 65536 used 101 dropped 0
// THREADS-COUNT-100: hash big path {{[0-9]+}}: 800{{$}}
// THREADS-NEXT: hash other path 7: 80000
//
// RUN: env PATHPROF_FILE=%t.full.pathraw PATHPROF_HASH_SIZE=5 %t full 2> %t.err
// RUN: FileCheck --check-prefix=FULL-ERR --implicit-check-not='PathProf error' %s < %t.err
// FULL-ERR: PathProf error: path hash table full (8 entries); counts of new paths are dropped, set PATHPROF_HASH_SIZE to a larger value
// RUN: %python %S/Inputs/dump_raw.py %t.full.pathraw \
// RUN:   | FileCheck --check-prefix=FULL %s
// FULL: hash: capacity 8 used 8 dropped 6
// FULL-COUNT-8: hash big path {{[0-9]}}: 3
//
// RUN: env PATHPROF_FILE=%t.bad.pathraw PATHPROF_HASH_SIZE=lots %t full 2> %t.err
// RUN: FileCheck --check-prefix=BAD-ERR --implicit-check-not='PathProf error' %s < %t.err
// BAD-ERR: PathProf error: invalid PATHPROF_HASH_SIZE 'lots'; using 65536
// RUN: %python %S/Inputs/dump_raw.py %t.bad.pathraw \
// RUN:   | FileCheck --check-prefix=BAD %s
// BAD: hash: capacity 65536 used 10 dropped 0

#include "pathprof_test.h"

#include <pthread.h>
#include <string.h>

static const uint8_t CFG[] = PP_DIAMOND_BLOB;
PP_COUNTERS(DenseCounts, 2);
PP_FUNCTION(DenseData, "dense", CFG, 2, DenseCounts, 0);
PP_FUNCTION(BigData, "big", CFG, 1000000, 0, PATHPROF_FUNC_HASHED);
PP_FUNCTION(OtherData, "other", CFG, 100, 0, PATHPROF_FUNC_HASHED);

__attribute__((constructor(101))) static void init(void) { __pathprof_init(); }

#define NUM_THREADS 8

static void *work(void *Arg) {
  (void)Arg;
  for (int I = 0; I != 10000; ++I) {
    __pathprof_hash_inc(&BigData, (uint64_t)(I % 100) * 9973);
    __pathprof_hash_inc(&OtherData, 7);
  }
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && strcmp(Argv[1], "threads") == 0) {
    pthread_t T[NUM_THREADS];
    for (int I = 0; I != NUM_THREADS; ++I)
      pthread_create(&T[I], 0, work, 0);
    for (int I = 0; I != NUM_THREADS; ++I)
      pthread_join(T[I], 0);
    for (int I = 0; I != NUM_THREADS; ++I)
      PP_INC(&DenseCounts[0]);
    return 0;
  }
  for (int Round = 0; Round != 3; ++Round)
    for (uint64_t Id = 0; Id != 10; ++Id)
      __pathprof_hash_inc(&BigData, Id);
  return 0;
}
