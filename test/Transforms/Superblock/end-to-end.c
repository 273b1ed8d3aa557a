// Superblocks end to end: instrument, train, merge, rebuild with
// -fprofile-path-use. The rebuilt program prints what plain -O2 prints, the
// remarks name the superblocks, and in score() the copy of the second test of
// X on each path is folded away (JumpThreading alone does not thread it: the
// block between the tests is too large), so the loop tests X once.
//
// DEFINE: %{budget} = -mllvm -pathprof-superblock-max-growth=100 -mllvm -pathprof-superblock-max-module-growth=100
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: pathprof-clang -O2 -g -fprofile-path-generate %s -o gen
// RUN: env PATHPROF_FILE=train.pathraw ./gen 1000 > train.out
// RUN: llvm-pathprof merge -o train.pathprof train.pathraw
//
// RUN: pathprof-clang -O2 -g -fprofile-path-use=train.pathprof %{budget} \
// RUN:   -Rpass=pathprof-superblock -Rpass-missed=pathprof-superblock -fno-caret-diagnostics %s -o use 2> remarks.txt
// RUN: FileCheck %s --check-prefix=REMARK < remarks.txt
// REMARK:      end-to-end.c:[[#LOOP:]]:{{[0-9]+}}: remark: formed superblock of 5 blocks along path
// REMARK-SAME:   line [[#LOOP]] -> line [[#LOOP+1]] -> line [[#LOOP+3]] -> line [[#LOOP+6]] -> line [[#LOOP+12]] -> line [[#LOOP]]
// REMARK-SAME:   (88.8% of score's flow), duplicated 14 instructions; the copy decides 1 branch, folds 0 values,
// REMARK-SAME:   keeps 0 loop values unchanged, makes 0 instructions loop-invariant [-Rpass=pathprof-superblock]
//
// The loop's latch is not copied: the copy would carry no loop value around
// unchanged, and a second backedge only makes LoopSimplify merge them again.
// REMARK-NEXT: end-to-end.c:[[#LOOP]]:{{[0-9]+}}: remark: superblock along path
// REMARK-SAME:   line [[#LOOP]] -> line [[#LOOP+1]] -> line [[#LOOP+3]] -> line [[#LOOP+6]] -> line [[#LOOP+12]] -> line [[#LOOP]]
// REMARK-SAME:   ends before block line [[#LOOP]]: copying the loop latch would keep no loop value unchanged [-Rpass-missed=pathprof-superblock]
//
// The colder path's side entrance, once the first superblock has taken the
// hot path's copy of the second test, is the block after it: a copy of it
// would be the original again, so the model refuses it (the latch, which
// does not pay, left out first).
// REMARK-NEXT: end-to-end.c:[[#LOOP]]:{{[0-9]+}}: remark: no superblock along path
// REMARK-SAME:   line [[#LOOP]] -> line [[#LOOP+1]] -> line [[#LOOP+5]] -> line [[#LOOP+6]] -> line [[#LOOP+14]] -> line [[#LOOP]]:
// REMARK-SAME:   copying 3 instructions from block line [[#LOOP+14]] on would specialise nothing (no branch decided, no value folded,
// REMARK-SAME:   no instruction made loop-invariant) [-Rpass-missed=pathprof-superblock]
// REMARK-NOT:  remark:
//
// RUN: %clang -O2 %s -o plain
// RUN: ./plain 777 > plain.out
// RUN: ./use 777 > use.out
// RUN: cmp plain.out use.out
//
// RUN: pathprof-clang -O2 -fno-discard-value-names -fprofile-path-use=train.pathprof %{budget} \
// RUN:   -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @score(
// IR:         %[[C:cmp[0-9]+]] = icmp sgt i32 %{{[0-9]+}}, 0
// IR:         br i1 %[[C]],
// IR-NOT:     br i1 %[[C]],
// IR:         {{^}}}
//
// Without superblocks (the branch weights alone), both tests stay.
// RUN: pathprof-clang -O2 -fno-discard-value-names -fprofile-path-use=train.pathprof %{budget} \
// RUN:   -mllvm -pathprof-superblocks=false -Rpass=pathprof-superblock -Rpass-missed=pathprof-superblock \
// RUN:   -S -emit-llvm %s -o - 2> nosb.txt | FileCheck %s --check-prefix=NOSB
// RUN: count 0 < nosb.txt
// NOSB-LABEL: define {{.*}} @score(
// NOSB:         %[[C:cmp[0-9]+]] = icmp sgt i32 %{{[0-9]+}}, 0
// NOSB:         br i1 %[[C]],
// NOSB:         br i1 %[[C]],
// NOSB:         {{^}}}
//
// With the default budgets, score may grow by 25% and the whole module by
// 10%: the superblocks are refused, and say why.
// RUN: pathprof-clang -O2 -g -fprofile-path-use=train.pathprof -Rpass-missed=pathprof-superblock \
// RUN:   -fno-caret-diagnostics -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET-COUNT-2: remark: no superblock along path line {{.*}}: duplicating 14 instructions would exceed score's code growth budget (9 more allowed, -pathprof-superblock-max-growth=25)
// BUDGET-NOT:     remark:

#include <stdio.h>
#include <stdlib.h>

static long Pos, Neg;

__attribute__((noinline)) long score(const int *V, int N) {
  long S = 0;
  for (int I = 0; I < N; ++I) {
    int X = V[I];
    if (X > 0)
      Pos += X;
    else
      Neg -= X;
    S ^= (S >> 3) + X;
    S += S << 7;
    S ^= S >> 11;
    S *= 31;
    S ^= S >> 5;
    if (X > 0)
      S = S * 3 + 1;
    else
      S = S / 2 - 7;
  }
  return S;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 1000;
  int *V = malloc(N * sizeof(int));
  unsigned R = 12345;
  for (int I = 0; I < N; ++I) {
    R = R * 1103515245 + 12345;
    int Mag = (R >> 8) & 255;
    V[I] = (R >> 16) % 10 == 0 ? -Mag : Mag;
  }
  long T = 0;
  for (int K = 0; K < 20; ++K)
    T += score(V, N);
  printf("%ld %ld %ld\n", T, Pos, Neg);
  free(V);
  return 0;
}
