// Threads. By default every thread counts into a counter slice of its own
// (plain adds, no races): 8 threads x 100000 calls through a function of
// three paths give exactly the expected counts, with no flag. Atomic
// counters (-fprofile-update=atomic, i.e. -pathprof-counters=atomic) are
// exact too, and also keep counters out of registers (no counter promotion):
// threads still looping when main calls exit() lose nothing, where with
// slices (or shared counters) a looping thread's counts since it entered
// the loop were still in a register at exit() and are lost. Threads that
// have exited lose nothing in either mode.
//
// RUN: %clang_pathprof -O2 -g -pthread %s %pathprof_rt -o %t.default
// RUN: %clang_pathprof -O2 -g -pthread -mllvm -pathprof-counters=atomic %s %pathprof_rt -o %t.atomic
//
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.default exact
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=EXACT %s
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.atomic exact
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=EXACT %s
// EXACT: function {{.*}}threads.c;step paths=3 entry=800000 total=800000
// EXACT-DAG: path {{[0-9]}} 200000
// EXACT-DAG: path {{[0-9]}} 200000
// EXACT-DAG: path {{[0-9]}} 400000
//
// RUN: rm -f %t.raw %t.done && env PATHPROF_FILE=%t.raw %t.atomic exit %t.done
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=EXITED %s
// EXITED: function {{.*}}threads.c;step paths=3 entry=400000 total=400000
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/check_exit_counts.py %t.done loop | FileCheck --check-prefix=LOOPING %s
// LOOPING: 4 looping threads: every completed path counted
//
// RUN: rm -f %t.raw %t.done && env PATHPROF_FILE=%t.raw %t.default exit %t.done
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=EXITED %s
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/check_exit_counts.py %t.done loop | FileCheck --check-prefix=PROMOTED %s
// PROMOTED: 4 looping threads: {{[0-9]}} paths counted, {{[0-9][0-9][0-9][0-9][0-9][0-9]+}}..
//
// The loop's counters: with atomic counters an atomic add in the loop's own
// block (the block that branches back to itself); by default that block
// touches no counter: it counts in a register, stored when the loop exits.
// (-fno-sanitize=all: in a sanitized build, the IR as PathProf leaves it.)
// RUN: %clang_pathprof -O2 -pthread -mllvm -pathprof-counters=atomic -fno-sanitize=all -S -emit-llvm %s -o - | FileCheck --check-prefix=IR-ATOMIC %s
// IR-ATOMIC-LABEL: @loop(
// IR-ATOMIC: {{^}}[[LOOP:[0-9]+]]:{{.*}}preds = {{.*}}%[[LOOP]]{{(,|$)}}
// IR-ATOMIC: atomicrmw add
// IR-ATOMIC-NOT: {{^[0-9]+:}}
// IR-ATOMIC: !llvm.loop
// RUN: %clang_pathprof -O2 -pthread -fno-sanitize=all -S -emit-llvm %s -o - | FileCheck --check-prefix=IR-DEFAULT %s
// IR-DEFAULT-LABEL: @loop(
// IR-DEFAULT: @llvm.threadlocal.address.p0(ptr @__pathprof_thread_bias)
// IR-DEFAULT: {{^}}[[LOOP:[0-9]+]]:{{.*}}preds = {{.*}}%[[LOOP]]{{(,|$)}}
// IR-DEFAULT-NOT: pathprof.counter
// IR-DEFAULT: !llvm.loop

#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define ITERATIONS 100000

static volatile int Sink;
static volatile int Stop;
static volatile uint64_t *Done; /* iterations of each looping thread */

__attribute__((noinline)) static void step(int I) {
  if (I % 4 == 0)
    Sink += 1;
  else if (I % 4 == 1)
    Sink += 2;
  else
    Sink += 3;
}

static void *finite(void *Arg) {
  (void)Arg;
  for (int I = 0; I < ITERATIONS; ++I)
    step(I);
  return 0;
}

/* A call-free loop of one path per iteration: each iteration records its
   number, then ends its path at the backedge. */
__attribute__((noinline)) static void loop(volatile uint64_t *Mine) {
  for (uint64_t N = 1; !Stop; ++N)
    *Mine = N;
}

static void *looping(void *Arg) {
  loop(&Done[(intptr_t)Arg]);
  return 0;
}

int main(int Argc, char **Argv) {
  pthread_t T[8];
  if (Argc == 2 && strcmp(Argv[1], "exact") == 0) {
    for (int I = 0; I != 8; ++I)
      pthread_create(&T[I], 0, finite, 0);
    for (int I = 0; I != 8; ++I)
      pthread_join(T[I], 0);
    return 0;
  }
  if (Argc != 3)
    return 2;
  int Fd = open(Argv[2], O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0 || ftruncate(Fd, 4 * sizeof(uint64_t)) != 0)
    return 2;
  Done = mmap(0, 4 * sizeof(uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, Fd,
              0);
  if (Done == MAP_FAILED)
    return 2;
  for (int I = 0; I != 4; ++I)
    pthread_create(&T[I], 0, finite, 0);
  for (int I = 0; I != 4; ++I)
    pthread_join(T[I], 0);
  for (intptr_t I = 0; I != 4; ++I)
    pthread_create(&T[4 + I], 0, looping, (void *)I);
  for (int I = 0; I != 4; ++I)
    while (Done[I] < 100000)
      sched_yield();
  exit(0);
}
