; A loop with a branch in its body: the profile of a real run, decoded on the
; IR it was made from, gives exact paths, edge counts (the backedge counted
; from the paths that end on it), block and entry counts, and the use pass
; turns them into IR PGO's annotations. f(10) and f(5) run 15 iterations,
; 6 through 'then' (i % 3 == 0) and 9 through 'else'; @never never runs.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -S %s | FileCheck %s
; Counted in the runtime's hash table instead of a dense array: the same.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-dense-limit=1 -S %s -o %t/hashed.ll
; RUN: %clang -Wno-override-module %t/hashed.ll %pathprof_rt -o %t/hashed
; RUN: env PATHPROF_FILE=%t/hashed.pathraw %t/hashed
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/hashed.pathraw -disable-output %s | FileCheck %s --check-prefix=DECODE
; A raw profile is read too, with the same result.
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathraw -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathraw -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-use,verify -pathprof-profile-use=%t/prof.pathprof -disable-output %s
; A profile with per-path metrics (tsc, page faults) gives the same: the use
; pass reads the counts and leaves the metrics.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-metrics=2 -S %s -o %t/metrics.ll
; RUN: %clang -Wno-override-module %t/metrics.ll %pathprof_rt -o %t/metrics
; RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=tsc,page-faults PATHPROF_FILE=%t/metrics.pathraw %t/metrics
; RUN: %llvm-pathprof merge -o %t/metrics.pathprof %t/metrics.pathraw
; RUN: %llvm-pathprof show %t/metrics.pathprof | FileCheck %s --check-prefix=HASMETRICS
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/metrics.pathprof -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/metrics.pathprof -S %s | FileCheck %s
; An estimated profile (counts estimated from branch samples, issue 25) is
; used as any other, read through its index: the same counts, marked
; estimated, give the same decoding and annotations.
; RUN: %llvm-pathprof show --text %t/prof.pathprof | sed 's/^:pathprof-text .*/:pathprof-text 7\n:estimated period=1000 samples=16 records-per-sample=32/' > %t/est.pptext
; RUN: %llvm-pathprof merge -o %t/est.pathprof %t/est.pptext
; RUN: %llvm-pathprof show %t/est.pathprof | FileCheck %s --check-prefix=ESTIMATED
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/est.pathprof -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/est.pathprof -S %s | FileCheck %s
; ESTIMATED: Estimated from 16 branch samples (period 1000, 32 records per sample): counts are estimates
; HASMETRICS: Metrics: tsc (ticks, sum, read with tsc), page-faults (events, sum, read with read)

; DECODE: PathProf profile: 3 functions, program flow 16

; DECODE-LABEL: PathProf profile for 'f': checksum 0x{{[0-9a-f]+}}, 8 paths
; DECODE-NEXT:  entry count: 2, flow: 15, paths run: 5
; DECODE-NEXT:  path 7 count 8: ENTRY => loop -> else -> latch => EXIT
; DECODE-NEXT:  path 5 count 3: ENTRY => loop -> then -> latch => EXIT
; DECODE-NEXT:  path 1 count 2: entry -> loop -> then -> latch => EXIT
; DECODE-NEXT:  path 4 count 1: ENTRY => loop -> then -> latch -> exit -> EXIT
; DECODE-NEXT:  path 6 count 1: ENTRY => loop -> else -> latch -> exit -> EXIT
; DECODE-NEXT:  edge entry -> loop: 2
; DECODE-NEXT:  edge loop -> then: 6
; DECODE-NEXT:  edge loop -> else: 9
; DECODE-NEXT:  edge then -> latch: 6
; DECODE-NEXT:  edge else -> latch: 9
; DECODE-NEXT:  edge latch -> exit: 2
; DECODE-NEXT:  edge latch -> loop: 13 (path break)
; DECODE-NEXT:  block entry: 2
; DECODE-NEXT:  block loop: 15
; DECODE-NEXT:  block then: 6
; DECODE-NEXT:  block else: 9
; DECODE-NEXT:  block latch: 15
; DECODE-NEXT:  block exit: 2
; DECODE-NEXT: PathProf profile for 'never': checksum 0x{{[0-9a-f]+}}, 2 paths
; DECODE-NEXT:  entry count: 0, flow: 0, paths run: 0
; DECODE-NEXT: PathProf profile for 'main': checksum 0x{{[0-9a-f]+}}, 1 paths
; DECODE-NEXT:  entry count: 1, flow: 1, paths run: 1
; DECODE-NEXT:  path 0 count 1: entry -> EXIT
; DECODE-NEXT:  block entry: 1
; DECODE-NOT: {{.}}

