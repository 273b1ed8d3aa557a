// A merge adds the counts of a raw profile whose module description it has
// already decoded straight to the merged functions, without building a
// profile of the input (ModuleCounts). The result is byte for byte that of
// reading every input into a profile first (--no-fast-raw-merge): compact
// raw profiles of one build, of runs that counted different paths, with
// dense and hashed functions (-pathprof-dense-limit=4), indirect calls,
// selects, a function that never runs, a file holding the counts of two
// processes (a forked child), weights, one thread and two, and a text input
// among them.
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-dense-limit=4 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d
// RUN: env PATHPROF_FILE=%t.d/a.pathraw %t 3 > /dev/null
// RUN: env PATHPROF_FILE=%t.d/b.pathraw %t 7 > /dev/null
// RUN: env PATHPROF_FILE=%t.d/c.pathraw %t 0 > /dev/null
// Two processes: a forked child and its parent, folded into one compact
// segment at exit, and each in its counter segment of a dense file (whose
// description, padded, is not the compact files': dense2 decodes it).
// RUN: env PATHPROF_FILE=%t.d/dense2.pathraw PATHPROF_COMPACT=0 %t 6 > /dev/null
// RUN: env PATHPROF_FILE=%t.d/fork.pathraw %t 5 fork > /dev/null
// RUN: env PATHPROF_FILE=%t.d/dense.pathraw PATHPROF_COMPACT=0 %t 4 fork > /dev/null
// RUN: %llvm-pathprof show --segments dense.pathraw | FileCheck --check-prefix=SEGS %s
// SEGS:      Segments: 3
// SEGS:      Holds: description
// SEGS:      Holds: counts
// SEGS:      Holds: counts
//
// Every raw input goes the fast way but the first of each thread and the
// first dense one.
// RUN: printf 'a.pathraw\nb.pathraw\n3,c.pathraw\nfork.pathraw\n2,a.pathraw\nb.pathraw\ndense2.pathraw\n5,dense.pathraw\n' > list.txt
// RUN: %llvm-pathprof merge -j1 -f list.txt -o fast.pathprof --report-fast-raw-merge 2>&1 \
// RUN:   | FileCheck --check-prefix=FAST1 %s
// FAST1: 6 of 8 inputs added as counts of a module already decoded
// RUN: %llvm-pathprof merge -j1 -f list.txt -o slow.pathprof --no-fast-raw-merge --report-fast-raw-merge 2>&1 \
// RUN:   | FileCheck --check-prefix=SLOW %s
// SLOW: 0 of 8 inputs added as counts of a module already decoded
// RUN: cmp fast.pathprof slow.pathprof
// RUN: %llvm-pathprof merge -j2 -f list.txt -o fast2.pathprof --report-fast-raw-merge 2>&1 \
// RUN:   | FileCheck --check-prefix=FAST2 %s
// FAST2: 5 of 8 inputs added as counts of a module already decoded
// RUN: cmp fast2.pathprof slow.pathprof
// The text form too, and the same counts written as a text profile.
// RUN: %llvm-pathprof merge -j1 -f list.txt --text -o fast.txt
// RUN: %llvm-pathprof merge -j1 -f list.txt --text -o slow.txt --no-fast-raw-merge
// RUN: cmp fast.txt slow.txt
// RUN: %llvm-pathprof merge a.pathraw c.pathraw slow.txt b.pathraw -o mixed-fast.pathprof
// RUN: %llvm-pathprof merge a.pathraw c.pathraw slow.txt b.pathraw -o mixed-slow.pathprof --no-fast-raw-merge
// RUN: cmp mixed-fast.pathprof mixed-slow.pathprof
//
// The sums, against what each run counted: a merge that dropped a count or
// added one twice would differ from the profile of one input weighted.
// RUN: %llvm-pathprof merge a.pathraw a.pathraw a.pathraw -o aaa.pathprof
// RUN: %llvm-pathprof merge --weighted-input=3,a.pathraw -o a3.pathprof
// RUN: cmp aaa.pathprof a3.pathprof
// RUN: %llvm-pathprof show --text fast.pathprof | FileCheck --check-prefix=SUM %s
// step runs N times per process, its select true for N - 2 of them: a
// (N 3, weights 1 + 2) 3, b (7, 1 + 1) 10, c (0, 3) 0, fork (5, two
// processes) 6, dense2 (6) 4, dense (4, two processes, 5) 20: 43.
// SUM:      function {{.*}}merge-fast-raw.c;never
// SUM-NOT:  {{^}}path {{[0-9]}}
// SUM:      function {{.*}}merge-fast-raw.c;step
// SUM:      selects 43
// The processes: a 3, b 2, c 3, fork 2, dense2 1, dense 10: 21 entries of
// main. Their N: 9 + 14 + 0 + 10 + 6 + 40 = 79 calls of wide (hashed) and
// of the indirect call sites.
// RUN: %llvm-pathprof show fast.pathprof | FileCheck --check-prefix=SHOW %s
// SHOW:      Function: wide
// SHOW:        Total path count: 79
// SHOW:      Function: main
// SHOW:        Entry count: 21
// SHOW:        Indirect call site {{[0-9]+}}: 25 calls: twice 13, negate 12
// SHOW:        Indirect call site {{[0-9]+}}: 54 calls: twice 30, negate 24
//
// A raw input of another build (another description) goes the slow way.
// RUN: %clang_pathprof -O1 -DOTHER %s %pathprof_rt -o %t.other
// RUN: env PATHPROF_FILE=%t.d/other.pathraw %t.other 2 > /dev/null
// RUN: %llvm-pathprof merge -j1 a.pathraw other.pathraw b.pathraw -o o-fast.pathprof --report-fast-raw-merge 2>&1 \
// RUN:   | FileCheck --check-prefix=OTHER %s
// OTHER: 0 of 3 inputs added as counts of a module already decoded
// RUN: %llvm-pathprof merge -j1 a.pathraw other.pathraw b.pathraw -o o-slow.pathprof --no-fast-raw-merge 2>&1
// RUN: cmp o-fast.pathprof o-slow.pathprof

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static int twice(int X) { return 2 * X; }
__attribute__((noinline)) static int negate(int X) { return -X; }

__attribute__((noinline)) static void never(int X) {
  if (X > 1)
    Sink += X;
}

// A select: counts how often it chose its true value.
__attribute__((noinline)) static int step(int X) {
  int Y = X > 2 ? 5 : 9;
  return Y + Sink;
}

// More paths than -pathprof-dense-limit: hashed.
__attribute__((noinline)) static int wide(int X) {
  int R = 0;
  if (X & 1)
    R += 1;
  if (X & 2)
    R += 2;
  if (X & 4)
    R += 4;
  if (X & 8)
    R += 8;
  return R;
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? atoi(Argv[1]) : 1;
  int (*Fns[])(int) = {twice, negate};
  int Sum = 0;
  if (Argc > 2 && strcmp(Argv[2], "fork") == 0) {
    pid_t Child = fork();
    if (Child == 0) {
      for (int I = 0; I != N; ++I)
        Sum += step(I + 1) + wide(I * 5) + Fns[I & 1](I);
      printf("%d\n", Sum);
      return 0;
    }
    waitpid(Child, NULL, 0);
  }
  for (int I = 0; I != N; ++I)
    Sum += step(I + 1) + wide(I * 3) + Fns[I % 2](I);
#ifdef OTHER
  Sum += wide(N);
#endif
  if (N > 100)
    never(N);
  printf("%d\n", Sum);
  return 0;
}
