; Lowering with -pathprof-metrics=K: metrics are sampled, so a path's metric
; group is a metric block of 1 + 3K words (sums, samples, squares; the flags
; say PATHPROF_FUNC_SAMPLED), and the path table is split (the flags say
; PATHPROF_FUNC_SPLIT): the NumPaths counts first, a path's count at id as
; without metrics, then the blocks, a path's at NumPaths + id * (1 + 3K)
; (count_odd: 8 paths, blocks of 7 words at 8 + 7 id). Every
; path start decrements one of the thread's eight countdowns, the entry the
; one the function's name chooses (xxh3 of "count_odd" mod 8 = 5), each
; later site the next (the backedge: 6), and calls the runtime only when it
; falls below 0, which it always does while a path is measured (the
; runtime then holds them at 0); the entry stores 0, the caller's path not
; measured, in the frame's last word, which the runtime overwrites with the
; caller's state. The entry (__pathprof_metrics_enter) saves its caller's
; path start in the frame, a backedge's path end adds the events to the
; record and starts the next path (__pathprof_metrics_path), and the path
; end that leaves the function does so at the return instruction, after
; the block's own calls, when its path or its caller's is measured, and
; gives the caller its start back (__pathprof_metrics_leave). The counts,
; the two sampling words and the runtime's calls are marked for counter
; promotion (metrics-promote.ll); each call counts as one instruction for
; the inliner ("call-inline-cost"="5", metrics-inliner.ll). The data
; record's flags carry K, the sampled bit and the split bit (0x218).
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-metrics=2 -S %s | FileCheck %s
; CHECK: @__pathprof_cnts_count_odd = private global [64 x i64] zeroinitializer
; CHECK: @__pathprof_data_count_odd = {{.*}} ptr @__pathprof_cnts_count_odd, i64 536, ptr @count_odd, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; CHECK-LABEL: define i32 @count_odd(
; CHECK: %pathprof.metrics.frame = alloca [9 x i64], align 8
; CHECK: pathprof.sliced:
; CHECK-NEXT: %pathprof.bias = phi
; CHECK-NEXT: [[SAVED:%.*]] = getelementptr inbounds i64, ptr %pathprof.metrics.frame, i64 8
; CHECK-NEXT: store i64 0, ptr [[SAVED]], align 8
; CHECK-NEXT: [[CDS:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_countdown)
; CHECK-NEXT: [[CDADDR:%.*]] = getelementptr inbounds [8 x i64], ptr [[CDS]], i64 0, i64 5
; CHECK-NEXT: %pathprof.countdown = load i64, ptr [[CDADDR]], align 8, !pathprof.sampling [[MARK:![0-9]+]]
; CHECK-NEXT: [[LEFT:%.*]] = sub i64 %pathprof.countdown, 1
; CHECK-NEXT: store i64 [[LEFT]], ptr [[CDADDR]], align 8, !pathprof.sampling [[MARK]]
; CHECK-NEXT: %pathprof.ranout = icmp slt i64 [[LEFT]], 0
; CHECK-NEXT: br i1 %pathprof.ranout, label %pathprof.measure, label {{%.*}}, !prof [[UNLIKELY:![0-9]+]]
; CHECK: pathprof.measure:
; CHECK-NEXT: call void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame) [[RARE:#[0-9]+]], !pathprof.runtime [[MARK]]
; CHECK: latch.loop_crit_edge:
; CHECK-NEXT: %pathprof.id = add i64 %pathprof.r2, 3
; CHECK-NEXT: %pathprof.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 %pathprof.id
; CHECK-NEXT: %pathprof.counter = getelementptr i8, ptr %pathprof.slot, i64 %pathprof.bias
; CHECK-NEXT: [[BLOCK:%.*]] = mul nuw nsw i64 %pathprof.id, 7
; CHECK-NEXT: [[IDX:%.*]] = add nuw nsw i64 [[BLOCK]], 8
; CHECK-NEXT: %pathprof.group.slot = getelementptr inbounds i64, ptr @__pathprof_cnts_count_odd, i64 [[IDX]]
; CHECK-NEXT: %pathprof.group = getelementptr i8, ptr %pathprof.group.slot, i64 %pathprof.bias
; CHECK-NEXT: %pathprof.count = load i64, ptr %pathprof.counter, align 8, !pathprof.counter [[MARK]]
; CHECK-NEXT: [[INC:%.*]] = add i64 %pathprof.count, 1
; CHECK-NEXT: store i64 [[INC]], ptr %pathprof.counter, align 8, !pathprof.counter [[MARK]]
; CHECK-NEXT: [[CDS:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_countdown)
; CHECK-NEXT: [[CDADDR:%.*]] = getelementptr inbounds [8 x i64], ptr [[CDS]], i64 0, i64 6
; CHECK-NEXT: %pathprof.countdown5 = load i64, ptr [[CDADDR]]
; CHECK-NEXT: sub i64 %pathprof.countdown5, 1
; CHECK-NEXT: store i64
; CHECK-NEXT: %pathprof.ranout6 = icmp slt
; CHECK-NEXT: br i1 %pathprof.ranout6, label %pathprof.measure7, label {{%.*}}, !prof [[UNLIKELY]]
; CHECK: pathprof.measure7:
; CHECK-NEXT: call void @__pathprof_metrics_path(ptr %pathprof.group, i32 2) [[RARE]], !pathprof.runtime [[MARK]]
; CHECK: exit:
; CHECK: [[RET:%pathprof.group[0-9]+]] = getelementptr i8, ptr %pathprof.group.slot{{[0-9]+}}, i64 %pathprof.bias
; CHECK: store i64 {{%.*}}, ptr {{%pathprof.counter[0-9]+}}, align 8, !pathprof.counter [[MARK]]
; CHECK-NEXT: call void @use(i32 %c.next)
; CHECK-NEXT: [[SAVED:%.*]] = getelementptr inbounds i64, ptr %pathprof.metrics.frame, i64 8
; CHECK-NEXT: %pathprof.caller.on = load i64, ptr [[SAVED]], align 8
; CHECK-NEXT: call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_on)
; CHECK-NEXT: %pathprof.on = load i64
; CHECK-NEXT: [[EITHER:%.*]] = or i64 %pathprof.on, %pathprof.caller.on
; CHECK-NEXT: [[COND:%.*]] = icmp ne i64 [[EITHER]], 0
; CHECK-NEXT: br i1 [[COND]], label %pathprof.measure13, label {{%.*}}, !prof [[UNLIKELY]]
; CHECK: pathprof.measure13:
; CHECK-NEXT: call void @__pathprof_metrics_leave(ptr [[RET]], i32 2, ptr %pathprof.metrics.frame) [[RARE]]
; CHECK: ret i32 %c.next
; CHECK: declare hidden void @__pathprof_metrics_enter(ptr)
; CHECK: declare hidden void @__pathprof_metrics_path(ptr, i32)
; CHECK: declare hidden void @__pathprof_metrics_leave(ptr, i32, ptr)
; CHECK: attributes [[RARE]] = { "call-inline-cost"="5" }
; CHECK: [[UNLIKELY]] = !{!"branch_weights", i32 1, i32 {{[0-9]+}}}
;
;
; A hashed function's records are in the runtime's metric hash table:
; __pathprof_hash_record counts the path and returns its record {count,
; metric block}, and the metrics are added to the block, one word on,
; atomically (K | PATHPROF_METRICS_SHARED_RECORD = 2 | 0x10000). The data
; record's flags: hashed, sampled, K = 2, not split (0x209).
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-metrics=2 -pathprof-dense-limit=4 -pass-remarks=pathprof-instrument -S %s -o - 2>&1 | FileCheck --check-prefix=HASHED %s
; HASHED: remark: <unknown>:0:0: instrumented count_odd for path profiling: 8 paths, 1 chord increment, 1 backedge, hashed counters{{$}}
; HASHED: @__pathprof_data_count_odd = {{.*}} ptr null, i64 521, ptr @count_odd, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; HASHED-LABEL: define i32 @count_odd(
; HASHED: call void @__pathprof_metrics_enter(ptr %pathprof.metrics.frame)
; HASHED: %pathprof.record = call ptr @__pathprof_hash_record(ptr @__pathprof_data_count_odd, i64 %pathprof.id)
; HASHED-NEXT: %pathprof.group = getelementptr inbounds i64, ptr %pathprof.record, i64 1
; HASHED: pathprof.measure{{[0-9]*}}:
; HASHED-NEXT: call void @__pathprof_metrics_path(ptr %pathprof.group, i32 65538)
; HASHED: [[REC:%pathprof.record[0-9]+]] = call ptr @__pathprof_hash_record(ptr @__pathprof_data_count_odd, i64 %pathprof.id{{[0-9]+}})
; HASHED-NEXT: [[GROUP:%pathprof.group[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 1
; HASHED: call void @__pathprof_metrics_leave(ptr [[GROUP]], i32 65538, ptr %pathprof.metrics.frame)
; HASHED: ret i32 %c.next
; HASHED-NOT: __pathprof_hash_inc
;
; RUN: not %opt_pathprof -passes=pathprof-instrument -pathprof-metrics=9 -S %s -o /dev/null 2>&1 | FileCheck --check-prefix=TOO-MANY %s
; TOO-MANY: error: -pathprof-metrics=9: a path record holds at most 8 metrics

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
