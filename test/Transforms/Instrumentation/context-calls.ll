; -pathprof-context=calls (docs/ContextTree.md, "Calls only"): the calling
; context tree without paths. The instrumentation numbers no paths: no path
; register, no path end, no path start after a backedge; the entry keeps its
; path start marker and every place the function leaves (a return, a
; resume, before a call that does not return, before a musttail call) gets
; a leave marker. Call sites are marked as with -pathprof-context. The data
; record's flags say CONTEXT | CALLS (6) and the number of call sites (bits
; 32-63), and its counters are one calls record {entries} of 1 + 2K words.
;
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context=calls -S %s | FileCheck %s --check-prefix=MARK
; MARK: @__pathprof_cnts_local = private global [1 x i64] zeroinitializer
; MARK: @__pathprof_data_local = {{.*}} i64 2, ptr @__pathprof_cnts_local, i64 6, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_caller = {{.*}} i64 4, ptr @__pathprof_cnts_caller, i64 12884901894, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_thrower = {{.*}} ptr @__pathprof_cnts_thrower, i64 4294967302, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_dies = {{.*}} ptr @__pathprof_cnts_dies, i64 4294967302, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK-LABEL: define internal void @local(
; MARK-NEXT:  entry:
; MARK-NEXT:  call void @__pathprof_path_start(ptr @__pathprof_data_local)
; MARK-NOT:   __pathprof_path
; MARK:       b:
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_local)
; MARK-NEXT:  ret void
; MARK-LABEL: define void @caller(
; MARK-NEXT:  entry:
; MARK-NEXT:  call void @__pathprof_path_start(ptr @__pathprof_data_caller)
; MARK-NEXT:  br label %loop
; MARK:       loop:
; MARK-NEXT:  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
; MARK-NEXT:  call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 0, ptr @__pathprof_data_local)
; MARK-NEXT:  call void @local(i32 %i){{$}}
; MARK-NEXT:  call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 1, ptr %fp)
; MARK-NEXT:  call void %fp(i32 1)
; MARK-NEXT:  %j = add i32 %i, 1
; MARK-NEXT:  %c = icmp slt i32 %j, %n
; MARK-NEXT:  br i1 %c, label %loop, label %done
; MARK:       done:
; MARK-NEXT:  call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 2, ptr @ext)
; MARK-NEXT:  call void @ext(i32 2)
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_caller)
; MARK-NEXT:  ret void
; MARK-LABEL: define void @thrower(
; MARK:       ok:
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_thrower)
; MARK-NEXT:  ret void
; MARK:       lp:
; MARK-NEXT:  %l = landingpad
; MARK-NEXT:  cleanup
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_thrower)
; MARK-NEXT:  resume
; MARK-LABEL: define void @dies(
; MARK:       bad:
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_dies)
; MARK-NEXT:  call void @__pathprof_call_site(ptr @__pathprof_data_dies, i64 0, ptr @abort)
; MARK-NEXT:  call void @abort()
; MARK-NEXT:  unreachable
; MARK-LABEL: define void @tail(
; MARK-NEXT:  entry:
; MARK-NEXT:  call void @__pathprof_path_start(ptr @__pathprof_data_tail)
; MARK-NEXT:  call void @__pathprof_leave(ptr @__pathprof_data_tail)
; MARK-NEXT:  musttail call void @tail2()
; MARK-NOT:   __pathprof_path_end
;
; The plain option is paths mode, and so is =paths: the same path ends.
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context -S %s | FileCheck %s --check-prefix=PATHS
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context=paths -S %s | FileCheck %s --check-prefix=PATHS
; PATHS: @__pathprof_data_caller = {{.*}} ptr @__pathprof_cnts_caller, i64 12884901890, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; PATHS: call void @__pathprof_path_end(ptr @__pathprof_data_caller
; PATHS-NOT: __pathprof_leave
; RUN: not %opt_pathprof -passes=pathprof-instrument -pathprof-context=call -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: Cannot find option named 'call'!
;
; Lowered without metrics: the entry is what it is in paths mode (the
; common case in line; the table after the slots is the node's costs, none
; here), call sites store their slot and callee, every return gives the
; caller's words back; nothing else: no counter, no runtime call in the
; body, the leave markers are gone.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-context=calls -S %s | FileCheck %s
; CHECK-LABEL: define void @caller(
; CHECK:      pathprof.ctx.fast:
; CHECK-NEXT: [[KINDAT:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.rec, i64 0
; CHECK-NEXT: [[KIND:%.*]] = load i64, ptr [[KINDAT]], align 8
; CHECK-NEXT: [[AT:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.rec, i64 48
; CHECK-NEXT: [[OLD:%.*]] = load i64, ptr [[AT]], align 8
; CHECK-NEXT: [[NEW:%.*]] = add i64 [[OLD]], 1
; CHECK-NEXT: store i64 [[NEW]], ptr [[AT]], align 8
; CHECK:      pathprof.ctx.found:
; CHECK:      %pathprof.ctx.table = getelementptr inbounds i8, ptr %pathprof.ctx.node, i64 136
; CHECK:      pathprof.ctx.slow:
; CHECK-NEXT: %pathprof.ctx = call { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_caller, ptr @caller)
; CHECK:      loop:
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: %pathprof.slot.site = getelementptr i8, ptr %pathprof.node, i64 72
; CHECK-NEXT: [[SITE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: store ptr %pathprof.slot.site, ptr [[SITE]], align 8
; CHECK-NEXT: [[CALLEE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: store ptr @__pathprof_data_local, ptr [[CALLEE]], align 8
; CHECK-NEXT: call void @local(i32 %i)
; CHECK-NEXT: %pathprof.slot.site2 = getelementptr i8, ptr %pathprof.node, i64 88
; CHECK:      store ptr %fp,
; CHECK-NEXT: call void %fp(i32 1)
; CHECK-NEXT: %j = add i32 %i, 1
; CHECK-NEXT: %c = icmp slt i32 %j, %n
; CHECK-NEXT: br i1 %c, label %loop, label %done
; CHECK:      done:
; CHECK:      call void @ext(i32 2)
; CHECK-NEXT: [[SITE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: store ptr %pathprof.ctx.site, ptr [[SITE]], align 8
; CHECK-NEXT: [[CALLEE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: store ptr %pathprof.ctx.callee, ptr [[CALLEE]], align 8
; CHECK-NEXT: ret void
; CHECK-NOT:  __pathprof_leave
; CHECK-NOT:  __pathprof_metrics
; CHECK-NOT:  __pathprof_cnts_caller
;
; With metrics (-pathprof-metrics=2) each function's entry is a sampled
; path start: it stores 0 (the caller's path not measured) in the last word
; of a frame for the caller's starts and its own readings (2 x 8 + 1
; words), decrements the countdown, and calls the runtime, which saves
; whether the caller's path is measured there, when that runs out (it
; always does when the caller is measured); where it leaves, when it or its caller is
; measured, it calls the runtime with the costs its entry found (the table:
; its node's, or its flat calls record after the entries) and K; never the
; inline tsc reading. A resume and a call that does not return leave too.
; Each of the runtime's calls counts as one instruction for the inliner, as
; in a function that counts paths (metrics-inliner.ll).
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-context=calls -pathprof-metrics=2 -pathprof-inline-context=false -S %s | FileCheck %s --check-prefix=METRICS
; METRICS-LABEL: define internal void @local(
; METRICS-NEXT:  entry:
; METRICS-NEXT:  %pathprof.calls.frame = alloca [17 x i64], align 8
; METRICS-NEXT:  [[SITEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; METRICS-NEXT:  %pathprof.ctx.site = load ptr, ptr [[SITEAT]], align 8
; METRICS-NEXT:  [[CALLEEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; METRICS-NEXT:  %pathprof.ctx.callee = load ptr, ptr [[CALLEEAT]], align 8
; METRICS-NEXT:  %pathprof.ctx = call { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_local, ptr null)
; METRICS-NEXT:  %pathprof.node = extractvalue { ptr, ptr } %pathprof.ctx, 0
; METRICS-NEXT:  %pathprof.table = extractvalue { ptr, ptr } %pathprof.ctx, 1
; METRICS-NEXT:  [[SAVED:%.*]] = getelementptr inbounds i64, ptr %pathprof.calls.frame, i64 16
; METRICS-NEXT:  store i64 0, ptr [[SAVED]], align 8
; METRICS-NEXT:  [[CDAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_metric_countdown)
; METRICS:       br i1 %pathprof.ranout, label %pathprof.measure, label
; METRICS:       pathprof.measure:
; METRICS-NEXT:  call void @__pathprof_metrics_calls_enter(ptr %pathprof.calls.frame) [[RARE:#[0-9]+]], !pathprof.runtime
; METRICS:       b:
; METRICS-NEXT:  [[SAVED2:%.*]] = getelementptr inbounds i64, ptr %pathprof.calls.frame, i64 16
; METRICS-NEXT:  %pathprof.caller.on = load i64, ptr [[SAVED2]], align 8
; METRICS:       br i1 {{%.*}}, label %pathprof.measure{{[0-9]+}}, label
; METRICS:       pathprof.measure{{[0-9]+}}:
; METRICS-NEXT:  call void @__pathprof_metrics_calls_leave(ptr %pathprof.table, i32 2, ptr %pathprof.calls.frame) [[RARE]], !pathprof.runtime
; METRICS:       [[SITEAT2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; METRICS-NEXT:  store ptr %pathprof.ctx.site, ptr [[SITEAT2]], align 8
; METRICS-LABEL: define void @thrower(
; METRICS:       lp:
; METRICS-NEXT:  %l = landingpad
; METRICS-NEXT:  cleanup
; METRICS:       call void @__pathprof_metrics_calls_leave(ptr %pathprof.table, i32 2, ptr %pathprof.calls.frame)
; METRICS:       resume
; METRICS-LABEL: define void @dies(
; METRICS:       bad:
; METRICS:       call void @__pathprof_metrics_calls_leave(ptr %pathprof.table, i32 2, ptr %pathprof.calls.frame)
; METRICS:       call void @abort()
; METRICS-NEXT:  unreachable
; METRICS-NOT:   pathprof.tsc
; METRICS:       declare hidden void @__pathprof_metrics_calls_enter(ptr)
; METRICS:       declare hidden void @__pathprof_metrics_calls_leave(ptr, i32, ptr)
; METRICS:       attributes [[RARE]] = { "call-inline-cost"="5" }
; With atomic counters, the costs of the flat calls record are added
; atomically (K | PATHPROF_METRICS_SHARED_RECORD).
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-context=calls -pathprof-metrics=2 -pathprof-counters=atomic -S %s | FileCheck %s --check-prefix=ATOMIC
; ATOMIC: call void @__pathprof_metrics_calls_leave(ptr %pathprof.table, i32 65538, ptr %pathprof.calls.frame)

declare void @ext(i32)
declare void @abort() noreturn
declare i32 @__gxx_personality_v0(...)

define internal void @local(i32 %x) memory(none) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  ret void
}

define void @caller(ptr %fp, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  call void @local(i32 %i) memory(none)
  call void %fp(i32 1)
  %j = add i32 %i, 1
  %c = icmp slt i32 %j, %n
  br i1 %c, label %loop, label %done
done:
  call void @ext(i32 2)
  ret void
}

define void @thrower() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @ext(i32 3) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define void @dies(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %bad, label %ok
bad:
  call void @abort()
  unreachable
ok:
  ret void
}

define void @tail() {
entry:
  musttail call void @tail2()
  ret void
}

define void @tail2() {
  ret void
}
