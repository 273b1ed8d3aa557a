// -fprofile-path-generate=DIR makes DIR/default_%m.pathraw the default name,
// in one step and in separate steps, and PATHPROF_FILE overrides it.
// RUN: rm -rf %t && mkdir -p %t/run && cd %t
// RUN: pathprof-clang -O2 -fprofile-path-generate=%t/prof %s %S/Inputs/classify.c -o prog1
// RUN: cd run && ../prog1 | FileCheck %s --check-prefix=OUT
// RUN: not ls %t/run/default.pathraw
// RUN: ls %t/prof/default_*.pathraw | count 1
// RUN: llvm-pathprof merge -o %t/m1.pathprof %t/prof/default_*.pathraw
// RUN: llvm-pathprof show %t/m1.pathprof | FileCheck %s --check-prefix=SHOW

// RUN: pathprof-clang -fprofile-path-generate=%t/prof2 -c %s -o %t/main.o
// RUN: pathprof-clang -fprofile-path-generate=%t/prof2 -c %S/Inputs/classify.c -o %t/classify.o
// RUN: pathprof-clang -fprofile-path-generate=%t/prof2 %t/main.o %t/classify.o -o %t/prog2
// RUN: %t/prog2 | FileCheck %s --check-prefix=OUT
// RUN: ls %t/prof2/default_*.pathraw | count 1
// RUN: llvm-pathprof merge -o %t/m2.pathprof %t/prof2/default_*.pathraw
// RUN: llvm-pathprof show --json %t/m2.pathprof | FileCheck %s --check-prefix=SHOW

// RUN: env PATHPROF_FILE=%t/env-%%p.pathraw %t/prog2 | FileCheck %s --check-prefix=OUT
// RUN: ls %t/env-*.pathraw | count 1
// RUN: ls %t/prof2/default_*.pathraw | count 1

// OUT: sum=2332
// SHOW: classify
#include "Inputs/branchy.c"
