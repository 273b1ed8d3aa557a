// Calling context trees and shared libraries (docs/ContextTree.md, "What
// attaches where"): every module has its own runtime, its own context words
// and its own tree, so contexts do not cross modules. The library loaded
// with dlopen has libWork as a root of its tree, with its helper below it;
// the program's callback, called by libWork, attaches under the program's
// call site of libWork, flagged as reached through unknown code (another
// module's code is unknown here). Both trees are in the one profile.
//
// RUN: pathprof-clang -O2 -fPIC -shared -fprofile-path-generate -fprofile-path-context %S/Inputs/context-lib.c -o %t.so
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -ldl -o %t
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t %t.so | FileCheck %s --check-prefix=OUT
// OUT: sum 90
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// CHECK:      Calling context tree: 4 contexts, 2 roots, 0 recursive call sites, depth 2
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1         21         11  libWork
// CHECK-NEXT:      10         10         10    [0] libHelper
// CHECK-NEXT:       1         11          1  main
// CHECK-NEXT:      10         10         10    [{{[0-9]+}}, via unknown code] callback
// CHECK-EMPTY:
//
// Counting calls only (-fprofile-path-context=calls) in both modules: the
// same two trees, entry for entry.
// RUN: pathprof-clang -O2 -fPIC -shared -fprofile-path-generate -fprofile-path-context=calls %S/Inputs/context-lib.c -o %t.calls.so
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -ldl -o %t.calls
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls %t.calls.so | FileCheck %s --check-prefix=OUT
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree

#include <dlfcn.h>
#include <stdio.h>

__attribute__((noinline)) static int callback(int X) { return X; }

int main(int Argc, char **Argv) {
  if (Argc != 2)
    return 2;
  void *Lib = dlopen(Argv[1], RTLD_NOW);
  if (!Lib)
    return 3;
  int (*Work)(int (*)(int), int) =
      (int (*)(int (*)(int), int))dlsym(Lib, "libWork");
  printf("sum %d\n", Work(callback, 10));
  dlclose(Lib);
  return 0;
}
