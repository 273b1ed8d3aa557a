// setjmp/longjmp: a block that begins with setjmp starts a new path, so no
// path register value has to survive the longjmp back (C leaves modified
// locals indeterminate there), and verify mode restarts its trace on the
// second return. Every counted path still decodes to the blocks that ran,
// and entry counts agree with clang's profile.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: %clang_pathprof -O2 -g -mllvm -pathprof-verify %s %pathprof_rt -o %t.verify
// RUN: env PATHPROF_FILE=%t.verify.raw %t.verify > %t.verify.out 2> %t.verify.err
// RUN: cmp %t.plain.out %t.verify.out
// RUN: FileCheck %s --check-prefix=VERIFY < %t.verify.err
// RUN: %clang_pathprof -O0 -g -mllvm -pathprof-verify %s %pathprof_rt -o %t.verify0
// RUN: env PATHPROF_FILE=%t.verify0.raw %t.verify0 > %t.verify0.out 2> %t.verify0.err
// RUN: cmp %t.plain.out %t.verify0.out
// RUN: FileCheck %s --check-prefix=VERIFY < %t.verify0.err
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t.pp
// RUN: env PATHPROF_FILE=%t.raw %t.pp > %t.pp.out
// RUN: cmp %t.plain.out %t.pp.out
// RUN: %clang -O2 -fprofile-generate -mllvm -disable-preinline -mllvm -pgo-instrument-entry %s -o %t.pgo
// RUN: rm -f %t.profraw && env LLVM_PROFILE_FILE=%t.profraw %t.pgo > /dev/null
// RUN: %llvm-profdata merge -o %t.profdata %t.profraw
// RUN: %llvm-profdata show --all-functions --counts %t.profdata > %t.clang.txt
// RUN: %llvm-pathprof show --json %t.raw > %t.json
// RUN: %python %utils/check-entry-counts.py %t.json %t.clang.txt | FileCheck %s --check-prefix=AGREE
//
// VERIFY-NOT: PathProf error
// VERIFY: PathProf verify: {{[1-9][0-9]*}} paths checked, 0 mismatches
// AGREE: entry counts agree for 3 functions

#include <setjmp.h>
#include <stdio.h>

static jmp_buf Env;

__attribute__((noinline)) void check(int X) {
  if (X % 4 == 3)
    longjmp(Env, X);
}

__attribute__((noinline)) int protectedSum(int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I) {
    if (I & 1)
      Sum += I;
    volatile int Caught = setjmp(Env);
    if (Caught) {
      Sum -= Caught;
      continue;
    }
    check(I);
    Sum += 2;
  }
  return Sum;
}

int main(void) {
  printf("%d %d\n", protectedSum(10), protectedSum(25));
  return 0;
}
