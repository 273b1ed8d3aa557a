// Calling context tree and fork (docs/ContextTree.md): the child goes on in
// frames entered in the parent, whose node pointers must stay valid, so its
// segment starts with a copy of the parent's tree with every count zeroed;
// from then on each process counts its contexts into its own segment. With
// %p each file holds exactly one process's contexts: the child's has main
// and spawn with no entries (they were entered in the parent) but the paths
// they completed after fork, and its own calls of work below them. In one
// file the two trees merge. The flattening's paths are exact; the
// activations that span the fork are entered once and return twice, so the
// contexts of main and spawn enter them once where their paths say twice.
//
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t
// RUN: rm -rf %t.each && mkdir %t.each
// RUN: env PATHPROF_FILE=%t.each/tree-%%p.pathraw %t | FileCheck --check-prefix=OUT %s
// OUT: done
// RUN: ls %t.each | count 2
// RUN: for F in %t.each/*; do %llvm-pathprof show --context $F; done | FileCheck --check-prefix=EACH %s
// EACH-DAG: {{^}}      1       2024          1  main
// EACH-DAG: {{^}}      0        218          1  main
// EACH-DAG: {{^}}      0        202          1    [0] spawn
// EACH-DAG: {{^}}      1        201        101      [{{[0-9]+}}] work
// EACH-DAG: {{^}}      1         15          8    [{{[0-9]+}}] work
//
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// CHECK:      Calling context tree: 10 contexts, 1 root, 0 recursive call sites, depth 4
// CHECK:      entries  inclusive  exclusive  context
// CHECK-NEXT:       1       2242          2  main
// CHECK-NEXT:       1       2225          2    [0] spawn
// CHECK-NEXT:       1       2001       1001      [{{[0-9]+}}] work
// CHECK-NEXT:    1000       1000       1000        [0] step
// CHECK-NEXT:       1        201        101      [{{[0-9]+}}] work
// CHECK-NEXT:     100        100        100        [0] step
// CHECK-NEXT:       1         21         11      [0] work
// CHECK-NEXT:      10         10         10        [0] step
// CHECK-NEXT:       1         15          8    [{{[0-9]+}}] work
// CHECK-NEXT:       7          7          7      [0] step
// CHECK-EMPTY:
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// FLAT:      MISMATCH main: contexts enter 1 times, the function 2
// FLAT-NEXT: MISMATCH {{.*}}spawn: contexts enter 1 times, the function 2
// FLAT-NEXT: flattening: 4 functions checked, 2 mismatches
//
// The same program built flow-only has the same flattened profile.
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o %t.flow
// RUN: rm -f %t.flow.raw && env PATHPROF_FILE=%t.flow.raw %t.flow > /dev/null
// RUN: %llvm-pathprof show --text %t.flow.raw > %t.flow.txt
// RUN: %llvm-pathprof show --text --no-context %t.raw > %t.ctx.txt
// RUN: diff %t.flow.txt %t.ctx.txt
//
// Counting calls only (-fprofile-path-context=calls): each process's
// contexts, the copies of the parent's with no entries in the child's file;
// in one file the same tree as above, whose entries are now also the
// functions' (calls mode has no paths to count a return with).
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -rf %t.calls.each && mkdir %t.calls.each
// RUN: env PATHPROF_FILE=%t.calls.each/tree-%%p.pathraw %t.calls | FileCheck --check-prefix=OUT %s
// RUN: ls %t.calls.each | count 2
// RUN: for F in %t.calls.each/*; do %llvm-pathprof show --json $F | %python %S/Inputs/context.py --entries; done | FileCheck --check-prefix=CALLS-EACH %s
// CALLS-EACH-DAG: {{^}}ctx main entries=1{{$}}
// CALLS-EACH-DAG: {{^}}ctx main entries=0{{$}}
// CALLS-EACH-DAG: {{^}}ctx   [0] spawn entries=0{{$}}
// CALLS-EACH-DAG: {{^}}ctx       [0] step entries=7{{$}}
// CALLS-EACH-DAG: {{^}}ctx         [0] step entries=1000{{$}}
// RUN: rm -f %t.calls.raw && env PATHPROF_FILE=%t.calls.raw %t.calls | FileCheck --check-prefix=OUT %s
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --entries > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: %llvm-pathprof show --json %t.calls.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=CALLS-FLAT
// CALLS-FLAT: flattening: 4 functions checked, 0 mismatches

#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
static volatile int Sink;
__attribute__((noinline)) static void step(int I) {
  if (I % 3 == 0)
    Sink += 1;
  else
    Sink += 2;
}
__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    step(I);
}
__attribute__((noinline)) static pid_t spawn(void) {
  work(10);
  pid_t P = fork();
  if (P == 0)
    work(100);
  else
    work(1000);
  return P;
}
int main(void) {
  pid_t P = spawn();
  if (P == 0) {
    work(7);
    _exit(0);
  }
  waitpid(P, 0, 0);
  puts("done");
  return 0;
}
