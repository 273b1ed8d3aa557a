// C++ exceptions: invoke unwind edges and landing pads are ordinary DAG
// edges, so catch blocks are part of the paths that reach them, and a throw
// ends its path before __cxa_throw (a call that does not return). Verify
// mode checks every counted path; entry counts agree with clang's profile;
// output is unchanged.
//
// RUN: %clangxx -O2 %s -o %t.plain && %t.plain > %t.plain.out
// RUN: %clangxx_pathprof -O2 -g -mllvm -pathprof-verify %s %pathprof_rt -o %t.verify
// RUN: env PATHPROF_FILE=%t.verify.raw %t.verify > %t.verify.out 2> %t.verify.err
// RUN: cmp %t.plain.out %t.verify.out
// RUN: FileCheck %s --check-prefix=VERIFY < %t.verify.err
// RUN: %clangxx_pathprof -O2 -g %s %pathprof_rt -o %t.pp
// RUN: env PATHPROF_FILE=%t.raw %t.pp > %t.pp.out
// RUN: cmp %t.plain.out %t.pp.out
// RUN: %clangxx -O2 -fprofile-generate -mllvm -disable-preinline -mllvm -pgo-instrument-entry %s -o %t.pgo
// RUN: rm -f %t.profraw && env LLVM_PROFILE_FILE=%t.profraw %t.pgo > /dev/null
// RUN: %llvm-profdata merge -o %t.profdata %t.profraw
// RUN: %llvm-profdata show --all-functions --counts %t.profdata > %t.clang.txt
// RUN: %llvm-pathprof show --json %t.raw > %t.json
// RUN: %python %utils/check-entry-counts.py %t.json %t.clang.txt | FileCheck %s --check-prefix=AGREE
// RUN: %python %S/Inputs/paths.py --no-blocks %t.json | FileCheck %s
//
// VERIFY: PathProf verify: {{[1-9][0-9]*}} paths checked, 0 mismatches
// AGREE: entry counts agree for {{[1-9][0-9]*}} functions
// parse() is called 12 times; 4 of them throw.
// CHECK: function _Z5parsei paths={{[0-9]+}} entry=12 total=12

#include <cstdio>
#include <stdexcept>

__attribute__((noinline)) int parse(int X) {
  if (X % 3 == 0)
    throw std::runtime_error("multiple of three");
  return X * 2;
}

__attribute__((noinline)) int tryParse(int X) {
  try {
    return parse(X);
  } catch (const std::runtime_error &) {
    return -1;
  }
}

int main() {
  int Sum = 0, Errors = 0;
  for (int I = 1; I <= 12; ++I) {
    int V = tryParse(I);
    if (V < 0)
      ++Errors;
    else
      Sum += V;
  }
  std::printf("sum=%d errors=%d\n", Sum, Errors);
  return 0;
}
