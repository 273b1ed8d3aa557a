// Default mode (no %m): two programs running at once with the same file name
// both keep their counts. The second finds the first one's segment live
// (locked) and appends its own instead of truncating the file; at its exit,
// the first one still running, it appends its counts as a compact segment
// and frees its dense one; a later run, finding no live segment, starts a
// new profile.
//
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t
// RUN: rm -f %t.raw %t.go %t.ready
// RUN: env PATHPROF_FILE=%t.raw %t 100 %t.ready %t.go & \
// RUN:   %python -c "import os, time; [time.sleep(0.01) for _ in range(3000) if not os.path.exists('%t.ready')]"; \
// RUN:   env PATHPROF_FILE=%t.raw %t 10; \
// RUN:   %python %S/Inputs/dump_raw.py --live %t.raw > %t.during; \
// RUN:   touch %t.go; wait
// RUN: FileCheck -DRAW_VERSION=%raw_version --check-prefix=DURING %s < %t.during
// DURING: segment at {{[0-9]+}}: version [[RAW_VERSION]] functions: {{[0-9]+}} metrics: 0 live
// DURING: segment at {{[0-9]+}}: free dead
// DURING: compact at {{[0-9]+}}: version [[RAW_VERSION]] functions: {{[0-9]+}} metrics: 0 dead
// DURING: function {{.*}}concurrent-default.c;step: paths 1 {{.*}} counts 10{{$}}
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=BOTH %s
// BOTH: function {{.*}}concurrent-default.c;step paths=1 entry=110 total=110
// RUN: env PATHPROF_FILE=%t.raw %t 7
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=LATER %s
// LATER: function {{.*}}concurrent-default.c;step paths=1 entry=7 total=7

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) { Sink += I; }

int main(int Argc, char **Argv) {
  int N = atoi(Argv[1]);
  for (int I = 0; I != N; ++I)
    step(I);
  if (Argc == 4) {
    /* Say we are running, then wait (at most 30 s) to be told to finish. */
    fclose(fopen(Argv[2], "w"));
    for (int I = 0; I != 3000 && access(Argv[3], F_OK) != 0; ++I)
      usleep(10000);
  }
  return 0;
}
