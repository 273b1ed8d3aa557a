// At -O1 and above small callees are inlined before paths are numbered, as
// IR PGO's pre-inliner does: a one-path helper called in a loop is part of
// its caller's paths and ends no path of its own. -pathprof-preinline=false
// instruments it before the main inliner inlines its instrumented copy. The
// counters take no room in the binary (a NOBITS section).
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang -O2 %s -o plain && ./plain > plain.out
// RUN: pathprof-clang -O2 -fprofile-path-generate %s -o on
// RUN: env PATHPROF_FILE=on.raw ./on > on.out
// RUN: cmp plain.out on.out
// RUN: llvm-pathprof show --json --show-never-run on.raw | %python %S/../Runtime/Inputs/paths.py --no-blocks | FileCheck %s --check-prefix=ON
// mix is inlined and deleted. The cleanup after inlining keeps main's two
// counting ifs branches (it speculates none into selects, so that each gets
// its weights from the paths): four paths through the loop body.
// ON:      function main paths=10 entry=1 total=1001
// ON-NEXT:   path 1 1
// ON-NEXT:   path 5 248
// ON-NEXT:   path 6 250
// ON-NEXT:   path 7 254
// ON-NEXT:   path 8 247
// ON-NEXT:   path 9 1
// ON-NOT:  function
//
// RUN: pathprof-clang -O2 -fprofile-path-generate %no_preinline %s -o off
// RUN: env PATHPROF_FILE=off.raw ./off > off.out
// RUN: cmp plain.out off.out
// RUN: llvm-pathprof show --json off.raw | %python %S/../Runtime/Inputs/paths.py --no-blocks | FileCheck %s --check-prefix=OFF
// mix counts a path on each of its 1000 calls, and main's ifs are paths.
// OFF:      function {{.*}}preinline.c;mix paths=1 entry=1000 total=1000
// OFF-NEXT:   path 0 1000
// OFF-NEXT: function main paths=10 entry=1 total=1001
// OFF-NEXT:   path 3 1
// OFF-NEXT:   path 5 254
// OFF-NEXT:   path 6 247
// OFF-NEXT:   path 7 248
// OFF-NEXT:   path 8 250
// OFF-NEXT:   path 9 1
//
// The rebuild takes the same pre-inliner, so the CFGs match: no warning.
// RUN: llvm-pathprof merge -o on.pathprof on.raw
// RUN: pathprof-clang -O2 -fprofile-path-use=on.pathprof -Rpass=pathprof-use -c %s -o use.o 2>&1 | FileCheck %s --check-prefix=USE
// USE: remark: annotated main from the path profile: entry count 1, 6 of 10 paths ran
// USE-NOT: warning
//
// RUN: llvm-readelf-19 -S -W on | FileCheck %s --check-prefix=SECTION
// SECTION: __pathprof_cnts NOBITS

#include <stdio.h>

static unsigned mix(unsigned X) {
  X ^= X >> 15;
  X *= 0x2c1b3c6dU;
  X ^= X >> 12;
  return X;
}

int main(void) {
  unsigned Sum = 0, Odd = 0, Big = 0;
  for (unsigned I = 0; I < 1000; ++I) {
    unsigned H = mix(I);
    Sum += H;
    if (H & 1)
      ++Odd;
    if (H > 0x80000000U)
      ++Big;
  }
  printf("%u %u %u\n", Sum, Odd, Big);
  return 0;
}
