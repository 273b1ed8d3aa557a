// Calling context tree: a signal handler that interrupts the runtime while
// it changes the thread's tree counts flat (docs/ContextTree.md, "The
// per-thread protocol"): the tree has one writer and no atomics, so the
// handler must not touch it. The runtime commits memory to a growing tree
// with madvise(MADV_POPULATE_WRITE); this program's own madvise raises
// SIGUSR1 right there, twice (64 nodes of wide, 8 KB each, cross two 256 KB
// commit steps). Both handler activations count in the flat profile and in
// no context; the rest of the tree is exact.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: raised 2 handled 2
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT --implicit-check-not=MISMATCH
// FLAT-DAG: MISMATCH {{.*}}context-signal-runtime.c;inHandler: ran but has no context
// FLAT-DAG: MISMATCH {{.*}}context-signal-runtime.c;onSignal: ran but has no context
// FLAT: flattening: 2 functions checked, 2 mismatches
// RUN: %llvm-pathprof show --function=onSignal %t.raw | FileCheck %s --check-prefix=FN
// FN: Entry count: 2
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py | FileCheck %s --check-prefix=TREE
// TREE: ctx main entries=1 paths=0:1
// TREE-COUNT-64: ctx   [{{[0-9]+}}] wide entries=1 paths={{[0-9]+}}:1
// TREE-NOT: ctx
//
// In a plain build nothing calls madvise while it is armed: the signals come
// from inside the runtime only.
// RUN: %clang -O2 %s -o %t.plain && %t.plain | FileCheck %s --check-prefix=PLAIN
// PLAIN: raised 0 handled 0

#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int Sink;
static volatile sig_atomic_t Armed, Raised, Handled;

/* The runtime commits memory to the tree with madvise(MADV_POPULATE_WRITE)
   while it changes the tree; this madvise raises a signal there once main
   has armed it. */
__attribute__((no_profile_instrument_function)) int madvise(void *Addr,
                                                            size_t Len,
                                                            int Advice) {
  if (Armed && Advice == MADV_POPULATE_WRITE) {
    ++Raised;
    raise(SIGUSR1);
  }
  return (int)syscall(SYS_madvise, Addr, Len, Advice);
}

__attribute__((noinline)) static void inHandler(int X) { Sink += X; }
static void onSignal(int Sig) {
  inHandler(Sig);
  ++Handled;
}

/* 2^10 paths: each node of wide holds a table of 1024 counts. */
#define STEP(K) if (X & (1 << K)) Sink += K; else Sink -= 1;
__attribute__((noinline)) static void wide(int X) {
  STEP(0) STEP(1) STEP(2) STEP(3) STEP(4)
  STEP(5) STEP(6) STEP(7) STEP(8) STEP(9)
}
#define CALL4(X) wide(X); wide(X + 1); wide(X + 2); wide(X + 3);
#define CALL16(X) CALL4(X) CALL4(X + 4) CALL4(X + 8) CALL4(X + 12)

int main(void) {
  struct sigaction SA;
  memset(&SA, 0, sizeof(SA));
  SA.sa_handler = onSignal;
  sigaction(SIGUSR1, &SA, 0);
  Armed = 1;
  /* 64 call sites of wide: 64 nodes of 8 KB and more cross two 256 KB steps. */
  CALL16(0) CALL16(16) CALL16(32) CALL16(48)
  Armed = 0;
  printf("raised %d handled %d\n", (int)Raised, (int)Handled);
  return 0;
}
