// Counters of call-free inner loops kept in registers (the default at -O2)
// give exactly the profile of counters updated in memory: matchLen's loop is
// promoted (the code differs; Transforms/Instrumentation/promote.ll checks
// the IR), and the two profiles are byte-identical.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t.promoted
// RUN: %clang_pathprof -O2 -g -mllvm -pathprof-promote-counters=false %s %pathprof_rt -o %t.memory
// RUN: %clang_pathprof -O2 -S -emit-llvm %s -o %t.promoted.ll
// RUN: %clang_pathprof -O2 -mllvm -pathprof-promote-counters=false -S -emit-llvm %s -o %t.memory.ll
// RUN: not cmp -s %t.promoted.ll %t.memory.ll
// RUN: env PATHPROF_FILE=%t.promoted.raw %t.promoted > %t.promoted.out
// RUN: env PATHPROF_FILE=%t.memory.raw %t.memory > %t.memory.out
// RUN: cmp %t.plain.out %t.promoted.out
// RUN: cmp %t.plain.out %t.memory.out
// RUN: %llvm-pathprof merge -o %t.promoted.prof %t.promoted.raw
// RUN: %llvm-pathprof merge -o %t.memory.prof %t.memory.raw
// RUN: cmp %t.promoted.prof %t.memory.prof
// RUN: %llvm-pathprof show --json %t.promoted.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
//
// matchLen is called for every pair I < J of the 19 characters: 171 times.
// CHECK: function {{.*}}promote-counters.c;matchLen paths={{[0-9]+}} entry=171 total={{[0-9]+}}
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) static size_t matchLen(const unsigned char *A,
                                                 const unsigned char *B,
                                                 size_t Max) {
  size_t Len = 0;
  while (Len < Max && A[Len] == B[Len])
    ++Len;
  return Len;
}

int main(void) {
  const char *Text = "abcabcabdabcabcabcx";
  size_t N = strlen(Text), Total = 0;
  for (size_t I = 0; I < N; ++I)
    for (size_t J = I + 1; J < N; ++J)
      Total += matchLen((const unsigned char *)Text + I,
                        (const unsigned char *)Text + J, N - J);
  printf("%zu\n", Total);
  return 0;
}
