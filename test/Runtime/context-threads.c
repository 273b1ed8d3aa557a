// Calling context tree, threads (docs/ContextTree.md): every thread builds
// a tree of its own, in its own counter slice, with no atomics; a thread's
// start routine is a root of its tree, and the reader merges the trees of
// all threads. Two rounds of 8 threads (the second reuses the first's
// slices, trees included) give exact counts per context, and the
// flattening is exact.
//
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py | FileCheck %s --check-prefix=PATHS --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// RUN: %python %S/Inputs/context_arena.py %t.raw | FileCheck %s --check-prefix=ARENA
//
// CHECK:      Calling context tree: 5 contexts, 2 roots, 0 recursive call sites, depth 3
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:      16     320048     160016  worker
// CHECK-NEXT:  160000     160000     160000    [2] step
// CHECK-NEXT:      16         32         16    [1] helper
// CHECK-NEXT:      16         16         16      [0] step
// CHECK-NEXT:       1         35         35  main
// CHECK-EMPTY:
//
// PATHS:      ctx worker entries=16 paths=0:16,2:159984,3:16
// PATHS-NEXT: ctx   [1] helper entries=16 paths=0:16
// PATHS-NEXT: ctx     [0] step entries=16 paths=1:16
// PATHS-NEXT: ctx   [2] step entries=160000 paths=0:80000,1:40000,2:40000
// PATHS-NEXT: ctx main entries=1 paths={{.*}}
//
// One tree in the main thread's segment, and one in each of the 8 slices
// (each with the worker of two threads, one per round).
// ARENA:         roots: main
// ARENA-COUNT-8: roots: worker
// ARENA-NOT:     roots:
//
// FLAT: flattening: 4 functions checked, 0 mismatches
//
// Counting calls only (-fprofile-path-context=calls), the same contexts
// with the same entries: the runtime's tree code is the same.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls
// RUN: %llvm-pathprof show --context %t.calls.raw | FileCheck %s --check-prefix=CALLS --match-full-lines
// CALLS:      Calling context tree: 5 contexts, 2 roots, 0 recursive call sites, depth 3
// CALLS:      entries  context
// CALLS-NEXT:      16  worker
// CALLS-NEXT:  160000    [2] step
// CALLS-NEXT:      16    [1] helper
// CALLS-NEXT:      16      [0] step
// CALLS-NEXT:       1  main
// CALLS-EMPTY:
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: %python %S/Inputs/context_arena.py %t.calls.raw | FileCheck %s --check-prefix=ARENA

#include <pthread.h>

#define ITERATIONS 10000

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I % 4 == 0)
    Sink += 1;
  else if (I % 4 == 1)
    Sink += 2;
  else
    Sink += 3;
}

__attribute__((noinline)) static void helper(void) { step(0); }

static pthread_barrier_t Start;

static void *worker(void *Arg) {
  (void)Arg;
  /* All 8 run at once: each takes a slice of its own. */
  pthread_barrier_wait(&Start);
  for (int I = 0; I < ITERATIONS; ++I)
    step(I);
  helper();
  return 0;
}

int main(void) {
  pthread_t T[8];
  pthread_barrier_init(&Start, 0, 8);
  for (int Round = 0; Round != 2; ++Round) {
    for (int I = 0; I != 8; ++I)
      pthread_create(&T[I], 0, worker, 0);
    for (int I = 0; I != 8; ++I)
      pthread_join(T[I], 0);
  }
  return 0;
}
