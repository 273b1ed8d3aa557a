; -pathprof-context (docs/ContextTree.md). The instrumentation gives every
; call site an index and a marker before it naming the callee it means: the
; callee's data record for a direct call of a function instrumented here,
; the called operand otherwise; intrinsics and musttail calls are no call
; sites. The data record's flags say CONTEXT (2) and the number of call
; sites (bits 32-63): caller 3 << 32 | 2. A memory attribute of the callee
; or of the call no longer holds and goes.
;
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context -S %s | FileCheck %s --check-prefix=MARK
; MARK: @__pathprof_data_local = {{.*}} ptr @__pathprof_cnts_local, i64 2, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_caller = {{.*}} ptr @__pathprof_cnts_caller, i64 12884901890, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_thrower = {{.*}} i64 8589934594, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: @__pathprof_data_tail = {{.*}} ptr @__pathprof_cnts_tail, i64 2, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK: define internal void @local(i32 %x) #[[INSTR:[0-9]+]]
; MARK-LABEL: define void @caller(
; MARK:      call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 0, ptr @__pathprof_data_local)
; MARK-NEXT: call void @local(i32 0){{$}}
; MARK-NEXT: call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 1, ptr %fp)
; MARK-NEXT: call void %fp(i32 1)
; MARK-NEXT: call void @__pathprof_call_site(ptr @__pathprof_data_caller, i64 2, ptr @ext)
; MARK-NEXT: call void @ext(i32 2)
; MARK-NEXT: call void @llvm.donothing()
; An invoked intrinsic is no call site either.
; MARK-LABEL: define void @invokes(
; MARK-NOT: __pathprof_call_site
; MARK: invoke void @llvm.donothing()
; MARK-LABEL: define void @tail(
; MARK-NOT: __pathprof_call_site
; MARK: musttail call void @tail2()
; MARK: attributes #[[INSTR]] = { "pathprof-instrumented" }
;
; Lowered: the entry reads the caller's words and asks for the node and
; table (Self is null for a local function whose address is never taken), a
; call site stores its slot (node + 72 + 16 x index) and the callee, a path
; end counts into the table, every ret and resume gives the caller's words
; back as the entry read them (before a musttail call), and a landing pad or a return from setjmp points the
; words at the function's own slot (node + 72 + 16 x call sites).
; With -pathprof-inline-context=false the entry is a call of the runtime
; (below, the common case in line).
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-context -pathprof-inline-context=false -S %s | FileCheck %s
; CHECK-LABEL: define internal void @local(
; CHECK:      entry:
; CHECK-NEXT: [[SITEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: %pathprof.ctx.site = load ptr, ptr [[SITEAT]], align 8
; CHECK-NEXT: [[CALLEEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: %pathprof.ctx.callee = load ptr, ptr [[CALLEEAT]], align 8
; CHECK-NEXT: %pathprof.ctx = call { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_local, ptr null)
; CHECK-NEXT: %pathprof.node = extractvalue { ptr, ptr } %pathprof.ctx, 0
; CHECK-NEXT: %pathprof.table = extractvalue { ptr, ptr } %pathprof.ctx, 1
; CHECK:      b:
; CHECK:      %pathprof.slot = getelementptr inbounds i64, ptr %pathprof.table, i64 %pathprof.id
; CHECK-NEXT: %pathprof.count = load i64, ptr %pathprof.slot, align 8, !pathprof.counter
; CHECK-NEXT: [[INC:%.*]] = add i64 %pathprof.count, 1
; CHECK-NEXT: store i64 [[INC]], ptr %pathprof.slot, align 8, !pathprof.counter
; CHECK-NEXT: [[SITE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: store ptr %pathprof.ctx.site, ptr [[SITE]], align 8
; CHECK-NEXT: [[CALLEE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: store ptr %pathprof.ctx.callee, ptr [[CALLEE]], align 8
; CHECK-NEXT: ret void
;
; CHECK-LABEL: define void @caller(
; CHECK:      call { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_caller, ptr @caller)
; CHECK:      %pathprof.slot.site = getelementptr i8, ptr %pathprof.node, i64 72
; CHECK-NEXT: [[SITE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: store ptr %pathprof.slot.site, ptr [[SITE]], align 8
; CHECK-NEXT: [[CALLEE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: store ptr @__pathprof_data_local, ptr [[CALLEE]], align 8
; CHECK-NEXT: call void @local(i32 0)
; CHECK-NEXT: %pathprof.slot.site1 = getelementptr i8, ptr %pathprof.node, i64 88
; CHECK:      store ptr %fp,
; CHECK-NEXT: call void %fp(i32 1)
; CHECK-NEXT: %pathprof.slot.site2 = getelementptr i8, ptr %pathprof.node, i64 104
; CHECK:      store ptr @ext,
; CHECK-NEXT: call void @ext(i32 2)
;
; CHECK-LABEL: define void @thrower(
; CHECK:      lp:
; CHECK-NEXT: %l = landingpad
; CHECK-NEXT: cleanup
; CHECK-NEXT: %pathprof.own.slot = getelementptr i8, ptr %pathprof.node, i64 104
; CHECK-NEXT: [[SITE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; CHECK-NEXT: store ptr %pathprof.own.slot, ptr [[SITE]], align 8
; CHECK-NEXT: [[CALLEE:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; CHECK-NEXT: store ptr null, ptr [[CALLEE]], align 8
; CHECK:      store ptr %pathprof.ctx.callee{{[0-9]*}}, ptr {{%.*}}, align 8
; CHECK-NEXT: resume
;
; CHECK-LABEL: define void @jumper(
; CHECK:      %r = call i32 @setjmp(ptr %buf)
; CHECK-NEXT: %pathprof.own.slot = getelementptr i8, ptr %pathprof.node, i64 104
;
; CHECK-LABEL: define void @tail(
; CHECK:      store ptr %pathprof.ctx.callee, ptr {{%.*}}, align 8
; CHECK-NEXT: musttail call void @tail2()
; CHECK-NEXT: ret void
;
; CHECK: declare hidden { ptr, ptr } @__pathprof_ctx_enter(ptr, ptr)
; CHECK-NOT: __pathprof_call_site
;
; By default the common case of the entry is in line: the caller's slot is
; inside the thread's arena, its first record is a node of this function or
; a backedge to one, reached as the callee word says; then the entry count
; goes up, the words point at the node's own slot (node + 72 + 16 x call
; sites) and the table follows the slots (node + 72 + 16 x (call sites +
; 1)). Anything else calls the runtime. A callee word that is the data
; record is a direct call site's, whose slot holds no other function's
; record reached directly: only the flags (offset 32) are checked. Any
; other word checks the function (offset 8) against the index (the data
; record's distance from the section start / 64) and wants the flags 0 when
; the word is the function itself (its address can be taken), VIA_UNKNOWN
; (1) otherwise.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-context -S %s | FileCheck %s --check-prefix=INLINE
; INLINE-LABEL: define internal void @local(
; INLINE:      entry:
; INLINE-NEXT: [[SITEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; INLINE-NEXT: %pathprof.ctx.site = load ptr, ptr [[SITEAT]], align 8
; INLINE-NEXT: [[CALLEEAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; INLINE-NEXT: %pathprof.ctx.callee = load ptr, ptr [[CALLEEAT]], align 8
; INLINE-NEXT: [[ARENAAT:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_arena)
; INLINE-NEXT: [[ARENA:%.*]] = load ptr, ptr [[ARENAAT]], align 8
; INLINE-NEXT: [[HAS:%.*]] = icmp ne ptr [[ARENA]], null
; INLINE-NEXT: br i1 [[HAS]], label %pathprof.ctx.arena, label %pathprof.ctx.slow
; INLINE:      pathprof.ctx.arena:
; INLINE-NEXT: [[USEDAT:%.*]] = getelementptr inbounds i8, ptr [[ARENA]], i64 8
; INLINE-NEXT: %pathprof.ctx.used = load i64, ptr [[USEDAT]], align 8
; INLINE-NEXT: [[SITEINT:%.*]] = ptrtoint ptr %pathprof.ctx.site to i64
; INLINE-NEXT: [[ARENAINT:%.*]] = ptrtoint ptr [[ARENA]] to i64
; INLINE-NEXT: [[LOW:%.*]] = add i64 [[ARENAINT]], 64
; INLINE-NEXT: [[ABOVE:%.*]] = icmp uge i64 [[SITEINT]], [[LOW]]
; INLINE-NEXT: [[HIGH:%.*]] = add i64 [[ARENAINT]], %pathprof.ctx.used
; INLINE-NEXT: [[BELOW:%.*]] = icmp ult i64 [[SITEINT]], [[HIGH]]
; INLINE-NEXT: [[INSIDE:%.*]] = and i1 [[ABOVE]], [[BELOW]]
; INLINE-NEXT: br i1 [[INSIDE]], label %pathprof.ctx.slot, label %pathprof.ctx.slow
; INLINE:      pathprof.ctx.slot:
; INLINE-NEXT: %pathprof.ctx.first = load i64, ptr %pathprof.ctx.site, align 8
; INLINE-NEXT: [[ANY:%.*]] = icmp ne i64 %pathprof.ctx.first, 0
; INLINE-NEXT: br i1 [[ANY]], label %pathprof.ctx.check, label %pathprof.ctx.slow
; INLINE:      pathprof.ctx.check:
; INLINE-NEXT: %pathprof.ctx.rec = getelementptr i8, ptr [[ARENA]], i64 %pathprof.ctx.first
; INLINE-NEXT: [[FLAGSAT:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.rec, i64 32
; INLINE-NEXT: %pathprof.ctx.flags = load i64, ptr [[FLAGSAT]], align 8
; INLINE-NEXT: [[DIRECT:%.*]] = icmp eq ptr %pathprof.ctx.callee, @__pathprof_data_local
; INLINE-NEXT: br i1 [[DIRECT]], label %pathprof.ctx.direct, label %pathprof.ctx.other
; INLINE:      pathprof.ctx.direct:
; INLINE-NEXT: [[REACHED:%.*]] = icmp eq i64 %pathprof.ctx.flags, 0
; INLINE-NEXT: br i1 [[REACHED]], label %pathprof.ctx.fast, label %pathprof.ctx.slow
; INLINE:      pathprof.ctx.other:
; INLINE-NEXT: [[INDEX:%.*]] = udiv i64 sub (i64 ptrtoint (ptr @__pathprof_data_local to i64), i64 ptrtoint (ptr @__start___pathprof_data to i64)), 104
; INLINE-NEXT: [[FNAT:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.rec, i64 8
; INLINE-NEXT: [[FN:%.*]] = load i64, ptr [[FNAT]], align 8
; INLINE-NEXT: [[ISFN:%.*]] = icmp eq i64 [[FN]], [[INDEX]]
; INLINE-NEXT: [[UNKNOWN:%.*]] = icmp eq i64 %pathprof.ctx.flags, 1
; INLINE-NEXT: [[MATCH:%.*]] = and i1 [[ISFN]], [[UNKNOWN]]
; INLINE-NEXT: br i1 [[MATCH]], label %pathprof.ctx.fast, label %pathprof.ctx.slow
; INLINE:      pathprof.ctx.fast:
; INLINE:      br i1 {{%.*}}, label %pathprof.ctx.found, label %pathprof.ctx.recursive
; A recursive call's first record is a backedge: its target is the node,
; and both count the entry.
; INLINE:      pathprof.ctx.recursive:
; INLINE-NEXT: [[TARGETAT:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.rec, i64 56
; INLINE-NEXT: [[TARGET:%.*]] = load i64, ptr [[TARGETAT]], align 8
; INLINE-NEXT: %pathprof.ctx.target = getelementptr i8, ptr [[ARENA]], i64 [[TARGET]]
; INLINE:      pathprof.ctx.found:
; INLINE-NEXT: %pathprof.ctx.node = phi ptr [ %pathprof.ctx.rec, %pathprof.ctx.fast ], [ %pathprof.ctx.target, %pathprof.ctx.recursive ]
; INLINE-NEXT: [[OWN:%.*]] = getelementptr inbounds i8, ptr %pathprof.ctx.node, i64 72
; INLINE-NEXT: [[SITEAT2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_site)
; INLINE-NEXT: store ptr [[OWN]], ptr [[SITEAT2]], align 8
; INLINE-NEXT: [[CALLEEAT2:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_ctx_callee)
; INLINE-NEXT: store ptr null, ptr [[CALLEEAT2]], align 8
; INLINE-NEXT: %pathprof.ctx.table = getelementptr inbounds i8, ptr %pathprof.ctx.node, i64 88
; INLINE:      pathprof.ctx.slow:
; INLINE-NEXT: %pathprof.ctx = call { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_local, ptr null)
; INLINE:      pathprof.ctx.entered:
; INLINE-NEXT: %pathprof.node = phi ptr [ %pathprof.ctx.node, %pathprof.ctx.found ], [ {{%.*}}, %pathprof.ctx.slow ]
; INLINE-NEXT: %pathprof.table = phi ptr [ %pathprof.ctx.table, %pathprof.ctx.found ], [ {{%.*}}, %pathprof.ctx.slow ]
; A function whose address can be taken also takes itself as the callee:
; then the flags must be 0.
; INLINE-LABEL: define void @caller(
; INLINE:      pathprof.ctx.other:
; INLINE:      [[BYSELF:%.*]] = icmp eq ptr %pathprof.ctx.callee, @caller
; INLINE-NEXT: [[WANT:%.*]] = select i1 [[BYSELF]], i64 0, i64 1
; INLINE:      icmp eq i64 %pathprof.ctx.flags, [[WANT]]
;
; On x86-64 (and AArch64) the runtime's entry preserves the registers of
; its caller (preserve_most): the declaration and every call say so.
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes=pathprof-instrument,pathprof-lower -pathprof-context -S %s | FileCheck %s --check-prefix=X86
; X86: call preserve_mostcc { ptr, ptr } @__pathprof_ctx_enter(ptr @__pathprof_data_local, ptr null)
; X86: declare hidden preserve_mostcc { ptr, ptr } @__pathprof_ctx_enter(ptr, ptr)

declare void @ext(i32)
declare i32 @setjmp(ptr) returns_twice
declare i32 @__gxx_personality_v0(...)
declare void @llvm.donothing()

define internal void @local(i32 %x) memory(none) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  ret void
}

define void @caller(ptr %fp) {
entry:
  call void @local(i32 0) memory(none)
  call void %fp(i32 1)
  call void @ext(i32 2)
  call void @llvm.donothing()
  ret void
}

define void @thrower() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @ext(i32 3) to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  call void @ext(i32 4)
  resume { ptr, i32 } %l
}

define void @jumper(ptr %buf) {
entry:
  %r = call i32 @setjmp(ptr %buf) returns_twice
  call void @ext(i32 %r)
  ret void
}

define void @invokes() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @llvm.donothing() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

define void @tail() {
entry:
  musttail call void @tail2()
  ret void
}

define void @tail2() {
  ret void
}
