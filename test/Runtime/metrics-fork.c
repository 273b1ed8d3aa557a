// A fork child counts its own events: the page-fault event the parent
// opened counts the parent's thread, so the child opens its own, and its
// readings go on from where the parent's were (no negative or huge delta).
// Parent and child each write to 8 fresh pages on one path of touch() per
// call, 3 calls each, into their own profiles (%p).
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.d/p-%%p.pathraw %t > %t.d/out
// RUN: %llvm-pathprof show --text %t.d/p-`sed -n 's/^parent //p' %t.d/out`.pathraw | FileCheck %s --check-prefixes=CHECK,PARENT
// RUN: %llvm-pathprof show --text %t.d/p-`sed -n 's/^child //p' %t.d/out`.pathraw | FileCheck %s --check-prefixes=CHECK,CHILD
//
// Before the fork the parent made one call of each path (counted in the
// parent's profile only); after it, each process makes two more. The path
// that writes to the shared Sink may take a copy-on-write fault or two,
// depending on which process writes first.
// CHECK: :metric page-faults events sum source=read{{$}}
// CHECK: function {{.*}}metrics-fork.c;touch
// PARENT: path 0 3 {{[0-2]$}}
// PARENT-NEXT: path 1 3 24{{$}}
// CHILD: path 0 2 {{[0-2]$}}
// CHILD-NEXT: path 1 2 16{{$}}

#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

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
  Mem = mmap(0, 4096 * 8 * 3, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(Mem, 4096 * 8 * 3, MADV_NOHUGEPAGE);
  touch(0, 0);
  touch(1, 0);
  fflush(stdout);
  pid_t Child = fork();
  /* Copy-on-write: both processes write to pages neither wrote yet. */
  for (long I = 1; I != 3; ++I) {
    touch(0, 0);
    touch(1, I * 8);
  }
  if (Child == 0) {
    printf("child %d\n", (int)getpid());
    return 0;
  }
  waitpid(Child, 0, 0);
  printf("parent %d\n", (int)getpid());
  return 0;
}
