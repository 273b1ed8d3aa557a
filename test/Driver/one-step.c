// Compile and link in one step; the profile lands in the working directory as
// default.pathraw and llvm-pathprof reads it.
// RUN: rm -rf %t && mkdir -p %t/run && cd %t
// RUN: pathprof-clang -O2 -g -fprofile-path-generate %s %S/Inputs/classify.c -o prog
// RUN: cd run && ../prog | FileCheck %s --check-prefix=OUT
// RUN: ls default.pathraw
// RUN: llvm-pathprof merge -o merged.pathprof default.pathraw
// RUN: llvm-pathprof show merged.pathprof | FileCheck %s --check-prefix=SHOW
// OUT: sum=2332
// SHOW-DAG: classify
// SHOW-DAG: main
#include "Inputs/branchy.c"
