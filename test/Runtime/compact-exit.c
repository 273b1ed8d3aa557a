// A normal exit leaves the compact raw profile: the module's description
// once (without its page padding) and one compact segment holding the
// non-zero counts of the process and of its four thread slices folded
// together, so the file is a few kilobytes where the dense reservation of
// these functions' 65,536 + 6 counters is 512 KB, and its allocated blocks
// are no more than its size. The counts are exactly those of the dense
// profile the same run leaves with PATHPROF_COMPACT=0, and those of a run
// killed after the same work.
//
// RUN: %clang_pathprof -O1 -g -pthread %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
//
// RUN: env PATHPROF_FILE=%t.d/compact.pathraw %t 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// RUN: env PATHPROF_FILE=%t.d/dense.pathraw PATHPROF_COMPACT=0 %t
// RUN: env PATHPROF_FILE=%t.d/killed.pathraw not --crash %t kill
// QUIET-NOT: PathProf
// A value other than 0 or 1: one error line, and the default (compact).
// RUN: env PATHPROF_FILE=%t.d/badenv.pathraw PATHPROF_COMPACT=no %t 2>&1 | FileCheck --check-prefix=BADENV %s
// RUN: %llvm-pathprof show --segments %t.d/badenv.pathraw | FileCheck --check-prefix=SEGS %s
// BADENV: PathProf error: PATHPROF_COMPACT='no' is neither 0 nor 1; compacting{{$}}
// BADENV-NOT: PathProf
//
// RUN: %llvm-pathprof show --json %t.d/compact.pathraw | %python %S/Inputs/paths.py --no-blocks > %t.d/compact.txt
// RUN: %llvm-pathprof show --json %t.d/dense.pathraw | %python %S/Inputs/paths.py --no-blocks > %t.d/dense.txt
// RUN: %llvm-pathprof show --json %t.d/killed.pathraw | %python %S/Inputs/paths.py --no-blocks > %t.d/killed.txt
// RUN: FileCheck --check-prefix=COUNTS %s < %t.d/compact.txt
// RUN: diff %t.d/compact.txt %t.d/dense.txt
// The killed run did not complete main's path: the others are the same.
// RUN: sed -n '/^function main/q;p' %t.d/compact.txt > %t.d/compact-nomain.txt
// RUN: sed -n '/^function main/q;p' %t.d/killed.txt | diff %t.d/compact-nomain.txt -
// COUNTS:      function {{.*}}compact-exit.c;classify paths=3 entry=5000 total=5000
// COUNTS-NEXT:   path 0 3000
// COUNTS-NEXT:   path 1 1000
// COUNTS-NEXT:   path 2 1000
// COUNTS-NEXT: function {{.*}}compact-exit.c;wide paths=65536 entry=37 total=37
// COUNTS-NEXT:   path 0 1
// COUNTS-NEXT:   path 21844 6
// COUNTS-NEXT:   path 21845 5
// COUNTS-NEXT:   path 43689 5
// COUNTS-NEXT:   path 43690 5
// COUNTS-NEXT:   path 65535 15
//
// The segments: the description and one compact segment; the dense run
// keeps the primary segment and a slice per thread that ran at once.
// RUN: %llvm-pathprof show --segments %t.d/compact.pathraw | FileCheck --check-prefix=SEGS %s
// SEGS:      Segments: 2
// SEGS:      Holds: description
// SEGS:      Holds: compact counts (of module instances that have ended)
// RUN: %llvm-pathprof show --segments %t.d/dense.pathraw | FileCheck --check-prefix=DENSE %s
// DENSE: Segments: {{[3-6]}}
//
// Sizes: the compact file under 12 KB and no larger on disk; the dense one
// over 1 MB (the primary segment and at least one slice).
// RUN: %python -c "import os,sys; s=os.stat(sys.argv[1]); print('size ok' if s.st_size < 12288 else s.st_size, 'blocks ok' if s.st_blocks * 512 <= (s.st_size + 4095) // 4096 * 4096 else s.st_blocks)" %t.d/compact.pathraw | FileCheck --check-prefix=SIZE %s
// SIZE: size ok blocks ok
// RUN: %python -c "import os,sys; print('dense ok' if os.stat(sys.argv[1]).st_size > 2 * 524288 else 'small')" %t.d/dense.pathraw | FileCheck --check-prefix=DSIZE %s
// DSIZE: dense ok
//
// A second run in default mode starts a new profile: the same counts, not
// twice them.
// RUN: env PATHPROF_FILE=%t.d/compact.pathraw %t
// RUN: %llvm-pathprof show --json %t.d/compact.pathraw | %python %S/Inputs/paths.py --no-blocks | diff - %t.d/dense.txt

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void classify(int I) {
  if (I % 5 == 0)
    Sink += 1;
  else if (I % 5 == 1)
    Sink += 2;
  else
    Sink += 3;
}

#include "Inputs/wide_diamonds.h"

static void *worker(void *Arg) {
  int Id = (int)(long)Arg;
  for (int I = 0; I != 1000; ++I)
    classify(I);
  for (int I = 0; I != 5; ++I)
    wide(0x5555u * (unsigned)(Id + 1) & 0xffffu);
  return 0;
}

int main(int Argc, char **Argv) {
  pthread_t T[4];
  for (long I = 0; I != 4; ++I)
    pthread_create(&T[I], 0, worker, (void *)I);
  for (int I = 0; I != 4; ++I)
    pthread_join(T[I], 0);
  worker((void *)4);
  wide(0);
  for (int I = 0; I != 10; ++I)
    wide(0xffff);
  wide(0x5555u * 4);
  (void)Argv;
  if (Argc == 2)
    kill(getpid(), SIGKILL);
  return 0;
}
