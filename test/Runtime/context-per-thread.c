// Calling context trees per thread (docs/ContextTree.md, "Reading"): `show
// --context --per-thread` prints the tree of each counter segment of a raw
// profile by itself, numbered in the order the runtime made them: 0 is
// main's (the primary segment), then one slice per thread. Eight threads
// run at once, each started once the previous one has its slice, so thread
// K (1-8) is slice K; thread K calls step 100 x K times and helper K - 1
// times. Each tree has exact counts, the threads' trees add up to the merged
// tree (`--json`, under "threads"), and an indexed profile, which keeps only
// the merged tree, is an error.
//
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-path-context %s -o %t.ctx
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.ctx
// RUN: %llvm-pathprof show --context --per-thread %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --check-prefix=MERGED --match-full-lines
// RUN: %llvm-pathprof show --json --context --per-thread %t.raw | %python %S/Inputs/context.py --check-threads | FileCheck %s --check-prefix=SUM
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
//
// CHECK:      Calling context trees of 9 threads (one per counter segment, in the order the runtime made them)
// CHECK-EMPTY:
// CHECK-NEXT: Thread 0 (segment at offset {{[0-9]+}}):
// CHECK-NEXT: Calling context tree: 1 context, 1 root, 0 recursive call sites, depth 1
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1         17         17  main
// CHECK-EMPTY:
// CHECK-NEXT: Thread 1 (segment at offset {{[0-9]+}}):
// CHECK-NEXT: Calling context tree: 2 contexts, 1 root, 0 recursive call sites, depth 2
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1        201        101  worker
// CHECK-NEXT:     100        100        100    [2] step
// CHECK-EMPTY:
// CHECK-NEXT: Thread 2 (segment at offset {{[0-9]+}}):
// CHECK-NEXT: Calling context tree: 4 contexts, 1 root, 0 recursive call sites, depth 3
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1        404        202  worker
// CHECK-NEXT:     200        200        200    [2] step
// CHECK-NEXT:       1          2          1    [3] helper
// CHECK-NEXT:       1          1          1      [0] step
// CHECK-EMPTY:
// CHECK-NEXT: Thread 3 (segment at offset {{[0-9]+}}):
// CHECK:           1        607        303  worker
// CHECK-NEXT:     300        300        300    [2] step
// CHECK-NEXT:       2          4          2    [3] helper
// CHECK-NEXT:       2          2          2      [0] step
// CHECK:      Thread 4 (segment at offset {{[0-9]+}}):
// CHECK:           1        810        404  worker
// CHECK:      Thread 5 (segment at offset {{[0-9]+}}):
// CHECK:           1       1013        505  worker
// CHECK:      Thread 6 (segment at offset {{[0-9]+}}):
// CHECK:           1       1216        606  worker
// CHECK:      Thread 7 (segment at offset {{[0-9]+}}):
// CHECK:           1       1419        707  worker
// CHECK-NEXT:     700        700        700    [2] step
// CHECK-NEXT:       6         12          6    [3] helper
// CHECK-NEXT:       6          6          6      [0] step
// CHECK-EMPTY:
// CHECK-NEXT: Thread 8 (segment at offset {{[0-9]+}}):
// CHECK-NEXT: Calling context tree: 4 contexts, 1 root, 0 recursive call sites, depth 3
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1       1622        808  worker
// CHECK-NEXT:     800        800        800    [2] step
// CHECK-NEXT:       7         14          7    [3] helper
// CHECK-NEXT:       7          7          7      [0] step
// CHECK-NOT:  Thread
//
// The merged tree: the sum.
// MERGED:      entries  inclusive  exclusive  context
// MERGED-NEXT:       8       7292       3636  worker
// MERGED-NEXT:    3600       3600       3600    [2] step
// MERGED-NEXT:      28         56         28    [3] helper
// MERGED-NEXT:      28         28         28      [0] step
// MERGED-NEXT:       1         17         17  main
// MERGED-EMPTY:
//
// SUM: threads: 9 trees, 5 contexts and recursive calls, 0 mismatches
// FLAT: flattening: 4 functions checked, 0 mismatches
//
// Errors: an indexed profile has no per-thread trees, and --per-thread
// goes with --context only.
// RUN: %llvm-pathprof merge -o %t.pathprof %t.raw
// RUN: not %llvm-pathprof show --context --per-thread %t.pathprof 2>&1 | FileCheck %s --check-prefix=ERR -DFILE=%t.pathprof
// ERR: llvm-pathprof: error: [[FILE]]: an indexed profile keeps the calling context trees of its threads merged; they are apart in raw profiles only
// RUN: not %llvm-pathprof show --per-thread %t.raw 2>&1 | FileCheck %s --check-prefix=ERR-CONTEXT
// ERR-CONTEXT: llvm-pathprof: error: --per-thread needs --context
// RUN: not %llvm-pathprof show --context --per-thread --function=step %t.raw 2>&1 | FileCheck %s --check-prefix=ERR-FUNCTION
// ERR-FUNCTION: llvm-pathprof: error: --per-thread and --function cannot be used together

#include <pthread.h>
#include <semaphore.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I % 2 == 0)
    Sink += 1;
  else
    Sink += 2;
}

__attribute__((noinline)) static void helper(void) { step(0); }

static pthread_barrier_t Start;
static sem_t HasSlice;

static void *worker(void *Arg) {
  int K = (int)(long)Arg;
  /* Entering worker gave this thread its slice: the next may start. */
  sem_post(&HasSlice);
  /* All 8 run at once, so none reuses another's slice. */
  pthread_barrier_wait(&Start);
  for (int I = 0; I < 100 * K; ++I)
    step(I);
  for (int I = 1; I < K; ++I)
    helper();
  return 0;
}

int main(void) {
  pthread_t T[8];
  pthread_barrier_init(&Start, 0, 8);
  sem_init(&HasSlice, 0, 0);
  for (long K = 1; K <= 8; ++K) {
    pthread_create(&T[K - 1], 0, worker, (void *)K);
    sem_wait(&HasSlice);
  }
  for (int I = 0; I != 8; ++I)
    pthread_join(T[I], 0);
  return 0;
}
