// The wrapper's -fprofile-update= picks the counter mode, as clang's flag
// does for its own counters (and it is passed on to clang for them):
// atomic and prefer-atomic, with or without -pthread, give exact mode
// (-pathprof-counters=atomic: atomic adds); single, -pthread alone, and no
// flag give fast mode (plain adds). An exact-mode program counts exactly.
//
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-generate -fprofile-update=atomic -c %s | FileCheck --check-prefix=ATOMIC %s
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-generate -fprofile-update=prefer-atomic -pthread -c %s | FileCheck --check-prefix=ATOMIC %s
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-generate -fprofile-update=prefer-atomic -c %s | FileCheck --check-prefix=ATOMIC %s
// ATOMIC: -Xclang -mllvm -Xclang -pathprof-counters=atomic {{.*}}-fprofile-update=
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-generate -fprofile-update=atomic -fprofile-update=single -c %s | FileCheck --check-prefix=PLAIN %s
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-generate -pthread -c %s | FileCheck --check-prefix=PLAIN %s
// PLAIN-NOT: pathprof-atomic-counters
// Without -fprofile-path-generate it only concerns clang.
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-update=atomic -c %s | FileCheck --check-prefix=CLANG %s
// CLANG-NOT: pathprof-atomic-counters
// CLANG: -fprofile-update=atomic
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-update=atomic -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// IR: atomicrmw add
// prefer-atomic without -pthread on the compile is exact too: build systems
// often pass -pthread only to the link, and a compile cannot know whether
// threads will run.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-update=prefer-atomic -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// RUN: rm -rf %t && mkdir %t
// RUN: pathprof-clang -O2 -g -pthread -fprofile-path-generate -fprofile-update=prefer-atomic %s -o %t/prog
// RUN: env PATHPROF_FILE=%t/p.pathraw %t/prog
// RUN: llvm-pathprof show --json %t/p.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// CHECK: function {{.*}}profile-update.c;tick paths=1 entry=400000 total=400000
// Compiled without -pthread and linked with it, as a Makefile with
// LDFLAGS=-pthread does: four threads still count every call.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-update=prefer-atomic -c %s -o %t/prog.o
// RUN: pathprof-clang -pthread %t/prog.o -o %t/prog2
// RUN: env PATHPROF_FILE=%t/p2.pathraw %t/prog2
// RUN: llvm-pathprof show --json %t/p2.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s

#include <pthread.h>

static volatile int Sink;

__attribute__((noinline)) static void tick(void) { Sink = 1; }

static void *run(void *Arg) {
  (void)Arg;
  for (int I = 0; I != 100000; ++I)
    tick();
  return 0;
}

int main(void) {
  pthread_t T[4];
  for (int I = 0; I != 4; ++I)
    pthread_create(&T[I], 0, run, 0);
  for (int I = 0; I != 4; ++I)
    pthread_join(T[I], 0);
  return 0;
}
