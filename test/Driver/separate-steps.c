// Separate -c and link steps, as make and CMake do: the link step gets no
// PathProf flag at all and the wrapper still links the runtime.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: pathprof-clang -O2 -fprofile-path-generate -c %s -o main.o
// RUN: pathprof-clang -O2 -fprofile-path-generate -c %S/Inputs/classify.c -o classify.o
// RUN: pathprof-clang main.o classify.o -o prog
// RUN: ./prog | FileCheck %s --check-prefix=OUT
// RUN: llvm-pathprof merge -o merged.pathprof default.pathraw
// RUN: llvm-pathprof show --function=classify merged.pathprof | FileCheck %s --check-prefix=SHOW
// OUT: sum=2332
// SHOW: classify
#include "Inputs/branchy.c"
