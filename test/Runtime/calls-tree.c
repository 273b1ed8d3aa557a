// -fprofile-path-context=calls (docs/ContextTree.md, "Calls only"): the
// calling context tree without paths. Exact entries per context, which are
// the calls of the call site each context hangs from: call sites
// distinguished (leaf from two sites of work and one of main), recursion
// folded (fact calls itself, even and odd call each other: backedges with
// the recursive calls), an indirect call site's list (pick's site calls
// square and cube in turn: two contexts under one call site). At -O2 and
// -O0; the program's output and exit status do not change.
//
// RUN: %clang -O2 %s -o %t.plain && %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls
// RUN: rm -f %t.raw && env PATHPROF_FILE=%t.raw %t.calls > %t.calls.out; echo "exit $?" >> %t.calls.out
// RUN: cmp %t.plain.out %t.calls.out
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// RUN: pathprof-clang -O0 -fprofile-path-generate -fprofile-path-context=calls %s -o %t.calls0
// RUN: rm -f %t.raw0 && env PATHPROF_FILE=%t.raw0 %t.calls0 > %t.calls0.out; echo "exit $?" >> %t.calls0.out
// RUN: cmp %t.plain.out %t.calls0.out
// RUN: %llvm-pathprof show --context %t.raw0 | FileCheck %s --match-full-lines
//
// work(3), work(2) and work(1) are three call sites of main: three
// contexts, each with its calls of leaf from work's two sites (work(1)
// calls leaf once, from its first loop: no context for the second). Each
// fact(N) is N entries of its context, N - 1 of them recursive, through the
// backedge at fact's call site 0. even(0), even(2) and even(3) enter even 5
// times and odd 3 times; odd's calls of even (2) are counted in the context
// of even 2 levels up. The indirect call site of Pick has two callees,
// square called 4 times and cube 3.
// CHECK:      Calling context tree: 17 contexts, 1 root, 4 recursive call sites, depth 3
// CHECK-NEXT: Per context: entries (the calls of the call site it hangs from, recursive calls included); no path counts (-fprofile-path-context=calls)
// CHECK-EMPTY:
// CHECK-NEXT: entries  context
// CHECK-NEXT:       1  main
// CHECK-NEXT:       7    [[[LEAF:[0-9]+]]] leaf
// CHECK-NEXT:       5    [[[FACT5:[0-9]+]]] fact
// CHECK-NEXT:       4      [0] fact (recursive: counted in the context 1 level up)
// CHECK-NEXT:       5    [[[EVEN:[0-9]+]]] even
// CHECK-NEXT:       3      [0] odd
// CHECK-NEXT:       2        [0] even (recursive: counted in the context 2 levels up)
// CHECK-NEXT:       4    [[[FACT4:[0-9]+]]] fact
// CHECK-NEXT:       3      [0] fact (recursive: counted in the context 1 level up)
// CHECK-NEXT:       4    [[[PICK:[0-9]+]]] square
// CHECK-NEXT:       3    [[[FACT3:[0-9]+]]] fact
// CHECK-NEXT:       2      [0] fact (recursive: counted in the context 1 level up)
// CHECK-NEXT:       3    [[[PICK]]] cube
// CHECK-NEXT:       1    [0] work
// CHECK-NEXT:       3      [0] leaf
// CHECK-NEXT:       2      [1] leaf
// CHECK-NEXT:       1    [1] work
// CHECK-NEXT:       2      [0] leaf
// CHECK-NEXT:       1      [1] leaf
// CHECK-NEXT:       1    [2] work
// CHECK-NEXT:       1      [0] leaf
// CHECK-EMPTY:
//
// RUN: %llvm-pathprof show --json %t.raw > %t.json
// RUN: %python %S/Inputs/context.py --entries %t.json | FileCheck %s --check-prefix=SITES --match-full-lines
// SITES:      ctx main entries=1
// SITES-NEXT: ctx   [0] work entries=1
// SITES-NEXT: ctx     [0] leaf entries=3
// SITES-NEXT: ctx     [1] leaf entries=2
// SITES-NEXT: ctx   [1] work entries=1
// SITES-NEXT: ctx     [0] leaf entries=2
// SITES-NEXT: ctx     [1] leaf entries=1
// SITES-NEXT: ctx   [2] work entries=1
// SITES-NEXT: ctx     [0] leaf entries=1
// SITES-NEXT: ctx   [3] fact entries=4
// SITES-NEXT: rec     [0] fact up=1 entries=3
// SITES-NEXT: ctx   [4] fact entries=3
// SITES-NEXT: rec     [0] fact up=1 entries=2
// SITES-NEXT: ctx   [5] fact entries=5
// SITES-NEXT: rec     [0] fact up=1 entries=4
// SITES-NEXT: ctx   [6] leaf entries=7
// SITES-NEXT: ctx   [7] even entries=5
// SITES-NEXT: ctx     [0] odd entries=3
// SITES-NEXT: rec       [0] even up=2 entries=2
// SITES-NEXT: ctx   [9] cube entries=3
// SITES-NEXT: ctx   [9] square entries=4
//
// The same tree, context for context and entry for entry, as a build with
// -fprofile-path-context of the same program, and its functions' entry
// counts are the sums of their contexts'.
// RUN: pathprof-clang -O2 -fprofile-path-generate -fprofile-path-context %s -o %t.paths
// RUN: rm -f %t.paths.raw && env PATHPROF_FILE=%t.paths.raw %t.paths > /dev/null; true
// RUN: %llvm-pathprof show --json %t.paths.raw | %python %S/Inputs/context.py --entries > %t.paths.tree
// RUN: %python %S/Inputs/context.py --entries %t.json > %t.calls.tree
// RUN: diff %t.paths.tree %t.calls.tree
// RUN: %python %S/Inputs/context.py --check-flat %t.json | FileCheck %s --check-prefix=FLAT
// FLAT: flattening: 8 functions checked, 0 mismatches
//
// The contexts' entries add up, per function, to clang's own entry counts
// of the same program (-fprofile-generate, the entry block's count).
// RUN: %clang -O2 -fprofile-generate -mllvm -disable-preinline -mllvm -pgo-instrument-entry %s -o %t.pgo
// RUN: rm -f %t.profraw && env LLVM_PROFILE_FILE=%t.profraw %t.pgo > /dev/null; true
// RUN: %llvm-profdata merge -o %t.profdata %t.profraw
// RUN: %llvm-profdata show --all-functions --counts %t.profdata > %t.clang.txt
// RUN: %python %utils/check-entry-counts.py --contexts %t.json %t.clang.txt | FileCheck %s --check-prefix=AGREE
// AGREE: entry counts agree for 8 functions
//
// show without --context: per function its entries, most first, and a note
// that there are no paths.
// RUN: %llvm-pathprof show %t.raw | FileCheck %s --check-prefix=FUNCS
// FUNCS:      Functions: 8
// FUNCS-NEXT: Executed paths: 0
// FUNCS-NEXT: Total path count: 0
// FUNCS-NEXT: No paths: the profile counts calls only (-fprofile-path-context=calls); per function its entries, per calling context with show --context
// FUNCS-NEXT: Showing 8 of 8 functions run (8 in the profile)
// FUNCS-EMPTY:
// FUNCS-NEXT: Function: leaf
// FUNCS:      Paths: not counted (-fprofile-path-context=calls)
// FUNCS-NEXT: Entry count: 16
// FUNCS-EMPTY:
// FUNCS-NEXT: Function: fact
// FUNCS:      Entry count: 12
// FUNCS:      Function: even
// FUNCS:      Entry count: 5
// FUNCS:      Function: square
// FUNCS:      Entry count: 4
// FUNCS:      Function: cube
// FUNCS:      Entry count: 3
// FUNCS:      Function: odd
// FUNCS:      Entry count: 3
// FUNCS:      Function: work
// FUNCS:      Entry count: 3
// FUNCS:      Function: main
// FUNCS:      Entry count: 1
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON:      "name": "{{.*}}calls-tree.c;leaf",
// JSON:      "entry_count": 16,
// JSON-NEXT: "total_count": 0,
// JSON-NEXT: "calls_only": true,
// JSON-NEXT: "paths": []
//
// -fprofile-path-use of a profile that counts calls only: one warning, and
// the rebuild is the one without a profile (no weights, no entry counts).
// RUN: pathprof-clang -O2 -fprofile-path-use=%t.raw -S -emit-llvm %s -o %t.use.ll 2> %t.use.err
// RUN: FileCheck %s --check-prefix=USE < %t.use.err
// USE: warning: path profile '{{.*}}.raw': the profile counts calls only (-fprofile-path-context=calls) and has no paths: {{.*}}calls-tree.c gets no branch weights, entry counts or hot and cold attributes from it; use the profile of a build with -fprofile-path-generate alone or with -fprofile-path-context [-Wbackend-plugin]
// USE-NEXT: 1 warning generated.
// RUN: FileCheck %s --check-prefix=NOWEIGHTS < %t.use.ll
// NOWEIGHTS-NOT: branch_weights
// NOWEIGHTS-NOT: function_entry_count

