// A program built with AddressSanitizer: its counters are laid out as
// without it, and its counts are exact. The counter globals sit in
// __pathprof_cnts by a "bss-section" attribute, not a section of their
// own, so AddressSanitizer padded each with a redzone (the section was 416
// bytes for 224 of counters in the value-profile test's program) unless the
// plugin marks them no_sanitize_address, as it now does for every global of
// the profile.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_pathprof -O1 %s %pathprof_rt -o %t/plain
// RUN: %clang_pathprof -O1 -fsanitize=address %s %pathprof_rt -o %t/asan
// RUN: llvm-readelf -S -W %t/plain > %t/sections
// RUN: llvm-readelf -S -W %t/asan >> %t/sections
// RUN: FileCheck %s --check-prefix=SECTIONS < %t/sections
// SECTIONS: __pathprof_cnts NOBITS {{[0-9a-f]+}} {{[0-9a-f]+}} [[SIZE:[0-9a-f]+]]
// SECTIONS: __pathprof_cnts NOBITS {{[0-9a-f]+}} {{[0-9a-f]+}} [[SIZE]]
//
// RUN: env PATHPROF_FILE=%t/asan.pathraw %t/asan | FileCheck %s --check-prefix=OUT
// OUT: 50 odd
// RUN: %llvm-pathprof show --text %t/asan.pathraw | FileCheck %s --check-prefix=COUNTS
// COUNTS-LABEL: function {{.*}}asan-program.c;classify
// COUNTS:      paths 2
// COUNTS:      path 0 50
// COUNTS-NEXT: path 1 50
// COUNTS-LABEL: function main
// COUNTS:      path 0 1
// COUNTS-NEXT: path 2 99

#include <stdio.h>

static int Odd[100];

__attribute__((noinline)) static int classify(int I) {
  if (I % 2) {
    Odd[I] = 1;
    return 1;
  }
  return 0;
}

int main(void) {
  int N = 0;
  for (int I = 0; I < 100; ++I)
    N += classify(I);
  printf("%d odd\n", N);
  return 0;
}
