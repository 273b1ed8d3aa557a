// Shared libraries: an instrumented executable, an instrumented library it
// links, and one it loads with dlopen, unloads with dlclose and loads again
// (three times). Each module links its own runtime and counts into its own
// segment. All modules can share one file (one combined profile) or, with
// %m, have one file each; either way every module's counts arrive exactly,
// and the three static functions named helper (one per source file) stay
// apart. dlclose ends the library's segment (and compacts it): its file
// holds one compact segment for the library after three loads, and after
// the program's exit one file shared by the modules holds one compact segment
// per module (the last module out rewrites it), not a segment per load.
//
// RUN: %clang_pathprof -O2 -g -fPIC -shared %S/Inputs/shlib-linked.c %pathprof_rt -o %t.linked.so
// RUN: %clang_pathprof -O2 -g -fPIC -shared %S/Inputs/shlib-loaded.c %pathprof_rt -o %t.loaded.so
// RUN: %clang_pathprof -O2 -g %s %t.linked.so %pathprof_rt -ldl -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// RUN: env PATHPROF_FILE=%t.d/all.pathraw %t %t.loaded.so | FileCheck --check-prefix=OUT %s
// OUT: done
// RUN: %python %S/Inputs/dump_raw.py %t.d/all.pathraw | FileCheck -DRAW_VERSION=%raw_version --check-prefix=ALL %s
// ALL-COUNT-3: compact at {{[0-9]+}}: version [[RAW_VERSION]]
// ALL-NOT: segment at
// ALL-NOT: compact at
// RUN: %llvm-pathprof show --json %t.d/all.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// CHECK-DAG: function {{.*}}shared-libs.c;helper paths=1 entry=10 total=10
// CHECK-DAG: function {{.*}}shlib-linked.c;helper paths=2 entry=20 total=20
// CHECK-DAG: function {{.*}}shlib-loaded.c;helper paths=3 entry=120 total=120
//
// RUN: env PATHPROF_FILE=%t.d/m/prof_%%m.pathraw %t %t.loaded.so | FileCheck --check-prefix=OUT %s
// RUN: ls %t.d/m | count 3
// RUN: for F in %t.d/m/*; do %python %S/Inputs/dump_raw.py $F | grep -c -E '(segment|compact) at'; done | sort | FileCheck --check-prefix=PERMOD %s
// PERMOD: 1
// PERMOD-NEXT: 1
// PERMOD-NEXT: 1
// RUN: %llvm-pathprof merge -o %t.m.prof %t.d/m/*
// RUN: %llvm-pathprof show --json %t.m.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck %s

#include <dlfcn.h>
#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void helper(int I) { Sink += I; }

void linked_work(int N);

int main(int Argc, char **Argv) {
  (void)Argc;
  for (int I = 0; I != 10; ++I)
    helper(I);
  linked_work(20);
  for (int Round = 0; Round != 3; ++Round) {
    void *H = dlopen(Argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!H) {
      printf("dlopen: %s\n", dlerror());
      return 1;
    }
    void (*Work)(int) = (void (*)(int))dlsym(H, "loaded_work");
    Work(30 + 10 * Round);
    dlclose(H);
  }
  puts("done");
  return 0;
}
