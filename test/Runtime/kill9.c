// Counts live in the mapped profile as they happen: a program instrumented
// by the plugin that kills itself with SIGKILL (no exit handlers, no
// flushing) leaves every path it completed in its raw profile.
//
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t
// RUN: rm -f %t.raw
// RUN: env PATHPROF_FILE=%t.raw not --crash %t
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
//
// CHECK: function {{.*}}kill9.c;step paths=2 entry=1000 total=1000
// CHECK-NEXT: path 0 500
// CHECK-NEXT: path 1 500

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

int main(void) {
  for (int I = 0; I < 1000; ++I)
    step(I);
  kill(getpid(), SIGKILL);
  puts("not reached");
  return 0;
}
