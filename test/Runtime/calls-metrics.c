// -fprofile-path-context=calls with -fprofile-path-metrics
// (docs/ContextTree.md, "Calls only"): every context has what its
// activations cost in their own code (exclusive) and with everything they
// called (inclusive), as the paper's context-only mode measures a procedure
// from entry to exit. csprof's example, as context-metrics.c: copy writes
// to 8 fresh pages when a calls it and to 4 when b does: exactly 40 page
// faults in 5 calls under a, 20 under b, none in a and b themselves, and
// inclusive values that add them up; the runtime's own page faults (new
// nodes) are in no context's costs. rec(3) recurses 3 times and copies a
// page in each of its 4 activations: its context's exclusive cost is 0, its
// inclusive cost counts each recursive activation again (4 + 3 + 2 + 1),
// and the caller sees the outermost activation's 4.
//
// UNSUPPORTED: sanitized
// (A sanitized runtime faults in its own shadow and allocator pages while
// the program's paths run, and this test bounds the page faults exactly.)
// RUN: pathprof-clang -O1 -fprofile-path-generate -fprofile-path-context=calls -fprofile-path-metrics=2 %s -o %t
// RUN: rm -f %t.raw && env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.raw %t | FileCheck %s --check-prefix=OUT
// OUT: done
// RUN: %llvm-pathprof show --context %t.raw | FileCheck %s --match-full-lines
// CHECK:      Per context: entries (the calls of the call site it hangs from, recursive calls included); per metric what the context cost with everything it calls (incl) and in its own code (excl); no path counts (-fprofile-path-context=calls)
// CHECK-EMPTY:
// CHECK-NEXT: entries  incl page-faults  excl page-faults  context
// CHECK-NEXT:       1                {{6[5-9]}}                 {{[0-5]}}  main
// CHECK-NEXT:       5                40                 0    [{{[0-9]+}}] a
// CHECK-NEXT:       5                40                40      [0] copy
// CHECK-NEXT:       5                20                 0    [{{[0-9]+}}] b
// CHECK-NEXT:       5                20                20      [0] copy
// CHECK-NEXT:       4                10                 0    [{{[0-9]+}}] rec
// CHECK-NEXT:       4                 4                 4      [0] copy
// CHECK-NEXT:       3                                           [1] rec (recursive: counted in the context 1 level up)
// CHECK-EMPTY:
//
// Per context and metric, inclusive >= exclusive, and the inclusive cost of
// a context without recursion below it is exactly its exclusive cost plus
// its callees' inclusive costs; each function's costs are its contexts'.
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-costs | FileCheck %s --check-prefix=COSTS
// COSTS: costs: 5 contexts exact, 2 with recursion below, 0 violations
// RUN: %llvm-pathprof show --json %t.raw | %python %S/Inputs/context.py --check-flat | FileCheck %s --check-prefix=FLAT
// FLAT: flattening: 5 functions checked, 0 mismatches
//
// Per function (show): entries and costs, over all its contexts.
// RUN: %llvm-pathprof show %t.raw | FileCheck %s --check-prefix=FUNCS
// FUNCS:      Function: copy
// FUNCS:      Entry count: 14
// FUNCS-NEXT: Exclusive: page-faults=64
// FUNCS-NEXT: Inclusive: page-faults=64
// FUNCS:      Function: a
// FUNCS:      Entry count: 5
// FUNCS-NEXT: Exclusive: page-faults=0
// FUNCS-NEXT: Inclusive: page-faults=40
//
// A function's contexts with their costs, most entries first; --metric
// ranks functions by their exclusive cost.
// RUN: %llvm-pathprof show --context --function=copy %t.raw | FileCheck %s --check-prefix=COPY
// COPY:      Contexts of copy: 3
// COPY-EMPTY:
// COPY-NEXT: Context: main -> [{{[0-9]+}}] a -> [0] copy
// COPY-NEXT:   Entries: 5
// COPY-NEXT:   Paths: not counted (-fprofile-path-context=calls)
// COPY-NEXT:   Exclusive: page-faults=40
// COPY-NEXT:   Inclusive: page-faults=40
// COPY:      Context: main -> [{{[0-9]+}}] b -> [0] copy
// COPY:      Context: main -> [{{[0-9]+}}] rec -> [0] copy
// COPY-NEXT:   Entries: 4
// RUN: %llvm-pathprof show --metric=page-faults --max-functions=2 %t.raw | FileCheck %s --check-prefix=METRIC
// METRIC:      Total page-faults: {{6[5-9]}}
// METRIC:      Function: copy
// METRIC:      Exclusive: page-faults=64
// METRIC:      Function: main
// METRIC-NOT:  Function:
//
// The same with the time-stamp counter (never read in line in a calls-mode
// build): times only grow, and the relations hold exactly, in ticks.
// RUN: rm -f %t.tsc.raw && env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=tsc,page-faults PATHPROF_FILE=%t.tsc.raw %t > /dev/null
// RUN: %llvm-pathprof show --json %t.tsc.raw | %python %S/Inputs/context.py --check-costs | FileCheck %s --check-prefix=COSTS
// RUN: %llvm-pathprof show --context %t.tsc.raw | FileCheck %s --check-prefix=TSC --match-full-lines
// TSC:      entries  incl tsc  excl tsc  incl page-faults  excl page-faults  context
// TSC-NEXT:       1  {{ *[1-9][0-9]*}}  {{ *[1-9][0-9]*}}                {{6[5-9]}}                 {{[0-5]}}  main
// TSC-NEXT:       5  {{ *[1-9][0-9]*}}  {{ *[1-9][0-9]*}}                40                 0    [{{[0-9]+}}] a
//
// PATHPROF_INCLUSIVE does not change what a calls-mode build measures.
// RUN: rm -f %t.incl.raw && env PATHPROF_METRIC_PERIOD=1 PATHPROF_INCLUSIVE=1 PATHPROF_EVENTS=page-faults PATHPROF_FILE=%t.incl.raw %t > /dev/null
// RUN: %llvm-pathprof show --context %t.incl.raw | FileCheck %s --check-prefix=INCL --match-full-lines
// INCL:      entries  incl page-faults  excl page-faults  context
// INCL-NEXT:       1                {{6[5-9]}}                 {{[0-5]}}  main
// INCL-NEXT:       5                40                 0    [{{[0-9]+}}] a
// INCL-NEXT:       5                40                40      [0] copy
//
// Merged with itself, every entry and cost doubles.
// RUN: %llvm-pathprof merge -o %t.twice.pathprof %t.raw %t.raw
// RUN: %llvm-pathprof show --context %t.twice.pathprof | FileCheck %s --check-prefix=TWICE --match-full-lines
// TWICE:      entries  incl page-faults  excl page-faults  context
// TWICE-NEXT:       2               {{13[0-9]}}                {{[0-9]+}}  main
// TWICE-NEXT:      10                80                 0    [{{[0-9]+}}] a
// TWICE-NEXT:      10                80                80      [0] copy

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
__attribute__((noinline)) static void rec(int N) {
  copy(1);
  if (N > 0)
    rec(N - 1);
}

int main(void) {
  Mem = mmap(0, 4096 * 128, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  madvise(Mem, 4096 * 128, MADV_NOHUGEPAGE);
  for (int I = 0; I != 5; ++I) {
    a();
    b();
  }
  rec(3);
  printf("done\n");
  return 0;
}
