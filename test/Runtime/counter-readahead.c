// The counter segments of the raw profile are mapped with MADV_RANDOM (the
// kernel shows it as "rr" in /proc/PID/smaps): a counter page touched for the
// first time is read alone, without the read-ahead that made a 5 ms run of a
// large program spend 11 ms more in the kernel (docs/Runtime.md). The
// primary segment, a thread's slice, and a segment reused in merge mode (%m)
// after a run's segment was folded into the first all carry it; the counts
// stay exact.
//
// RUN: %clang_pathprof -O2 -pthread -I%pathprof_include %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_FILE=%t.d/a.pathraw %t | FileCheck %s
// RUN: %llvm-pathprof show --json %t.d/a.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=COUNTS %s
//
// Merge mode: three runs into one file; from the third on, a dead segment
// is folded and its space reused.
// RUN: env PATHPROF_FILE=%t.d/m%%m.pathraw %t | FileCheck %s
// RUN: env PATHPROF_FILE=%t.d/m%%m.pathraw %t | FileCheck %s
// RUN: env PATHPROF_FILE=%t.d/m%%m.pathraw %t | FileCheck %s
// RUN: %llvm-pathprof show --json %t.d/m*.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=MERGED %s
//
// CHECK: main: 1 random-access counter mapping(s), 0 other
// CHECK-NEXT: thread: 2 random-access counter mapping(s), 0 other
//
// COUNTS: function {{.*}}counter-readahead.c;tick paths=2 entry=2000 total=2000
// COUNTS-NEXT: path 0 1000
// COUNTS-NEXT: path 1 1000
//
// MERGED: function {{.*}}counter-readahead.c;tick paths=2 entry=6000 total=6000
// MERGED-NEXT: path 0 3000
// MERGED-NEXT: path 1 3000

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static volatile int Odd, Even;

__attribute__((noinline)) static void tick(int I) {
  if (I & 1)
    ++Odd;
  else
    ++Even;
}

/* Counts the mappings of a .pathraw file with and without "rr" among their
   VmFlags. */
static void report(const char *Who) {
  FILE *F = fopen("/proc/self/smaps", "r");
  char Line[512];
  int InProfile = 0, Random = 0, Other = 0;
  while (F && fgets(Line, sizeof(Line), F)) {
    if (strchr(Line, '-') && strstr(Line, " rw-s ")) {
      InProfile = strstr(Line, ".pathraw\n") != 0;
      continue;
    }
    if (InProfile && strncmp(Line, "VmFlags:", 8) == 0) {
      if (strstr(Line, " rr"))
        ++Random;
      else
        ++Other;
      InProfile = 0;
    }
  }
  if (F)
    fclose(F);
  printf("%s: %d random-access counter mapping(s), %d other\n", Who, Random,
         Other);
}

static void *thread(void *Arg) {
  (void)Arg;
  for (int I = 0; I != 1000; ++I)
    tick(I);
  report("thread");
  return 0;
}

int main(void) {
  for (int I = 0; I != 1000; ++I)
    tick(I);
  report("main");
  pthread_t T;
  pthread_create(&T, 0, thread, 0);
  pthread_join(T, 0);
  return 0;
}
