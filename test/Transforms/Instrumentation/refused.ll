; Functions whose path breaks cannot hold a counter update are left alone,
; with a missed-optimization remark saying why; the rest of the module is
; still instrumented.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pass-remarks=pathprof-instrument -pass-remarks-missed=pathprof-instrument -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

; A backedge into a landing pad: the unwind edge cannot be split.
; REMARK: remark: <unknown>:0:0: lpad_loop not instrumented for path profiling: a backedge enters the exception handler block 'lpad'
; CHECK-LABEL: define void @lpad_loop()
; CHECK-NOT:   pathprof
; CHECK:       ret void
define void @lpad_loop() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw() to label %done unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  invoke void @may_throw() to label %done unwind label %lpad
done:
  ret void
}

; A backedge out of an indirectbr with several targets.
; REMARK: remark: <unknown>:0:0: ibr_loop not instrumented for path profiling: a backedge leaves the indirectbr/callbr block 'head'
; CHECK-LABEL: define void @ibr_loop(ptr %p)
; CHECK-NOT:   pathprof
; CHECK:       ret void
define void @ibr_loop(ptr %p) {
entry:
  br label %head
head:
  indirectbr ptr %p, [label %head, label %out]
out:
  ret void
}

; An indirectbr without a backedge is instrumented like any branch.
; REMARK: remark: <unknown>:0:0: instrumented ibr_ok for path profiling: 2 paths, 1 chord increment, 0 backedges, dense counters
; CHECK-LABEL: define void @ibr_ok(ptr %p)
; CHECK:       %pathprof.r{{[0-9]*}} = phi i64 [ %pathprof.r.next, %a ], [ 0, %pathprof.sliced ]
define void @ibr_ok(ptr %p) {
entry:
  indirectbr ptr %p, [label %a, label %b]
a:
  br label %b
b:
  ret void
}