#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void leaf(int I) { Sink += I; }

__attribute__((noinline)) static void work(int N) {
  for (int I = 0; I < N; ++I)
    leaf(I);
  for (int I = 0; I < N - 1; ++I)
    leaf(-I);
}

__attribute__((noinline)) static int fact(int N) {
  return N <= 1 ? 1 : N * fact(N - 1);
}

__attribute__((noinline)) static int odd(int N);
__attribute__((noinline)) static int even(int N) {
  return N == 0 ? 1 : odd(N - 1);
}
__attribute__((noinline)) static int odd(int N) {
  return N == 0 ? 0 : even(N - 1);
}

__attribute__((noinline)) static int square(int X) { return X * X; }
__attribute__((noinline)) static int cube(int X) { return X * X * X; }

int (*volatile Pick[2])(int) = {square, cube};

int main(void) {
  work(3);
  work(2);
  work(1);
  for (int I = 0; I < 7; ++I)
    leaf(I);
  int F = fact(4) + fact(3) + fact(5);
  int E = 0;
  for (int I = 0; I < 3; ++I)
    E += even(I * 2 - (I == 2));
  int S = 0;
  for (int I = 0; I < 7; ++I)
    S += Pick[I & 1](I);
  printf("%d %d %d %d\n", Sink, F, E, S);
  return 3;
}
