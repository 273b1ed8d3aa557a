// Metrics live in the mapped profile as they happen, like the counts: a
// program that kills itself with SIGKILL (no exit handlers, no flushing)
// leaves every completed path's metrics in its raw profile: touch()'s loop
// over 8 fresh pages takes exactly one page fault per iteration (the path
// into the loop 10, the backedge path 70), its other paths none; with tsc
// alone (read inline by the instrumented code), time on every path.
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/faults.pathraw not --crash %t
// RUN: %llvm-pathprof show --text %t.d/faults.pathraw | FileCheck --check-prefix=FAULTS %s
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=tsc PATHPROF_FILE=%t.d/tsc.pathraw not --crash %t
// RUN: %llvm-pathprof show --text %t.d/tsc.pathraw | FileCheck --check-prefix=TSC %s
//
// FAULTS: :metric page-faults events sum source=read{{$}}
// FAULTS: function {{.*}}metrics-kill9.c;touch
// FAULTS-NEXT: checksum
// FAULTS: path 0 10 0{{$}}
// FAULTS-NEXT: path 2 10 10{{$}}
// FAULTS-NEXT: path 3 10 0{{$}}
// FAULTS-NEXT: path 4 70 70{{$}}
// FAULTS-EMPTY:
// FAULTS-NEXT: function main
//
// TSC: :metric tsc ticks sum source=tsc{{$}}
// TSC: function {{.*}}metrics-kill9.c;touch
// TSC: path 0 10 {{[1-9][0-9]*$}}
// TSC-NEXT: path 2 10 {{[1-9][0-9]*$}}
// TSC-NEXT: path 3 10 {{[1-9][0-9]*$}}
// TSC-NEXT: path 4 70 {{[1-9][0-9]*$}}

#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static char *Mem;
static volatile int Sink;

__attribute__((noinline)) static void touch(int Fresh, long Page) {
  if (Fresh) {
    char *P = Mem + Page * 4096;
    for (int I = 0; I != 8; ++I)
      P[I * 4096] = 1;
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
  kill(getpid(), SIGKILL);
  puts("not reached");
  return 0;
}
