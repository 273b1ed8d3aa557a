// Per-path metrics with a software event: the path of touch() that writes
// to 8 fresh pages gets exactly 8 page faults per execution, the other path
// none. Exclusive metrics (the default) leave them out of main's paths,
// which keep at most the first touches of runtime pages (stdio's buffer);
// PATHPROF_INCLUSIVE=1 puts them in the paths of main that called touch().
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults,tsc PATHPROF_FILE=%t.d/ex.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/ex.pathraw | FileCheck --check-prefix=EXCL %s
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_INCLUSIVE=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/in.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/in.pathraw | FileCheck --check-prefix=INCL %s
// RUN: %llvm-pathprof show %t.d/in.pathraw | FileCheck --check-prefix=SHOW %s
// RUN: %llvm-pathprof show --json %t.d/ex.pathraw | FileCheck --check-prefix=JSON %s
// RUN: %llvm-pathprof report --metric=page-faults %t.d/ex.pathraw | FileCheck --check-prefix=REPORT %s
// SHOW: Metrics: page-faults (events, sum, read with read, inclusive){{$}}
// REPORT: Metric: page-faults (events, sum)
// REPORT: Path executions: 31
// REPORT: Hot paths:
// REPORT-NEXT: Function Path Count page-faults % page-faults page-faults per execution Class
// REPORT-NEXT: touch 1 10 80 {{9[0-9]\.[0-9]+}}% 8.00 dense
// JSON: "name": "page-faults",
// JSON-NEXT: "unit": "events",
// JSON-NEXT: "merge": "sum",
// JSON-NEXT: "source": "read",
// JSON-NEXT: "scaled": false,
// JSON-NEXT: "inclusive": false
// JSON: "name": "tsc",
// JSON-NEXT: "unit": "ticks",
// JSON-NEXT: "merge": "sum",
// JSON-NEXT: "source": "tsc",
//
// Runs that count other events into one merge pool (%m): the runtime folds
// only segments of the same events together (the description, the first
// run's compact segment and the one of the other two); the reader keeps
// every count and the metrics all segments have, and says so.
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=tsc,page-faults PATHPROF_FILE=%t.d/pool%%m.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/pool%%m.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/pool%%m.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --segments %t.d/pool*.pathraw | FileCheck --check-prefix=SEGS %s
// RUN: %llvm-pathprof show --text %t.d/pool*.pathraw 2>&1 | FileCheck --check-prefix=POOL %s
// SEGS: Segments: 3
// POOL: warning: {{.*}}segment at offset {{[0-9]+}}: counts page-faults (events, sum) but the segment at offset {{[0-9]+}} counts tsc (ticks, sum), page-faults (events, sum); keeping page-faults (events, sum)
// POOL: :metric page-faults events sum source=read{{$}}
// POOL-NOT: :metric
// POOL: function {{.*}}metrics-page-faults.c;touch
// POOL: path 0 30 0{{$}}
// POOL-NEXT: path 1 30 240{{$}}
//
// OUT: done
// OUT-NOT: PathProf
//
// EXCL: :metric page-faults events sum source=read{{$}}
// EXCL-NEXT: :metric tsc ticks sum source=tsc{{$}}
// EXCL: function {{.*}}metrics-page-faults.c;touch
// EXCL: path 0 10 0 {{[0-9]+$}}
// EXCL-NEXT: path 1 10 80 {{[0-9]+$}}
// EXCL: function main
// EXCL: path 1 1 0 {{[0-9]+$}}
// EXCL-NEXT: path 2 1 {{[0-2]}} {{[0-9]+$}}
// EXCL-NEXT: path 3 9 0 {{[0-9]+$}}
//
// INCL: :metric page-faults events sum source=read inclusive{{$}}
// INCL: function {{.*}}metrics-page-faults.c;touch
// INCL: path 0 10 0{{$}}
// INCL-NEXT: path 1 10 80{{$}}
// INCL: function main
// INCL: path 1 1 8{{$}}
// INCL-NEXT: path 2 1 {{[0-2]$}}
// INCL-NEXT: path 3 9 72{{$}}

#include <stdio.h>
#include <sys/mman.h>

static char *Mem;
static volatile int Sink;

__attribute__((noinline)) static void touch(int Fresh, long Page) {
  if (Fresh) {
    char *P = Mem + Page * 4096;
    P[0] = 1;
    P[1 * 4096] = 1;
    P[2 * 4096] = 1;
    P[3 * 4096] = 1;
    P[4 * 4096] = 1;
    P[5 * 4096] = 1;
    P[6 * 4096] = 1;
    P[7 * 4096] = 1;
  } else {
    Sink = Sink + 1;
  }
}

int main(void) {
  Mem = mmap(0, 4096 * 8 * 10, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(Mem, 4096 * 8 * 10, MADV_NOHUGEPAGE);
  for (long I = 0; I != 10; ++I) {
    touch(0, 0);
    touch(1, I * 8);
  }
  printf("done\n");
  return 0;
}
