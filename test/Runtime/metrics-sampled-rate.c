// Each path start is measured with probability 1 / PATHPROF_METRIC_PERIOD,
// whichever of the thread's countdowns its site decrements: a recursive
// function's entry (every call waits on the same countdown), a loop that
// calls an instrumented function (the loop's backedge and the callee's
// entry, two sites), a tight loop (its countdown in a register) and a
// callee of measured paths (the runtime holds every countdown at 0 while
// a path is measured and gives them back less the start that called). For
// every path run at least 20,000 times, the number of measured executions
// is within 5 standard deviations of count / period, at two periods and
// two seeds; a runtime that lost or repeated decrements across the hold
// would measure far more or fewer.
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_METRIC_PERIOD=16 PATHPROF_METRIC_SEED=1 PATHPROF_FILE=%t.d/a.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/a.pathraw > %t.d/a.json
// RUN: %python %S/Inputs/sampling_rate.py --period 16 --metric tsc --min-count 20000 %t.d/a.json | FileCheck --check-prefix=RATE --implicit-check-not=off %s
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_METRIC_PERIOD=16 PATHPROF_METRIC_SEED=2 PATHPROF_FILE=%t.d/b.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/b.pathraw > %t.d/b.json
// RUN: %python %S/Inputs/sampling_rate.py --period 16 --metric tsc --min-count 20000 %t.d/b.json | FileCheck --check-prefix=RATE --implicit-check-not=off %s
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_METRIC_PERIOD=100 PATHPROF_METRIC_SEED=3 PATHPROF_FILE=%t.d/c.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.d/c.pathraw > %t.d/c.json
// RUN: %python %S/Inputs/sampling_rate.py --period 100 --metric tsc --min-count 20000 %t.d/c.json | FileCheck --check-prefix=RATE --implicit-check-not=off %s
//
// RATE-DAG: ok {{.*}};fib path 0: {{[0-9]+}} of 218920 measured
// RATE-DAG: ok {{.*}};fib path 1: {{[0-9]+}} of 218900 measured
// RATE-DAG: ok {{.*}};twice path 0: {{[0-9]+}} of 200000 measured
// RATE-DAG: ok {{.*}};loop path 3: {{[0-9]+}} of 199999 measured
// RATE-DAG: ok {{.*}};tight path 3: {{[0-9]+}} of 1999980 measured
// RATE: checked 5 paths, 0 off
//
// OUT: 1353000 600000000 3000000
// OUT-NOT: PathProf

#include <stdio.h>

static volatile long Sink;

__attribute__((noinline)) static long fib(long N) {
  return N < 2 ? N : fib(N - 1) + fib(N - 2);
}

__attribute__((noinline)) static long twice(long X) { return 2 * X + Sink; }

__attribute__((noinline)) static long loop(long N) {
  long S = 0;
  for (long I = 0; I != N; ++I)
    S += twice(I) & 7;
  return S;
}

__attribute__((noinline)) static long tight(long N) {
  long S = 0;
  for (long I = 0; I != N; ++I)
    S += I & 3;
  return S;
}

int main(void) {
  long F = 0, L = 0, T = 0;
  for (int R = 0; R != 20; ++R) {
    F += fib(20);
    T += tight(100000);
  }
  L = loop(200000);
  printf("%ld %ld %ld\n", F * 10, L * 1000, T / 1);
  return 0;
}
