// The control API of pathprof/pathprof.h acts on every instrumented module
// of the process: the executable, a linked library and a dlopened one, each
// with its own copy of the runtime. Phases: the counts before
// __pathprof_set_filename stay in the first file; phase 1 goes to one
// combined file; phase 2 to one file per module (%m); __pathprof_reset
// zeroes what phase 2 had counted so far; a library loaded again during
// phase 2 follows the phase-2 pattern; __pathprof_set_filename(NULL) goes
// back to PATHPROF_FILE, whose earlier segments (this very process's) are
// kept. The same program built without PathProf sees null functions.
//
// RUN: %clang_pathprof -O2 -g -fPIC -shared %S/Inputs/shlib-linked.c %pathprof_rt -o %t.linked.so
// RUN: %clang_pathprof -O2 -g -fPIC -shared %S/Inputs/shlib-loaded.c %pathprof_rt -o %t.loaded.so
// RUN: %clang_pathprof -O2 -g -I%pathprof_include %s %t.linked.so %pathprof_rt -ldl -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_FILE=%t.d/start.pathraw %t %t.loaded.so %t.d/phase1.pathraw '%t.d/phase2_%%m.pathraw' \
// RUN:   | FileCheck --check-prefix=OUT %s
// OUT: dump 0
// OUT-NEXT: done
//
// RUN: %llvm-pathprof show --json %t.d/start.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=START %s
// START-DAG: function {{.*}}control-api.c;helper paths=1 entry=1001 total=1001
// START-DAG: function {{.*}}shlib-linked.c;helper paths=2 entry=2001 total=2001
// START-DAG: function {{.*}}shlib-loaded.c;helper paths=3 entry=3002 total=3002
//
// RUN: %llvm-pathprof show --json %t.d/phase1.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=PHASE1 %s
// PHASE1-DAG: function {{.*}}control-api.c;helper paths=1 entry=10 total=10
// PHASE1-DAG: function {{.*}}shlib-linked.c;helper paths=2 entry=20 total=20
// PHASE1-DAG: function {{.*}}shlib-loaded.c;helper paths=3 entry=30 total=30
//
// RUN: ls %t.d/phase2_* | count 3
// RUN: %llvm-pathprof merge -o %t.phase2.prof %t.d/phase2_*
// RUN: %llvm-pathprof show --json %t.phase2.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=PHASE2 %s
// PHASE2-DAG: function {{.*}}control-api.c;helper paths=1 entry=7 total=7
// PHASE2-DAG: function {{.*}}shlib-linked.c;helper paths=2 entry=8 total=8
// PHASE2-DAG: function {{.*}}shlib-loaded.c;helper paths=3 entry=13 total=13
//
// RUN: %clang -O2 -I%pathprof_include %s %S/Inputs/shlib-linked.c -o %t.plain
// RUN: %t.plain | FileCheck --check-prefix=PLAIN %s
// PLAIN: built without PathProf

#include <pathprof/pathprof.h>

#include <dlfcn.h>
#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void helper(int I) { Sink += I; }

static void work(int N) {
  for (int I = 0; I != N; ++I)
    helper(I);
}

void linked_work(int N);

int main(int Argc, char **Argv) {
  if (!__pathprof_set_filename || !__pathprof_reset || !__pathprof_dump) {
    puts("built without PathProf");
    return 0;
  }
  if (Argc != 4)
    return 2;
  void *H = dlopen(Argv[1], RTLD_NOW);
  if (!H)
    return 3;
  void (*LoadedWork)(int) = (void (*)(int))dlsym(H, "loaded_work");
  work(1);
  linked_work(1);
  LoadedWork(2);

  __pathprof_set_filename(Argv[2]);
  work(10);
  linked_work(20);
  LoadedWork(30);

  __pathprof_set_filename(Argv[3]);
  work(100);
  linked_work(200);
  LoadedWork(300);
  __pathprof_reset();
  work(7);
  linked_work(8);
  LoadedWork(9);
  printf("dump %d\n", __pathprof_dump());

  dlclose(H);
  H = dlopen(Argv[1], RTLD_NOW);
  if (!H)
    return 3;
  LoadedWork = (void (*)(int))dlsym(H, "loaded_work");
  LoadedWork(4);

  __pathprof_set_filename(0);
  work(1000);
  linked_work(2000);
  LoadedWork(3000);
  puts("done");
  return 0;
}
