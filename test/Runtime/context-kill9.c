// The calling context tree lives in the mapped profile as it grows: a
// program that kills itself with SIGKILL three calls deep (no exit
// handlers, no flushing) leaves a tree with every entry and every path it
// completed, exactly, and its flattening is the flow-only build's profile
// of the same run.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw not --crash %t
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py | FileCheck %s --check-prefix=PATHS --match-full-lines
//
// Every function here is one block, whose path is counted on entry, so
// main, run and killer counted theirs although they never returned.
// CHECK:      Calling context tree: 6 contexts, 1 root, 0 recursive call sites, depth 4
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1       2015          1  main
// CHECK-NEXT:       1       2014          1    [0] run
// CHECK-NEXT:       1       2001       1001      [0] work
// CHECK-NEXT:    1000       1000       1000        [0] step
// CHECK-NEXT:       1         11         11      [1] work
// CHECK-NEXT:       1          1          1      [2] killer
// CHECK-EMPTY:
// PATHS:      ctx main entries=1 paths=0:1
// PATHS-NEXT: ctx   [0] run entries=1 paths=0:1
// PATHS-NEXT: ctx     [0] work entries=1 paths=0:1,3:999,5:1
// PATHS-NEXT: ctx       [0] step entries=1000 paths=0:500,1:500
// PATHS-NEXT: ctx     [1] work entries=1 paths=1:1,4:9,5:1
// PATHS-NEXT: ctx     [2] killer entries=1 paths=0:1
//
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && env PATHPROF_FILE=%t.flow.raw not --crash %t.flow
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw > %t.ctx.txt
// RUN: diff %t.flow.txt %t.ctx.txt
//
// Counting calls only (-fprofile-path-context=calls): the same contexts
// and entries survive the kill.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw not --crash %t.calls
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: FileCheck %s --check-prefix=CALLS --match-full-lines < %t.calls.tree
// CALLS:      ctx main entries=1
// CALLS-NEXT: ctx   [0] run entries=1
// CALLS-NEXT: ctx     [0] work entries=1
// CALLS-NEXT: ctx       [0] step entries=1000
// CALLS-NEXT: ctx     [1] work entries=1
// CALLS-NEXT: ctx     [2] killer entries=1

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I & 1)
    Sink += I;
  else
    Sink -= 1;
}

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    if (N > 100)
      step(I);
}

__attribute__((noinline)) static void killer(void) {
  kill(getpid(), SIGKILL);
}

__attribute__((noinline)) static void run(void) {
  work(1000);
  work(10);
  killer();
  puts("not reached");
}

int main(void) {
  run();
  puts("not reached");
  return 0;
}
