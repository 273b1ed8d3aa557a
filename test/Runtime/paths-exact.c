// Exact path ids and counts for a small program, end to end: instrument with
// the plugin at -O0 and -O2, run, and read the raw profile back. The ids are
// the Ball-Larus numbering of classify()'s DAG, which the print pass shows.
//
// RUN: %clang_pathprof -O0 -g %s %pathprof_rt -o %t.O0
// RUN: rm -f %t.O0.raw && env PATHPROF_FILE=%t.O0.raw %t.O0 > %t.O0.out
// RUN: %llvm-pathprof show --json %t.O0.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s --check-prefix=IDS
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t.O2
// RUN: rm -f %t.O2.raw && env PATHPROF_FILE=%t.O2.raw %t.O2 > %t.O2.out
// RUN: %llvm-pathprof show --json %t.O2.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s --check-prefix=IDS2
// RUN: %llvm-pathprof show --json %t.O0.raw | %python %S/Inputs/paths.py | FileCheck %s --check-prefix=LINES
// RUN: %llvm-pathprof show --function=sum %t.O2.raw | FileCheck %s --check-prefix=TEXT
// RUN: %clang -O2 -g %s -o %t.plain && %t.plain > %t.plain.out
// RUN: cmp %t.plain.out %t.O0.out
// RUN: cmp %t.plain.out %t.O2.out

#include <stdio.h>

// Three paths without loops: negative, zero, positive.
__attribute__((noinline)) int classify(int X) {
  if (X < 0)
    return -1;
  if (X == 0)
    return 0;
  return 1;
}

// A loop: one path enters and leaves at once, one enters and goes round, one
// goes round again, one leaves after going round.
__attribute__((noinline)) int sum(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += I;
  return S;
}

int main(void) {
  int Counts[3] = {0, 0, 0};
  for (int I = -3; I < 7; ++I)
    Counts[classify(I) + 1]++;
  printf("%d %d %d %d %d\n", Counts[0], Counts[1], Counts[2], sum(0), sum(4));
  return 0;
}

// At -O0 every branch is a path. At -O2 the cleanup before numbering (the
// pre-inliner's, as IR PGO's, speculating nothing) folds classify's second
// test into a comparison (X != 0 is the result), leaving two paths:
// negative, and the rest; main and sum keep theirs, with the same ids and
// counts as at -O0.
// classify: 3 negative, 1 zero, 6 positive calls.
// IDS-LABEL: function classify paths=3 entry=10 total=10
// IDS-NEXT:  path 0 3
// IDS-NEXT:  path 1 1
// IDS-NEXT:  path 2 6
// main: the loop runs 10 times; the first path enters it, 9 go round, and
// the last leaves it.
// IDS-NEXT:  function main paths=4 entry=1 total=11
// IDS-NEXT:  path 0 1
// IDS-NEXT:  path 2 9
// IDS-NEXT:  path 3 1
// sum(0) takes path 1 (enter, leave at once); sum(4) enters and goes round
// (path 0), goes round 3 more times (path 2) and leaves (path 3).
// IDS-NEXT:  function sum paths=4 entry=2 total=6
// IDS-NEXT:  path 0 1
// IDS-NEXT:  path 1 1
// IDS-NEXT:  path 2 3
// IDS-NEXT:  path 3 1

// IDS2:       function classify paths=2 entry=10 total=10
// IDS2-NEXT:  path 0 3
// IDS2-NEXT:  path 1 7
// IDS2-NEXT:  function main paths=4 entry=1 total=11
// IDS2-NEXT:  path 0 1
// IDS2-NEXT:  path 2 9
// IDS2-NEXT:  path 3 1
// IDS2-NEXT:  function sum paths=4 entry=2 total=6
// IDS2-NEXT:  path 0 1
// IDS2-NEXT:  path 1 1
// IDS2-NEXT:  path 2 3
// IDS2-NEXT:  path 3 1

// Paths decode to the source lines they ran.
// LINES-LABEL: function classify
// LINES-NEXT:  path 0 3 paths-exact.c:21,paths-exact.c:22,paths-exact.c:26
// LINES-NEXT:  path 1 1 paths-exact.c:21,paths-exact.c:23,paths-exact.c:24,paths-exact.c:26
// LINES-NEXT:  path 2 6 paths-exact.c:21,paths-exact.c:23,paths-exact.c:25,paths-exact.c:26

// The text report: hottest path first, source lines in the order they ran.
// TEXT:       Function: sum
// TEXT-NEXT:    File: {{.*}}paths-exact.c
// TEXT-NEXT:    Checksum: 0x{{[0-9a-f]+}}
// TEXT-NEXT:    Paths: 4
// TEXT-NEXT:    Executed paths: 4
// TEXT-NEXT:    Entry count: 2
// TEXT-NEXT:    Total path count: 6
// TEXT-NEXT:    Top 4 of 4 paths:
// TEXT-NEXT:      Path 2: count 3 (50.00% of function, 11.11% of program)
// TEXT-NEXT:        (from backedge)
// TEXT-NEXT:        {{.*}}paths-exact.c:32
// TEXT-NEXT:        {{.*}}paths-exact.c:32-33
// TEXT-NEXT:        (to backedge)
// TEXT-NEXT:      Path 0: count 1 (16.67% of function, 3.70% of program)
// TEXT-NEXT:        {{.*}}paths-exact.c:32
// TEXT-NEXT:        {{.*}}paths-exact.c:32-33
// TEXT-NEXT:        (to backedge)
// TEXT-NEXT:      Path 1: count 1 (16.67% of function, 3.70% of program)
// TEXT-NEXT:        {{.*}}paths-exact.c:32
// TEXT-NEXT:        {{.*}}paths-exact.c:34
