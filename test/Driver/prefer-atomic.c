// -fprofile-update=prefer-atomic gives exact (atomic) counters whether or
// not -pthread is on the compile command: build systems often pass -pthread
// only to the link, and a compile cannot know whether threads will run.
//
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -O2 -fprofile-path-generate -fprofile-update=prefer-atomic -c %s \
// RUN:   | FileCheck %s --check-prefix=ECHO
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -O2 -fprofile-path-generate=prof -fprofile-update=prefer-atomic -pthread -c %s \
// RUN:   | FileCheck %s --check-prefix=ECHO
// ECHO: -fpass-plugin={{[^ ]*}}/lib/PathProf.so {{.*}}-Xclang -mllvm -Xclang -pathprof-atomic-counters -O2 -fprofile-update=prefer-atomic
//
// The compile without -pthread emits atomic counter updates.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-update=prefer-atomic -S -emit-llvm %s -o - \
// RUN:   | FileCheck %s --check-prefix=IR
// IR: atomicrmw add
//
// Compile without -pthread, link with it, as a Makefile with
// LDFLAGS=-pthread does: four threads count every call.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-update=prefer-atomic -c %s -o prog.o
// RUN: pathprof-clang -pthread prog.o -o prog
// RUN: env PATHPROF_FILE=%t/p.pathraw ./prog
// RUN: llvm-pathprof show --json %t/p.pathraw | %python %S/../Runtime/Inputs/paths.py --no-blocks \
// RUN:   | FileCheck %s
// CHECK: function {{.*}}prefer-atomic.c;tick paths=1 entry=400000 total=400000

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
  pthread_t Threads[4];
  for (int I = 0; I != 4; ++I)
    pthread_create(&Threads[I], 0, run, 0);
  for (int I = 0; I != 4; ++I)
    pthread_join(Threads[I], 0);
  return 0;
}
