; On x86, metrics read the time-stamp counter inline when the run measures
; every path (PATHPROF_METRIC_PERIOD=1) with tsc alone (the runtime's
; __pathprof_metrics_tsc), behind the countdown's test (metrics.ll), which
; then always runs out: the entry saves whether the caller's path is
; measured in the frame's last word, marks the path measured, saves the
; caller's path start minus the reading in word 0 of the frame and starts
; its first path (word 0 of the thread's __pathprof_metric_start); a
; backedge adds the reading's advance, never negative, to the path's metric
; block's first metric as one sample (the sum, the samples word after the K
; sums, and the square's two words) and starts the next path there; leaving does
; the same and gives the caller its start back moved forward by the call's
; time. Otherwise each place calls the runtime. Other targets, and
; -pathprof-inline-tsc=false, call the runtime only. Each call of the runtime
; preserves the caller's registers (preserve_mostcc, on x86-64 and AArch64),
; so that the rare call costs the common case no callee-saved registers.
;
; The lowering emits only the calls; pathprof-inline-tsc, at the end of the
; pipeline, adds the inline readings beside them, so that the inliner never
; weighs them (LOWERED; and metrics-inliner.ll).
;
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,function(pathprof-inline-tsc)' -pathprof-metrics=2 -S %s | FileCheck %s
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,function(pathprof-inline-tsc)' -pathprof-metrics=2 -pathprof-inline-tsc=false -S %s | FileCheck --check-prefix=CALLS %s
; RUN: %opt_pathprof -mtriple=aarch64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,function(pathprof-inline-tsc)' -pathprof-metrics=2 -S %s | FileCheck --check-prefix=CALLS %s
;
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes=pathprof-instrument,pathprof-lower -pathprof-metrics=2 -S %s | FileCheck --check-prefix=LOWERED %s
;
; LOWERED: pathprof.measure:
; LOWERED-NEXT: call preserve_mostcc void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame)
; LOWERED: pathprof.measure{{[0-9]+}}:
; LOWERED-NEXT: call preserve_mostcc void @__pathprof_metrics_path(ptr %pathprof.group, i32 2)
; LOWERED: pathprof.measure{{[0-9]+}}:
; LOWERED-NEXT: call preserve_mostcc void @__pathprof_metrics_leave(ptr %pathprof.group{{[0-9]+}}, i32 2, ptr %pathprof.metrics.frame)
; LOWERED-NOT: __pathprof_metrics_tsc
; LOWERED-NOT: readcyclecounter
;
; CHECK: @__pathprof_metrics_tsc = external hidden global i8
; CHECK: @__pathprof_metric_start = external hidden thread_local(initialexec) global [8 x i64]
; CHECK-LABEL: define i32 @count_odd(
; CHECK: pathprof.sliced:
; CHECK: [[CALLERON:%.*]] = getelementptr inbounds i64, ptr %pathprof.metrics.frame, i64 8
; CHECK-NEXT: store i64 0, ptr [[CALLERON]], align 8
; CHECK: br i1 %pathprof.ranout, label %pathprof.measure, label
; CHECK: pathprof.measure:
; CHECK-NEXT: %pathprof.tsc = load i8, ptr @__pathprof_metrics_tsc, align 1
; CHECK-NEXT: [[ON:%.*]] = icmp ne i8 %pathprof.tsc, 0
; CHECK-NEXT: br i1 [[ON]], label %pathprof.tsc.inline, label %pathprof.tsc.call
; CHECK: pathprof.tsc.inline:
; CHECK-NEXT: [[SA:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_start)
; CHECK-NEXT: [[ONADDR:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_on)
; CHECK-NEXT: [[WASON:%pathprof.on[0-9]*]] = load i64, ptr [[ONADDR]], align 8
; CHECK-NEXT: [[CALLERON2:%.*]] = getelementptr inbounds i64, ptr %pathprof.metrics.frame, i64 8
; CHECK-NEXT: store i64 [[WASON]], ptr [[CALLERON2]], align 8
; CHECK-NEXT: store i64 1, ptr [[ONADDR]], align 8
; CHECK-NEXT: %pathprof.now = call i64 @llvm.readcyclecounter()
; CHECK-NEXT: %pathprof.start = load i64, ptr [[SA]], align 8
; CHECK-NEXT: [[SAVE:%.*]] = sub i64 %pathprof.start, %pathprof.now
; CHECK-NEXT: store i64 [[SAVE]], ptr %pathprof.metrics.frame, align 8
; CHECK-NEXT: store i64 %pathprof.now, ptr [[SA]], align 8
; CHECK: pathprof.tsc.call:
; CHECK-NEXT: call preserve_mostcc void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame)
;
; The backedge:
; CHECK: store i64 {{%.*}}, ptr %pathprof.counter, align 8
; CHECK: pathprof.measure{{[0-9]+}}:
; CHECK-NEXT: %pathprof.tsc{{[0-9]+}} = load i8, ptr @__pathprof_metrics_tsc
; CHECK: pathprof.tsc.inline{{[0-9]+}}:
; CHECK-NEXT: [[SA2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_start)
; CHECK-NEXT: [[NOW2:%pathprof.now[0-9]+]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT: [[START2:%.*]] = load i64, ptr [[SA2]], align 8
; CHECK-NEXT: [[D2:%.*]] = sub i64 [[NOW2]], [[START2]]
; CHECK-NEXT: [[DELTA2:%.*]] = call i64 @llvm.smax.i64(i64 [[D2]], i64 0)
; CHECK-NEXT: [[WIDE:%.*]] = zext i64 [[DELTA2]] to i128
; CHECK-NEXT: %pathprof.square = mul nuw i128 [[WIDE]], [[WIDE]]
; CHECK-NEXT: [[SHR:%.*]] = lshr i128 %pathprof.square, 32
; CHECK-NEXT: [[CLAMP:%.*]] = call i128 @llvm.umin.i128(i128 [[SHR]], i128 18446744073709551615)
; CHECK-NEXT: [[HI:%.*]] = trunc i128 [[CLAMP]] to i64
; CHECK-NEXT: [[LOW:%.*]] = trunc i128 %pathprof.square to i64
; CHECK-NEXT: [[LO:%.*]] = and i64 [[LOW]], 4294967295
; CHECK-NEXT: [[OLD2:%.*]] = load i64, ptr %pathprof.group, align 8
; CHECK-NEXT: [[NEW2:%.*]] = add i64 [[OLD2]], [[DELTA2]]
; CHECK-NEXT: store i64 [[NEW2]], ptr %pathprof.group, align 8
; CHECK-NEXT: [[K:%.*]] = getelementptr inbounds i64, ptr %pathprof.group, i64 2
; CHECK-NEXT: [[OLDK:%.*]] = load i64, ptr [[K]], align 8
; CHECK-NEXT: [[NEWK:%.*]] = add i64 [[OLDK]], 1
; CHECK-NEXT: store i64 [[NEWK]], ptr [[K]], align 8
; CHECK-NEXT: [[H:%.*]] = getelementptr inbounds i64, ptr %pathprof.group, i64 3
; CHECK-NEXT: [[OLDH:%.*]] = load i64, ptr [[H]], align 8
; CHECK-NEXT: [[NEWH:%.*]] = add i64 [[OLDH]], [[HI]]
; CHECK-NEXT: store i64 [[NEWH]], ptr [[H]], align 8
; CHECK-NEXT: [[L:%.*]] = getelementptr inbounds i64, ptr %pathprof.group, i64 4
; CHECK-NEXT: [[OLDL:%.*]] = load i64, ptr [[L]], align 8
; CHECK-NEXT: [[NEWL:%.*]] = add i64 [[OLDL]], [[LO]]
; CHECK-NEXT: store i64 [[NEWL]], ptr [[L]], align 8
; CHECK-NEXT: store i64 [[NOW2]], ptr [[SA2]], align 8
; CHECK: pathprof.tsc.call{{[0-9]+}}:
; CHECK-NEXT: call preserve_mostcc void @__pathprof_metrics_path(ptr %pathprof.group, i32 2)
;
; Leaving, after the return block's own call:
; CHECK: call void @use(i32 %c.next)
; CHECK: pathprof.measure{{[0-9]+}}:
; CHECK-NEXT: %pathprof.tsc{{[0-9]+}} = load i8, ptr @__pathprof_metrics_tsc
; CHECK: pathprof.tsc.inline{{[0-9]+}}:
; CHECK-NEXT: [[SA3:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_start)
; CHECK-NEXT: [[NOW3:%pathprof.now[0-9]+]] = call i64 @llvm.readcyclecounter()
; CHECK-NEXT: [[START3:%.*]] = load i64, ptr [[SA3]], align 8
; CHECK-NEXT: [[D3:%.*]] = sub i64 [[NOW3]], [[START3]]
; CHECK-NEXT: [[DELTA3:%.*]] = call i64 @llvm.smax.i64(i64 [[D3]], i64 0)
; CHECK: [[OLD3:%.*]] = load i64, ptr [[REC3:%pathprof.group[0-9]+]], align 8
; CHECK-NEXT: [[NEW3:%.*]] = add i64 [[OLD3]], [[DELTA3]]
; CHECK-NEXT: store i64 [[NEW3]], ptr [[REC3]], align 8
; CHECK: %pathprof.frame = load i64, ptr %pathprof.metrics.frame, align 8
; CHECK-NEXT: [[BACK:%.*]] = add i64 [[NOW3]], %pathprof.frame
; CHECK-NEXT: store i64 [[BACK]], ptr [[SA3]], align 8
; CHECK: pathprof.tsc.call{{[0-9]+}}:
; CHECK-NEXT: call preserve_mostcc void @__pathprof_metrics_leave(ptr [[REC3]], i32 2, ptr %pathprof.metrics.frame)
; CHECK: ret i32 %c.next
;
;
; A hashed function's record is shared between threads: the inline reading
; adds to it atomically, and the runtime is told so (K | 0x10000).
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,function(pathprof-inline-tsc)' -pathprof-metrics=2 -pathprof-dense-limit=4 -S %s | FileCheck --check-prefix=SHARED %s
; SHARED: %pathprof.record = call ptr @__pathprof_hash_record(ptr @__pathprof_data_count_odd, i64 %pathprof.id)
; SHARED-NEXT: %pathprof.group = getelementptr inbounds i64, ptr %pathprof.record, i64 1
; SHARED: pathprof.tsc.inline{{[0-9]+}}:
; SHARED: atomicrmw add ptr %pathprof.group, i64 %pathprof.delta monotonic, align 8
; SHARED-NEXT: [[K:%.*]] = getelementptr inbounds i64, ptr %pathprof.group, i64 2
; SHARED-NEXT: atomicrmw add ptr [[K]], i64 1 monotonic, align 8
; SHARED: call preserve_mostcc void @__pathprof_metrics_path(ptr %pathprof.group, i32 65538)
; SHARED: [[REC:%pathprof.record[0-9]+]] = call ptr @__pathprof_hash_record(
; SHARED-NEXT: [[GROUP:%pathprof.group[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 1
; SHARED: atomicrmw add ptr [[GROUP]], i64 %pathprof.delta{{[0-9]+}} monotonic, align 8
; SHARED: call preserve_mostcc void @__pathprof_metrics_leave(ptr [[GROUP]], i32 65538, ptr %pathprof.metrics.frame)
;
; CALLS-NOT: __pathprof_metrics_tsc
; CALLS-NOT: readcyclecounter
; CALLS: call preserve_mostcc void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame)
; CALLS: call preserve_mostcc void @__pathprof_metrics_path(ptr %pathprof.group, i32 2)
; CALLS: call preserve_mostcc void @__pathprof_metrics_leave(ptr {{%.*}}, i32 2, ptr %pathprof.metrics.frame)
; CALLS-NOT: __pathprof_metrics_tsc
; CALLS-NOT: readcyclecounter

define i32 @count_odd(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = phi i32 [ 0, %entry ], [ %c.next, %latch ]
  %odd = and i32 %i, 1
  %is = icmp ne i32 %odd, 0
  br i1 %is, label %inc, label %latch
inc:
  %c1 = add i32 %c, 1
  br label %latch
latch:
  %c.next = phi i32 [ %c1, %inc ], [ %c, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @use(i32 %c.next)
  ret i32 %c.next
}
declare void @use(i32)
