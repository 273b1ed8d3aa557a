// The inline time-stamp counter reading: when a run's only event is tsc and
// metrics are exclusive, instrumented code reads the counter itself (no
// call into the runtime, PathProfLowering.cpp) and the runtime says so in
// __pathprof_metrics_tsc. The numbers must be those of the runtime's own
// reading (-pathprof-inline-tsc=false): the paths of a run hold the time
// main() measured around its work, and an instrumented callee's time is its
// own and not its caller's. (How the time divides between work()'s paths is
// checked on the task clock in metrics-time.c: wall-clock shares move when
// the machine runs other things.)
//
// RUN: %clang -O1 -c %S/Inputs/spin.c -o %t.spin.o
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %t.spin.o %pathprof_rt -o %t
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 -mllvm -pathprof-inline-tsc=false %s %t.spin.o %pathprof_rt -o %t.call
// RUN: rm -rf %t.d && mkdir %t.d
//
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_FILE=%t.d/inline.pathraw %t > %t.d/inline.out 2>&1
// RUN: FileCheck --check-prefix=INLINE %s < %t.d/inline.out
// RUN: %llvm-pathprof show --json %t.d/inline.pathraw > %t.d/inline.json
// RUN: %python %S/Inputs/metric_check.py %t.d/inline.json \
// RUN:   'caller.*.tsc/callee.*.tsc:0:0.05' \
// RUN:   "*.*.tsc=`sed -n 's/^main-ticks //p' %t.d/inline.out`:0.95:1.15" \
// RUN:   | FileCheck --check-prefix=TIMES --implicit-check-not=FAIL %s
//
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_FILE=%t.d/call.pathraw %t.call > %t.d/call.out 2>&1
// RUN: FileCheck --check-prefix=INLINE %s < %t.d/call.out
// RUN: %llvm-pathprof show --json %t.d/call.pathraw > %t.d/call.json
// RUN: %python %S/Inputs/metric_check.py %t.d/call.json \
// RUN:   'caller.*.tsc/callee.*.tsc:0:0.05' \
// RUN:   "*.*.tsc=`sed -n 's/^main-ticks //p' %t.d/call.out`:0.95:1.15" \
// RUN:   | FileCheck --check-prefix=TIMES --implicit-check-not=FAIL %s
//
// Counts are the same either way, and the same as a metrics-free build's.
// RUN: %llvm-pathprof show --text %t.d/inline.pathraw | awk '/^(function|path) /{print $1, $2, $3}' > %t.d/inline.counts
// RUN: %llvm-pathprof show --text %t.d/call.pathraw | awk '/^(function|path) /{print $1, $2, $3}' > %t.d/call.counts
// RUN: diff %t.d/inline.counts %t.d/call.counts
// RUN: FileCheck --check-prefix=COUNTS %s < %t.d/inline.counts
//
// Two events, or inclusive metrics: the runtime reads them.
// RUN: env PATHPROF_EVENTS=tsc,task-clock PATHPROF_FILE=%t.d/two.pathraw %t | FileCheck --check-prefix=CALL %s
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_INCLUSIVE=1 PATHPROF_FILE=%t.d/incl.pathraw %t | FileCheck --check-prefix=CALL %s
// RUN: env PATHPROF_EVENTS=task-clock PATHPROF_FILE=%t.d/clock.pathraw %t | FileCheck --check-prefix=CALL %s
//
// INLINE: inline-tsc 1
// INLINE-NEXT: main-ticks {{[0-9]+$}}
// INLINE-NOT: PathProf
// CALL: inline-tsc 0
// TIMES: ok caller.*.tsc/callee.*.tsc
// TIMES-NEXT: ok *.*.tsc=
// COUNTS: function {{.*}};callee
// COUNTS-NEXT: path 0 20
// COUNTS-NEXT: function {{.*}};caller
// COUNTS-NEXT: path 0 20
// COUNTS-NEXT: function {{.*}};work
// COUNTS-NEXT: path 0 20
// COUNTS-NEXT: path 1 20
// COUNTS-NEXT: function main
// COUNTS-NEXT: path 2 1
// COUNTS-NEXT: path 4 1
// COUNTS-NEXT: path 5 19
// COUNTS-NEXT: path 6 1
// COUNTS-NEXT: path 7 19
// COUNTS-NOT: path

#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

/* The runtime's switch for the inline reading (hidden, linked statically). */
extern unsigned char __pathprof_metrics_tsc;

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
  printf("inline-tsc %d\n", __pathprof_metrics_tsc);
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
