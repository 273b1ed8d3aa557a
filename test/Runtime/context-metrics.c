// Context + flow + metrics (docs/ContextTree.md): with
// -fprofile-path-metrics each (context, path) record carries the metrics.
// csprof's example: the same function costs differently depending on who
// calls it. copy writes to 8 fresh pages when a calls it and to 4 when b
// does, and the tree shows it: exactly 40 page faults in 5 calls under a,
// 20 in 5 calls under b, none in a and b themselves (metrics exclude
// callees), and inclusive values that add them up. The flattening is exact
// in counts; the runtime's own page faults (new nodes) are not charged to
// any path.
//
// UNSUPPORTED: sanitized
// (A sanitized runtime faults in its own shadow and allocator pages while
// the program's paths run, and this test bounds the page faults exactly.)
// RUN: pathprof-clang -O1 -fprofile-path-generate -fprofile-path-context -fprofile-path-metrics=1 %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.raw %t | FileCheck %s --check-prefix=OUT
// OUT: done
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// CHECK:      entries  inclusive  exclusive  incl page-faults  excl page-faults  context
// CHECK-NEXT:       1         86          6                {{6[0-4]}}                 {{[0-4]}}  main
// CHECK-NEXT:       5         50          5                40                 0    [{{[0-9]+}}] a
// CHECK-NEXT:       5         45         45                40                40      [0] copy
// CHECK-NEXT:       5         30          5                20                 0    [{{[0-9]+}}] b
// CHECK-NEXT:       5         25         25                20                20      [0] copy
// CHECK-EMPTY:
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// FLAT: flattening: 4 functions checked, 0 mismatches
//
// The text profile carries each context's metric values (one page fault
// per iteration of copy's loop: the first iteration's path and the
// backedge's); the flattening adds them up per function.
// RUN: %llvm-pathprof show --text %t.raw | FileCheck %s --check-prefix=TEXT
// TEXT: :metric page-faults events sum source=read
// TEXT: function {{.*}}context-metrics.c;copy
// TEXT: path 0 10 10{{$}}
// TEXT-NEXT: path 2 50 50{{$}}
// TEXT: :context
// TEXT: context 2 0 direct 5 paths 0x{{[0-9a-f]+}} {{.*}}context-metrics.c;copy
// TEXT-NEXT: cpath 0 5 5{{$}}
// TEXT-NEXT: cpath 2 35 35{{$}}
// TEXT-NEXT: cpath 3 5 0{{$}}
// TEXT: context 2 0 direct 5 paths 0x{{[0-9a-f]+}} {{.*}}context-metrics.c;copy
// TEXT-NEXT: cpath 0 5 5{{$}}
// TEXT-NEXT: cpath 2 15 15{{$}}
// TEXT-NEXT: cpath 3 5 0{{$}}

#include <stdio.h>
#include <sys/mman.h>

static char *Mem;
static long Next;

/* Writes to Pages fresh pages: exactly Pages page faults. */
__attribute__((noinline)) static void copy(int Pages) {
  for (int I = 0; I < Pages; ++I)
    Mem[(Next + I) * 4096] = 1;
  Next += Pages;
}

__attribute__((noinline)) static void a(void) { copy(8); }
__attribute__((noinline)) static void b(void) { copy(4); }

int main(void) {
  Mem = mmap(0, 4096 * 64, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
  madvise(Mem, 4096 * 64, MADV_NOHUGEPAGE);
  for (int I = 0; I != 5; ++I) {
    a();
    b();
  }
  printf("done\n");
  return 0;
}
