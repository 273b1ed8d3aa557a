// Per-path time: tsc and the software task clock. work()'s long path spins
// three times as long as its short one (spin() is built without PathProf,
// so it counts as its caller's); an instrumented callee's cost is its own
// (exclusive metrics, the default) or also its caller's (inclusive); the
// paths of a run hold the time main() measured around its work. Ranges,
// not exact values: time varies from run to run. Shares are checked on the
// task clock, the thread's CPU time, which other processes do not inflate
// (wall-clock tsc shares do when the machine is busy); tsc against main's
// own tsc reading.
//
// RUN: %clang -O1 -c %S/Inputs/spin.c -o %t.spin.o
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %t.spin.o %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// RUN: env PATHPROF_EVENTS=tsc,task-clock PATHPROF_FILE=%t.d/ex.pathraw %t > %t.d/ex.out 2>&1
// RUN: FileCheck --check-prefix=OUT %s < %t.d/ex.out
// RUN: %llvm-pathprof show --json %t.d/ex.pathraw > %t.d/ex.json
// RUN: %python %S/Inputs/metric_check.py %t.d/ex.json \
// RUN:   'work.1.task-clock/work.*.task-clock:0.7:0.8' \
// RUN:   'caller.*.task-clock/callee.*.task-clock:0:0.05' \
// RUN:   "*.*.tsc=`sed -n 's/^main-ticks //p' %t.d/ex.out`:0.95:1.15" \
// RUN:   | FileCheck --check-prefix=EXCL --implicit-check-not=FAIL %s
// EXCL: ok work.1.task-clock/work.*.task-clock
// EXCL-NEXT: ok caller.*.task-clock/callee.*.task-clock
// EXCL-NEXT: ok *.*.tsc=
//
// RUN: env PATHPROF_INCLUSIVE=1 PATHPROF_EVENTS=tsc,task-clock PATHPROF_FILE=%t.d/in.pathraw %t > %t.d/in.out 2>&1
// RUN: FileCheck --check-prefix=OUT %s < %t.d/in.out
// RUN: %llvm-pathprof show --json %t.d/in.pathraw > %t.d/in.json
// RUN: %python %S/Inputs/metric_check.py %t.d/in.json \
// RUN:   'work.1.task-clock/work.*.task-clock:0.7:0.8' \
// RUN:   'caller.*.task-clock/callee.*.task-clock:0.95:1.1' \
// RUN:   "main.*.tsc=`sed -n 's/^main-ticks //p' %t.d/in.out`:0.98:1.15" \
// RUN:   | FileCheck --check-prefix=INCL --implicit-check-not=FAIL %s
// INCL: ok work.1.task-clock/work.*.task-clock
// INCL-NEXT: ok caller.*.task-clock/callee.*.task-clock
// INCL-NEXT: ok main.*.tsc=
//
// OUT: main-ticks {{[0-9]+$}}
// OUT-NOT: PathProf

#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

void spin(long N);
enum { Unit = 100000 };

/* The long path spins three times as long as the short one. */
__attribute__((noinline)) static void work(int Long) {
  if (Long)
    spin(3 * Unit);
  else
    spin(Unit);
}
/* An instrumented callee: exclusive metrics charge its spin to it. */
__attribute__((noinline)) static void callee(void) { spin(4 * Unit); }
__attribute__((noinline)) static void caller(void) { callee(); }

int main(void) {
  uint64_t T0 = __rdtsc();
  for (int I = 0; I != 20; ++I) {
    work(0);
    work(1);
  }
  for (int I = 0; I != 20; ++I)
    caller();
  uint64_t T1 = __rdtsc();
  printf("main-ticks %llu\n", (unsigned long long)(T1 - T0));
  return 0;
}
