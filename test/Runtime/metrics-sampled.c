// Sampled metrics (the default): every path is counted, one path start in
// PATHPROF_METRIC_PERIOD (on average, geometric) is measured. Page faults
// are deterministic, so estimates can be checked exactly: the path of
// touch() that writes to 4 fresh pages costs 4 faults in every measured
// execution, so its estimate is 4 x its count with an interval of width 0,
// and the path that touches nothing gets 0, not "unmeasured". Main's loop
// path, which calls touch(), is charged nothing of touch()'s faults
// (exclusive metrics need touch() to read when main's path is measured,
// whether touch()'s own path is or not).
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: %clang_pathprof -O1 %s %pathprof_rt -o %t.nometrics
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=16 PATHPROF_METRIC_SEED=1 PATHPROF_FILE=%t.d/s.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --function=touch %t.d/s.pathraw | FileCheck --check-prefix=SAMPLED %s
// SAMPLED: Metrics: page-faults (events, sum, read with read, sampled 1 in 16){{$}}
// SAMPLED: Path 0: count 2000
// SAMPLED-NEXT: Metrics: page-faults~0 [0, 0] ({{[0-9]+}} samples){{$}}
// SAMPLED: Path 1: count 2000
// SAMPLED-NEXT: Metrics: page-faults~8000 [8000, 8000] ({{[0-9]+}} samples){{$}}
// RUN: %llvm-pathprof show --function=main %t.d/s.pathraw | FileCheck --check-prefix=MAIN %s
// MAIN: Path 3: count 1999
// MAIN-NEXT: Metrics: page-faults~0 [0, 0] ({{[0-9]+}} samples){{$}}
//
// The JSON model: metric values are the estimates, "estimates" has them
// with their intervals and samples.
// RUN: %llvm-pathprof show --json --function=touch %t.d/s.pathraw | FileCheck --check-prefix=JSON %s
// JSON: "sampling": {
// JSON-NEXT: "period": 16,
// JSON-NEXT: "distribution": "geometric"
// JSON: "id": 1,
// JSON-NEXT: "count": 2000,
// JSON-NEXT: "metrics": {
// JSON-NEXT: "page-faults": 8000
// JSON-NEXT: },
// JSON-NEXT: "estimates": {
// JSON-NEXT: "page-faults": {
// JSON-NEXT: "estimate": 8000,
// JSON-NEXT: "low": 8000,
// JSON-NEXT: "high": 8000,
// JSON-NEXT: "samples": {{[0-9]+}},
// JSON-NEXT: "exact": false
//
// The same estimates through the indexed and text profiles.
// RUN: %llvm-pathprof merge -o %t.d/s.pathprof %t.d/s.pathraw
// RUN: %llvm-pathprof show --function=touch %t.d/s.pathprof | FileCheck --check-prefix=SAMPLED %s
// RUN: %llvm-pathprof merge --text -o %t.d/s.txt %t.d/s.pathraw
// RUN: %llvm-pathprof show --function=touch %t.d/s.txt | FileCheck --check-prefix=SAMPLED %s
// RUN: FileCheck --check-prefix=TEXT %s < %t.d/s.txt
// TEXT: :pathprof-text 6
// TEXT-NEXT: :metric page-faults events sum source=read sampled=16{{$}}
// TEXT: path 1 2000 [[SUM:[0-9]+]] / [[K:[0-9]+]] 0:{{[0-9]+$}}
//
// PATHPROF_METRIC_PERIOD=1 measures every path, as exact metrics always did:
// exact values, and a text profile of the version exact profiles had.
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=1 PATHPROF_FILE=%t.d/e.pathraw %t 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --function=touch %t.d/e.pathraw | FileCheck --check-prefix=EXACT %s
// EXACT: Metrics: page-faults (events, sum, read with read){{$}}
// EXACT: Path 0: count 2000
// EXACT-NEXT: Metrics: page-faults=0{{$}}
// EXACT: Path 1: count 2000
// EXACT-NEXT: Metrics: page-faults=8000{{$}}
// RUN: %llvm-pathprof merge --text -o - %t.d/e.pathraw | FileCheck --check-prefix=EXACT-TEXT %s
// EXACT-TEXT: :pathprof-text 1
// EXACT-TEXT-NEXT: :metric page-faults events sum source=read{{$}}
// EXACT-TEXT: path 1 2000 8000{{$}}
//
// Counts are exact whatever is measured: the same as a build without
// metrics, path for path.
// RUN: env PATHPROF_FILE=%t.d/n.pathraw %t.nometrics 2>&1 | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/n.pathraw | grep -E '^(function|path) ' | cut -d' ' -f1-3 > %t.d/n.counts
// RUN: %llvm-pathprof show --text %t.d/s.pathraw | grep -E '^(function|path) ' | cut -d' ' -f1-3 > %t.d/s.counts
// RUN: %llvm-pathprof show --text %t.d/e.pathraw | grep -E '^(function|path) ' | cut -d' ' -f1-3 > %t.d/e.counts
// RUN: diff %t.d/n.counts %t.d/s.counts
// RUN: diff %t.d/n.counts %t.d/e.counts
//
// Merging the exact and the sampled profile of the same build: the exact
// run counts as measuring every execution; the merge says so.
// RUN: %llvm-pathprof merge -o %t.d/both.pathprof %t.d/e.pathraw %t.d/s.pathraw 2>&1 | FileCheck --check-prefix=MIXED %s
// MIXED: warning: merging exact and sampled metrics (page-faults): the exact profiles count as measuring every execution
// RUN: %llvm-pathprof show --function=touch %t.d/both.pathprof | FileCheck --check-prefix=BOTH %s
// BOTH: Path 1: count 4000
// BOTH-NEXT: Metrics: page-faults~16000 [16000, 16000] ({{[0-9]+}} samples){{$}}
//
// A bad period: one error line, the default period, the program unchanged.
// The default is 1 in 1024 path starts, and 1 in 8192 when an event is read
// with a system call (a software event: page faults).
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=often PATHPROF_FILE=%t.d/b.pathraw %t > %t.d/b.out 2> %t.d/b.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/b.out
// RUN: FileCheck --check-prefix=BAD --implicit-check-not=PathProf %s < %t.d/b.err
// BAD: PathProf error: PATHPROF_METRIC_PERIOD='often' is not a number of path starts from 1 to 2^40; using 8192
// RUN: %llvm-pathprof show %t.d/b.pathraw | FileCheck --check-prefix=DEFAULT-SYSCALL %s
// DEFAULT-SYSCALL: sampled 1 in 8192
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_METRIC_PERIOD=0 PATHPROF_FILE=%t.d/z.pathraw %t 2>&1 | FileCheck --check-prefix=OUT --check-prefix=ZERO %s
// ZERO: PathProf error: PATHPROF_METRIC_PERIOD='0' is not a number of path starts from 1 to 2^40; using 8192
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_METRIC_PERIOD=often PATHPROF_FILE=%t.d/t.pathraw %t 2>&1 | FileCheck --check-prefix=OUT --check-prefix=BADTSC %s
// BADTSC: PathProf error: PATHPROF_METRIC_PERIOD='often' is not a number of path starts from 1 to 2^40; using 1024
// RUN: %llvm-pathprof show %t.d/t.pathraw | FileCheck --check-prefix=DEFAULT %s
// RUN: env PATHPROF_EVENTS=task-clock PATHPROF_FILE=%t.d/tc.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show %t.d/tc.pathraw | FileCheck --check-prefix=DEFAULT-SYSCALL %s
// DEFAULT: sampled 1 in 1024
//
// OUT: done
// OUT-NOT: PathProf

#include <stdio.h>
#include <sys/mman.h>

enum { Pages = 4, Rounds = 2000 };
static char *Mem;
static volatile int Sink;

__attribute__((noinline)) static void touch(int Fresh) {
  if (Fresh) {
    Mem[0] = 1;
    Mem[1 * 4096] = 1;
    Mem[2 * 4096] = 1;
    Mem[3 * 4096] = 1;
    /* Fresh again for the next call. */
    madvise(Mem, 4096 * Pages, MADV_DONTNEED);
  } else {
    Sink = Sink + 1;
  }
}

int main(void) {
  Mem = mmap(0, 4096 * Pages, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(Mem, 4096 * Pages, MADV_NOHUGEPAGE);
  for (long I = 0; I != Rounds; ++I) {
    touch(0);
    touch(1);
  }
  printf("done\n");
  return 0;
}
