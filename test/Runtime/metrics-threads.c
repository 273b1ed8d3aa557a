// Metrics under threads: every thread opens its own events and counts into
// its own counter slice, so each thread's page faults land in its own
// paths' records and the counts are exact. Four threads each make 10 calls
// of touch() that write to 16 fresh pages, one per iteration of its loop
// (path 2 enters the loop and writes the first page, path 4 is one more
// iteration), and 10 calls that write nothing (path 3).
//
// RUN: %clang_pathprof -O1 -pthread -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/t.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/t.pathraw | FileCheck %s
//
//
// With atomic counters (one slice for all threads), the records are shared:
// the metrics are added atomically too, and the sums are the same.
// RUN: %clang_pathprof -O1 -pthread -mllvm -pathprof-metrics=1 -fprofile-update=atomic %s %pathprof_rt -o %t.atomic
// RUN: env PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/a.pathraw %t.atomic | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --text %t.d/a.pathraw | FileCheck %s
//
// OUT: done
//
// CHECK: :metric page-faults events sum source=read{{$}}
// CHECK: function {{.*}}metrics-threads.c;touch
// CHECK: path 2 40 40{{$}}
// CHECK-NEXT: path 3 40 0{{$}}
// CHECK-NEXT: path 4 600 600{{$}}

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