; The entry count is hot against the program's summary: inlinehint.
; CHECK: define i32 @f(i32 %n) [[HOT:#[0-9]+]] !prof [[F_ENTRY:![0-9]+]] {
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %r = urem i32 %i, 3
  %c = icmp eq i32 %r, 0
; CHECK: br i1 %c, label %then, label %else, !prof [[THEN_ELSE:![0-9]+]]
  br i1 %c, label %then, label %else
then:
  %s1 = add i32 %s, 10
  br label %latch
else:
  %s2 = add i32 %s, 1
  br label %latch
latch:
  %s.next = phi i32 [ %s1, %then ], [ %s2, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
; CHECK: br i1 %done, label %exit, label %loop, !prof [[EXIT_LOOP:![0-9]+]]
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

; Never ran: entry count 0, cold, no weights.
; CHECK: define i32 @never(i32 %x) [[COLD:#[0-9]+]] !prof [[ZERO:![0-9]+]] {
; CHECK: br i1 %c, label %pos, label %neg{{$}}
define i32 @never(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
pos:
  ret i32 1
neg:
  ret i32 -1
}

; CHECK: define i32 @main() {{.*}}!prof [[ONE:![0-9]+]] {
define i32 @main() {
entry:
  %a = call i32 @f(i32 10)
  %b = call i32 @f(i32 5)
  ret i32 0
}

; CHECK-DAG: attributes [[HOT]] = { inlinehint }
; CHECK-DAG: attributes [[COLD]] = { cold }

; The summary is built from the block counts of every function in the
; profile: 2 + 15 + 6 + 9 + 15 + 2 (f), 0 + 0 + 0 (never), 1 (main).
; CHECK: !llvm.module.flags = !{[[FLAG:![0-9]+]]}
; CHECK: [[FLAG]] = !{i32 1, !"ProfileSummary", [[SUMMARY:![0-9]+]]}
; CHECK: [[SUMMARY]] = !{[[FORMAT:![0-9]+]], [[TOTAL:![0-9]+]], [[MAX:![0-9]+]], [[MAXINT:![0-9]+]], [[MAXFN:![0-9]+]], [[NUM:![0-9]+]], [[NUMFN:![0-9]+]],
; CHECK: [[FORMAT]] = !{!"ProfileFormat", !"InstrProf"}
; CHECK: [[TOTAL]] = !{!"TotalCount", i64 50}
; CHECK: [[MAX]] = !{!"MaxCount", i64 15}
; CHECK: [[MAXINT]] = !{!"MaxInternalCount", i64 15}
; CHECK: [[MAXFN]] = !{!"MaxFunctionCount", i64 2}
; CHECK: [[NUM]] = !{!"NumCounts", i64 10}
; CHECK: [[NUMFN]] = !{!"NumFunctions", i64 3}
; CHECK-DAG: [[F_ENTRY]] = !{!"function_entry_count", i64 2}
; CHECK-DAG: [[THEN_ELSE]] = !{!"branch_weights", i32 6, i32 9}
; CHECK-DAG: [[EXIT_LOOP]] = !{!"branch_weights", i32 2, i32 13}
; CHECK-DAG: [[ZERO]] = !{!"function_entry_count", i64 0}
; CHECK-DAG: [[ONE]] = !{!"function_entry_count", i64 1}
