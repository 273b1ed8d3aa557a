// Value profiles of indirect calls in a flow-only build (docs/Runtime.md,
// "Value profiles"): the callees of each indirect call site, counted
// exactly on the main thread, on four threads (each in its own slice), in
// a forked child (its own segment of the same file) and through a
// -pathprof-counters=atomic build. Targets that are no instrumented
// function of the module (abs, from the C library) and targets beyond a
// site's PATHPROF_VALUE_SLOTS (8) slots are counted as unknown. A kill -9
// keeps what was counted. The program prints what it prints unprofiled.
//
// RUN: %clang -O2 -pthread %s -o %t.plain && %t.plain > %t.plain.out
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate %s -o %t.prof
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.prof > %t.prof.out
// RUN: cmp %t.plain.out %t.prof.out
// RUN: %llvm-pathprof show %t.raw | FileCheck %s
// apply: 200 calls on the main thread (50 dbl, 40 add1, 10 neg, 50 t8, 50
// t9), 5 of abs, 4000 on threads (add1), 7 in the child (neg): as many as
// its entries; many: 10 targets, one call each, of which 8 get slots.
// CHECK-LABEL: Function: apply
// CHECK-NEXT:  Checksum:
// CHECK:       Entry count: 4212
// CHECK:       Indirect call site 0: 4212 calls: add1 4040, dbl 50, t8 50, t9 50, neg 17, unknown 5
// CHECK-LABEL: Function: many
// CHECK:       Indirect call site 0: 10 calls: t0 1, t1 1, t2 1, t3 1, t4 1, t5 1, t6 1, t7 1, unknown 2
//
// Merged, weighted, and through the text form: the same counts.
// RUN: %llvm-pathprof merge --weighted-input=3,%t.raw -o %t.pathprof
// RUN: %llvm-pathprof show %t.pathprof | FileCheck %s --check-prefix=WEIGHTED
// WEIGHTED: Indirect call site 0: 12636 calls: add1 12120, dbl 150, t8 150, t9 150, neg 51, unknown 15
// RUN: %llvm-pathprof show --text %t.pathprof > %t.txt
// RUN: %llvm-pathprof merge %t.txt -o %t.round.pathprof && cmp %t.pathprof %t.round.pathprof
//
// Atomic counters: the same counts.
// RUN: pathprof-clang -O2 -pthread -fprofile-path-generate -fprofile-update=atomic %s -o %t.atomic
// RUN: rm -f %t.atomic.raw && env PATHPROF_FILE=%t.atomic.raw %t.atomic > /dev/null
// RUN: %llvm-pathprof show %t.atomic.raw | FileCheck %s
//
// Killed after its first calls: what was counted is in the file.
// RUN: rm -f %t.kill.raw && env PATHPROF_FILE=%t.kill.raw %t.prof kill > /dev/null; test $? -ne 0
// RUN: %llvm-pathprof show %t.kill.raw | FileCheck %s --check-prefix=KILL
// KILL-LABEL: Function: apply
// KILL: Indirect call site 0: 3 calls: add1 2, dbl 1

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*Fn)(int);

static int add1(int X) { return X + 1; }
static int dbl(int X) { return X * 2; }
int neg(int X) { return -X; }
#define T(N)                                                                   \
  static int t##N(int X) { return X + N; }
T(0) T(1) T(2) T(3) T(4) T(5) T(6) T(7) T(8) T(9)

__attribute__((noinline)) int apply(Fn F, int X) { return F(X); }
__attribute__((noinline)) int many(Fn F, int X) { return F(X); }

static void *worker(void *Arg) {
  long Sum = 0;
  for (int I = 0; I < 1000; ++I)
    Sum += apply(add1, I);
  *(long *)Arg = Sum;
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && !strcmp(Argv[1], "kill")) {
    apply(add1, 1);
    apply(dbl, 2);
    apply(add1, 3);
    raise(SIGKILL);
  }
  Fn Fs[3] = {add1, dbl, neg};
  long Sum = 0;
  for (int I = 0; I < 100; ++I)
    Sum += apply(Fs[I % 10 == 0 ? 2 : I % 2], I);
  for (int I = 0; I < 5; ++I)
    Sum += apply(abs, -I);
  Fn Ts[10] = {t0, t1, t2, t3, t4, t5, t6, t7, t8, t9};
  for (int I = 0; I < 10; ++I)
    Sum += many(Ts[I], I);
  // t8 and t9 through apply: slots 4 and 5 of its block.
  for (int I = 0; I < 50; ++I)
    Sum += apply(t8, I) + apply(t9, I);
  pthread_t Threads[4];
  long Sums[4];
  for (int I = 0; I < 4; ++I)
    pthread_create(&Threads[I], 0, worker, &Sums[I]);
  for (int I = 0; I < 4; ++I) {
    pthread_join(Threads[I], 0);
    Sum += Sums[I];
  }
  pid_t Child = fork();
  if (Child == 0) {
    int S = 0;
    for (int I = 0; I < 7; ++I)
      S += apply(neg, I);
    _exit(S == -21 ? 0 : 1);
  }
  int Status;
  waitpid(Child, &Status, 0);
  printf("%ld %d\n", Sum, WIFEXITED(Status) ? WEXITSTATUS(Status) : -1);
  return 0;
}
