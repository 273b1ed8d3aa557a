// fork: a parent, two children and a grandchild all run instrumented code.
// Each process counts into a fresh segment of its own, starting from zero:
// without %p all four segments are in one file, with %p each process has its
// own file. Either way the sums are exact, nothing is counted twice, and no
// process's counts reach another's segment.
//
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t
// RUN: rm -rf %t.one %t.each && mkdir %t.one %t.each
//
// One file: a segment per process, or three when the grandchild and its
// parent have exited before the second child starts (it then folds the
// grandchild's counts into its parent's segment and reuses the grandchild's),
// and one profile with every process's counts. The last process out (the
// parent, which waits for its children) leaves them as one compact segment;
// with PATHPROF_COMPACT=0 the segments stay.
// RUN: env PATHPROF_FILE=%t.one/tree.pathraw %t | FileCheck --check-prefix=OUT %s
// OUT: done
// RUN: %python %S/Inputs/dump_raw.py %t.one/tree.pathraw | grep -c -E '(segment|compact) at' | FileCheck --check-prefix=COMPACT %s
// COMPACT: {{^1$}}
// RUN: %llvm-pathprof show --json %t.one/tree.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// RUN: env PATHPROF_COMPACT=0 PATHPROF_FILE=%t.one/tree.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: %python %S/Inputs/dump_raw.py %t.one/tree.pathraw | grep -c 'segment at' | FileCheck --check-prefix=SEGS %s
// SEGS: {{^[34]$}}
// RUN: %llvm-pathprof show --json %t.one/tree.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
//
// step() runs 10 + 10 times in the parent, 100 + 100 in the first child,
// 1000 in the grandchild and 10000 in the second child; path 0 is taken by
// every third call.
// CHECK: function {{.*}}fork-tree.c;step paths=2 entry=11220 total=11220
// CHECK-NEXT: path 0 3744
// CHECK-NEXT: path 1 7476
//
// %p: one file per process, each with exactly that process's counts.
// RUN: env PATHPROF_FILE=%t.each/tree-%%p.pathraw %t | FileCheck --check-prefix=OUT %s
// RUN: ls %t.each | count 4
// RUN: for F in %t.each/*; do %llvm-pathprof show --json $F | %python %S/Inputs/paths.py --no-blocks | grep step; done \
// RUN:   | FileCheck --check-prefix=EACH %s
// EACH-DAG: step paths=2 entry=20 total=20
// EACH-DAG: step paths=2 entry=200 total=200
// EACH-DAG: step paths=2 entry=1000 total=1000
// EACH-DAG: step paths=2 entry=10000 total=10000
// RUN: %llvm-pathprof merge -o %t.each.prof %t.each/*
// RUN: %llvm-pathprof show --json %t.each.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck %s

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I % 3 == 0)
    Sink += 1;
  else
    Sink += 2;
}

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    step(I);
}

int main(void) {
  work(10);
  pid_t A = fork();
  if (A == 0) {
    work(100);
    pid_t G = fork();
    if (G == 0) {
      work(1000);
      _exit(0);
    }
    waitpid(G, 0, 0);
    work(100);
    exit(0);
  }
  pid_t B = fork();
  if (B == 0) {
    work(10000);
    exit(0);
  }
  waitpid(A, 0, 0);
  waitpid(B, 0, 0);
  work(10);
  puts("done");
  return 0;
}
