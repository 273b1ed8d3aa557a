; With sampled metrics, pathprof-promote-counters keeps the thread's
; countdown (the one of eight its backedge decrements: xxh3 of "sum" mod 8
; is 0, the entry's, so the backedge's is 1, at byte 8) in a register
; across a loop that calls only the runtime's
; metric functions: loaded once before the loop, a backedge's path start is
; a decrement and a test of that register (no test of whether the path is
; measured: the runtime holds the countdown at 0 while it is), the word is
; stored before the runtime's call (taken only when the countdown runs out)
; and loaded again after it, and stored at the loop's exit. A loop that
; calls the program's code keeps it in memory.
; RUN: %opt_pathprof -passes='pathprof-instrument,pathprof-lower,function(loop-simplify,pathprof-promote-counters,dce)' -pathprof-metrics=1 -S %s | FileCheck %s
; RUN: %opt_pathprof -passes='pathprof-instrument,pathprof-lower,function(loop-simplify,pathprof-promote-counters),verify' -pathprof-metrics=1 -disable-output %s

; CHECK-LABEL: define i64 @sum(
; CHECK:       call void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame) {{#[0-9]+}}, !pathprof.runtime
; CHECK:       [[CDS:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_countdown)
; CHECK-NEXT:  [[CD:%.*]] = getelementptr inbounds i8, ptr [[CDS]], i64 8
; CHECK-NEXT:  %pathprof.word.pre = load i64, ptr [[CD]], align 8
; CHECK-NEXT:  br label %loop
; CHECK:     loop:
; CHECK-NEXT:  %pathprof.word = phi i64 [ [[CDNEXT:%pathprof.word[0-9]+]], [[LATCH:%[0-9]+]] ], [ %pathprof.word.pre, {{%[0-9]+}} ]
; CHECK-NOT:   threadlocal.address
; CHECK:     loop.loop_crit_edge:
; CHECK-NOT:   threadlocal.address
; CHECK:       store i64 {{%[0-9]+}}, ptr %pathprof.counter, align 8, !pathprof.counter
; CHECK-NEXT:  [[LEFT:%.*]] = sub i64 %pathprof.word, 1
; CHECK-NEXT:  [[RANOUT:%pathprof.ranout[0-9]*]] = icmp slt i64 [[LEFT]], 0
; CHECK-NEXT:  br i1 [[RANOUT]], label %[[MEASURE:pathprof.measure[0-9]+]], label [[LATCH]]
; CHECK:     [[MEASURE]]:
; CHECK-NEXT:  store i64 [[LEFT]], ptr [[CD]], align 8
; CHECK-NEXT:  call void @__pathprof_metrics_path(ptr %pathprof.group, i32 1) {{#[0-9]+}}, !pathprof.runtime
; CHECK-NEXT:  [[CDAFTER:%.*]] = load i64, ptr [[CD]], align 8
; CHECK-NEXT:  br label [[LATCH]]
; CHECK:       [[CDNEXT]] = phi i64 [ [[LEFT]], %loop.loop_crit_edge ], [ [[CDAFTER]], %[[MEASURE]] ]
; CHECK-NEXT:  br label %loop
; CHECK:     exit:
; CHECK-NEXT:  %pathprof.r1 = phi
; CHECK-NEXT:  store i64 %pathprof.word, ptr [[CD]], align 8, !pathprof.sampling
; CHECK-NOT:   @__pathprof_metric_countdown
; CHECK:       @__pathprof_metric_on
; CHECK:       call void @__pathprof_metrics_leave(
define i64 @sum(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %s.next
}

; CHECK-LABEL: define void @calls(
; CHECK:     loop:
; CHECK-NOT:   %pathprof.word
; CHECK:       call void @use(i64 %i)
; CHECK:     loop.loop_crit_edge:
; CHECK:       %pathprof.countdown{{[0-9]+}} = load i64, ptr {{%[0-9]+}}, align 8, !pathprof.sampling
; CHECK:       store i64 {{%[0-9]+}}, ptr {{%[0-9]+}}, align 8, !pathprof.sampling
; CHECK-NOT:   %pathprof.word
; CHECK:       ret void
define void @calls(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @use(i64 %i)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @use(i64)
