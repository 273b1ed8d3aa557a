// Calling context tree and asynchronous signals (docs/ContextTree.md, "What
// attaches where"): SIGALRM interrupts spin while it runs its own code, and
// the handler attaches under spin, flagged as reached through unknown code,
// at the slot spin stored last: that of its call of setitimer (a callee
// that returned leaves the caller's last call site in place; only entry,
// landing pads and setjmp returns point it at the function's own slot).
// Every handler entry is under spin: exactly as many as the program
// counted.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t > %t.out
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --sum onAlarm > %t.sum
// RUN: cat %t.out %t.sum | FileCheck %s
// CHECK: [[N:[0-9]+]] alarms
// CHECK: onAlarm: [[N]] entries in {{[1-3]}} contexts, {{[1-3]}} via unknown code, under spin{{$}}
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --check-prefix=TREE
// TREE: [{{[0-9]+}}] spin
// TREE: [0, via unknown code] onAlarm
// TREE-NEXT: [0] note
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// FLAT: flattening: 4 functions checked, 0 mismatches
//
// Counting calls only (-fprofile-path-context=calls): every handler entry
// is under spin too.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls > %t.calls.out
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --sum onAlarm > %t.calls.sum
// RUN: cat %t.calls.out %t.calls.sum | FileCheck %s
// RUN: %llvm-pathprof show --context %t.calls.raw | FileCheck %s --check-prefix=TREE

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

static volatile sig_atomic_t Alarms;
static volatile int Sink;

__attribute__((noinline)) static void note(int X) { Sink += X; }

static void onAlarm(int Sig) {
  note(Sig);
  ++Alarms;
}

/* Runs its own code, calling nothing, until 20 alarms have come. */
__attribute__((noinline)) static void spin(void) {
  struct itimerval On = {{0, 500}, {0, 500}}, Off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &On, 0);
  while (Alarms < 20)
    Sink = Sink + 1;
  setitimer(ITIMER_REAL, &Off, 0);
}

int main(void) {
  struct sigaction SA;
  memset(&SA, 0, sizeof(SA));
  SA.sa_handler = onAlarm;
  sigaction(SIGALRM, &SA, 0);
  spin();
  printf("%d alarms\n", (int)Alarms);
  return 0;
}
