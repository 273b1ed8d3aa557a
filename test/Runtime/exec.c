// exec: an instrumented program execs another instrumented program, which
// execs the first one again. The process (same pid and start time) keeps
// every profile: in default mode the file of an exec predecessor is not
// truncated, so one file holds a segment per program image (the last one's
// normal exit folds alpha's two into one compact segment); with %m each
// program has its own file; with %p (the same process id) they share one.
//
// RUN: %clang_pathprof -O2 -g -DPROGRAM=1 %s %pathprof_rt -o %t.alpha
// RUN: %clang_pathprof -O2 -g -DPROGRAM=2 %s %pathprof_rt -o %t.beta
// RUN: rm -rf %t.d && mkdir %t.d
//
// RUN: env PATHPROF_FILE=%t.d/one.pathraw %t.alpha %t.beta | FileCheck --check-prefix=OUT %s
// OUT: alpha 3
// OUT-NEXT: beta 4
// OUT-NEXT: alpha 5
// RUN: %python %S/Inputs/dump_raw.py %t.d/one.pathraw | grep -c -E '(segment|compact) at' | FileCheck --check-prefix=TWO %s
// TWO: 2
// RUN: %llvm-pathprof show --json %t.d/one.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// CHECK: function {{.*}}exec.c;alpha paths=1 entry=8 total=8
// CHECK: function {{.*}}exec.c;beta paths=1 entry=4 total=4
//
// A second run starts a new profile (its predecessor processes are gone).
// RUN: env PATHPROF_FILE=%t.d/one.pathraw %t.alpha %t.beta > /dev/null
// RUN: %llvm-pathprof show --json %t.d/one.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
//
// RUN: env PATHPROF_FILE=%t.d/pid-%%p.pathraw %t.alpha %t.beta > /dev/null
// RUN: ls %t.d/pid-*.pathraw | count 1
// RUN: %llvm-pathprof show --json %t.d/pid-*.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
//
// RUN: env PATHPROF_FILE=%t.d/mod-%%m.pathraw %t.alpha %t.beta > /dev/null
// RUN: ls %t.d/mod-*.pathraw | count 2
// RUN: %llvm-pathprof merge -o %t.mod.prof %t.d/mod-*.pathraw
// RUN: %llvm-pathprof show --json %t.mod.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck %s

#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

#if PROGRAM == 1
__attribute__((noinline)) static void alpha(int I) { Sink += I; }

int main(int Argc, char **Argv) {
  int N = Argc > 2 ? 5 : 3; /* the second time round: alpha ARG again */
  for (int I = 0; I != N; ++I)
    alpha(I);
  printf("alpha %d\n", N);
  fflush(stdout);
  if (Argc == 2)
    execl(Argv[1], Argv[1], Argv[0], (char *)0);
  return 0;
}
#else
__attribute__((noinline)) static void beta(int I) { Sink += I; }

int main(int Argc, char **Argv) {
  (void)Argc;
  for (int I = 0; I != 4; ++I)
    beta(I);
  puts("beta 4");
  fflush(stdout);
  execl(Argv[1], Argv[1], "-", "again", (char *)0);
  return 1;
}
#endif
