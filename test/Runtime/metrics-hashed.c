// Metrics of hashed functions (more paths than -pathprof-dense-limit, here
// every function): the runtime's metric hash table holds each path's
// record {count, metrics}, which all threads share, so the metrics are
// added atomically and the sums are exact. Four threads each make 10 calls
// of touch() that write to 16 fresh pages, one per iteration of its loop
// (path 2 enters the loop and writes the first page, path 4 is one more
// iteration), and 10 calls that write nothing (path 3): the numbers of
// metrics-threads.c, where the records are dense and per thread. tsc comes
// from the inline reading (atomic adds to the shared record).
//
// RUN: %clang_pathprof -O1 -pthread -mllvm -pathprof-metrics=2 -mllvm -pathprof-dense-limit=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/t.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/t.pathraw | FileCheck --check-prefix=FAULTS %s
// RUN: %llvm-pathprof report --metric=page-faults %t.d/t.pathraw | FileCheck --check-prefix=REPORT %s
//
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_FILE=%t.d/tsc.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/tsc.pathraw | FileCheck --check-prefix=TSC %s
//
// Two runs into one merge pool (%m): the second folds the first's segment,
// metric hash table included, into its own.
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/pool%%m.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/pool%%m.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/pool*.pathraw | FileCheck --check-prefix=POOL %s
//
// A table too small for every path: main's first two paths (before any
// thread starts) take both entries; every later path loses its count and
// metrics, with one message at run time and one warning from the tool that
// says how many; the program's output does not change.
// RUN: env PATHPROF_HASH_SIZE=2 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/full.pathraw %t 2> %t.d/full.err | FileCheck --check-prefix=OUT %s
// RUN: FileCheck --check-prefix=FULL-ERR %s < %t.d/full.err
// RUN: %llvm-pathprof show --text %t.d/full.pathraw 2>&1 | FileCheck --check-prefix=FULL %s
//
// OUT: done
//
// FAULTS: :metric page-faults events sum source=read{{$}}
// FAULTS: function {{.*}}metrics-hashed.c;touch
// FAULTS: path 2 40 40{{$}}
// FAULTS-NEXT: path 3 40 0{{$}}
// FAULTS-NEXT: path 4 600 600{{$}}
//
// REPORT: Hot paths:
// REPORT-NEXT: Function Path Count page-faults % page-faults page-faults per execution Class
// REPORT-NEXT: touch 4 600 600 {{9[0-9]\.[0-9]+}}% 1.00 dense
// REPORT-NEXT: touch 2 40 40 {{[0-9]\.[0-9]+}}% 1.00 dense
//
// TSC: :metric tsc ticks sum source=tsc{{$}}
// TSC: function {{.*}}metrics-hashed.c;touch
// TSC: path 2 40 {{[1-9][0-9]*$}}
// TSC-NEXT: path 3 40 {{[1-9][0-9]*$}}
// TSC-NEXT: path 4 600 {{[1-9][0-9]*$}}
//
// POOL: function {{.*}}metrics-hashed.c;touch
// POOL: path 2 80 80{{$}}
// POOL-NEXT: path 3 80 0{{$}}
// POOL-NEXT: path 4 1200 1200{{$}}
//
// FULL-ERR: PathProf error: path hash table full (2 entries); counts of new paths are dropped, set PATHPROF_HASH_SIZE to a larger value
// FULL-ERR-NOT: PathProf
// FULL: warning: {{.*}}full.pathraw: 773 path count increments dropped by the runtime because its hash table was full
// FULL: function {{.*}}metrics-hashed.c;thread
// FULL-NEXT: checksum
// FULL-NOT: path {{[0-9]}}
// FULL: function {{.*}}metrics-hashed.c;touch
// FULL-NOT: path {{[0-9]}}
// FULL: function main
// FULL-NOT: path {{[0-9]}}
// FULL: path 3 1 0{{$}}
// FULL-NEXT: path 7 3 0{{$}}
// FULL-NOT: path {{[0-9]}}

#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>

enum { Threads = 4, Calls = 10, PagesPerCall = 16, Page = 4096 };
static volatile int Sink;

__attribute__((noinline)) static void touch(char *P, int Fresh) {
  if (Fresh) {
    for (int I = 0; I != PagesPerCall; ++I)
      P[I * Page] = 1;
    Sink = Sink + 1;
  } else {
    Sink = Sink + 2;
  }
}

static void *thread(void *Arg) {
  char *Mem = Arg;
  for (int I = 0; I != Calls; ++I) {
    touch(Mem, 0);
    touch(Mem + I * PagesPerCall * Page, 1);
  }
  return 0;
}

int main(void) {
  pthread_t T[Threads];
  char *Mem[Threads];
  for (int I = 0; I != Threads; ++I) {
    size_t Size = (size_t)Calls * PagesPerCall * Page;
    Mem[I] = mmap(0, Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                  -1, 0);
    madvise(Mem[I], Size, MADV_NOHUGEPAGE);
  }
  for (int I = 0; I != Threads; ++I)
    pthread_create(&T[I], 0, thread, Mem[I]);
  for (int I = 0; I != Threads; ++I)
    pthread_join(T[I], 0);
  printf("done\n");
  return 0;
}
