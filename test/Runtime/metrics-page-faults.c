// Per-path metrics with a software event: the path of touch() that writes
// to 8 fresh pages gets exactly 8 page faults per execution, the other path
// none. Exclusive metrics (the default) leave them out of main's paths,
// which keep at most the first touches of the heap and stdio's buffer;
// PATHPROF_INCLUSIVE=1 puts them in the paths of main that called touch().
//
// UNSUPPORTED: sanitized
// (A sanitized runtime faults in its own shadow and allocator pages while
// the program's paths run, and this test bounds the page faults exactly.)
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults,tsc PATHPROF_FILE=%t.d/ex.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/ex.pathraw | FileCheck --check-prefix=EXCL %s
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_INCLUSIVE=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/in.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/in.pathraw | FileCheck --check-prefix=INCL %s
// RUN: %llvm-pathprof show %t.d/in.pathraw | FileCheck --check-prefix=SHOW %s
// RUN: %llvm-pathprof show --json %t.d/ex.pathraw | FileCheck --check-prefix=JSON %s
// RUN: %llvm-pathprof report --metric=page-faults %t.d/ex.pathraw | FileCheck --check-prefix=REPORT %s
//
// The kernel's software events are encoded without libpfm4, whose start-up
// (15 to 20 ms) a short process would pay: the same exact counts by perf's
// name, its alias and libpfm4's name, and no libpfm.so.4 loaded (glibc's
// LD_DEBUG=files lists every object loaded); any other name still goes to
// libpfm4.
// RUN: env LD_DEBUG=files PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=faults,tsc PATHPROF_FILE=%t.d/alias.pathraw %t > %t.d/alias.out 2> %t.d/alias.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/alias.out
// RUN: not grep libpfm %t.d/alias.err
// RUN: %llvm-pathprof report --metric=faults %t.d/alias.pathraw | FileCheck --check-prefix=ALIAS %s
// RUN: env LD_DEBUG=files PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=perf::PERF_COUNT_SW_PAGE_FAULTS,tsc PATHPROF_FILE=%t.d/pfm.pathraw %t > %t.d/pfm.out 2> %t.d/pfm.err
// RUN: not grep libpfm %t.d/pfm.err
// RUN: %llvm-pathprof report --metric=perf::PERF_COUNT_SW_PAGE_FAULTS %t.d/pfm.pathraw | FileCheck --check-prefix=ALIAS %s
// ALIAS: Hot paths:
// ALIAS-NEXT: Function Path Count {{.*}}
// ALIAS-NEXT: touch 1 10 80 {{9[0-9]\.[0-9]+}}% 8.00 dense
// RUN: env LD_DEBUG=files PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults,perf::PERF_COUNT_SW_ALIGNMENT_FAULTS PATHPROF_FILE=%t.d/lib.pathraw %t > %t.d/lib.out 2> %t.d/lib.err
// RUN: grep -q 'file=libpfm.so.4' %t.d/lib.err
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
// EXCL-NEXT: path 2 1 {{[0-4]}} {{[0-9]+$}}
// EXCL-NEXT: path 3 9 0 {{[0-9]+$}}
//
// INCL: :metric page-faults events sum source=read inclusive{{$}}
// INCL: function {{.*}}metrics-page-faults.c;touch
// INCL: path 0 10 0{{$}}
// INCL-NEXT: path 1 10 80{{$}}
// INCL: function main
// INCL: path 1 1 8{{$}}
// INCL-NEXT: path 2 1 {{[0-4]$}}
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
