; A setjmp call in the middle of a block gets a block of its own; the path
; is counted before the call and restarts with a constant register after it,
; so nothing computed before setjmp is needed after a longjmp back.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s

declare i32 @setjmp(ptr) returns_twice
declare void @work()

define i32 @guarded(ptr %env, i1 %c) {
entry:
  br i1 %c, label %pre, label %handler
pre:
  call void @work()
  %r = call i32 @setjmp(ptr %env)
  %caught = icmp ne i32 %r, 0
  br i1 %caught, label %handler, label %body
handler:
  ret i32 1
body:
  call void @work()
  ret i32 0
}

; Path 0 (entry, pre) is counted before the call; pre.setjmp starts path 2
; or 3 with a constant register.
; CHECK-LABEL: define i32 @guarded(
; CHECK:       pre:
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    %pathprof.counter = getelementptr i8, ptr @__pathprof_cnts_guarded, i64 %pathprof.bias
; CHECK-NEXT:    %pathprof.count = load i64, ptr %pathprof.counter, align 8
; CHECK-NEXT:    [[INC:%.*]] = add i64 %pathprof.count, 1
; CHECK-NEXT:    store i64 [[INC]], ptr %pathprof.counter, align 8
; CHECK-NEXT:    br label %pre.setjmp
; CHECK:       pre.setjmp:
; CHECK-NEXT:    %r = call i32 @setjmp(ptr %env)
; CHECK:       handler:
; CHECK-NEXT:    %pathprof.r{{[0-9]*}} = phi i64 [ 1, %pre.setjmp ], [ 0, %pathprof.sliced ]
; CHECK-NEXT:    %pathprof.id = add i64 %pathprof.r{{[0-9]*}}, 1
;
; A return block counts its path on entry, before its calls, and reads the
; thread's bias there (the function makes calls), so nothing from before
; setjmp is needed after it.
; CHECK:       body:
; CHECK-NEXT:    [[TLS:%.*]] = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_thread_bias)
; CHECK-NEXT:    [[BIAS:%.*]] = load i64, ptr [[TLS]], align 8
; CHECK-NEXT:    %pathprof.counter{{[0-9]*}} = getelementptr i8, ptr getelementptr inbounds (i64, ptr @__pathprof_cnts_guarded, i64 3), i64 [[BIAS]]
; CHECK-NEXT:    %pathprof.count{{[0-9]*}} = load i64
; CHECK-NEXT:    add i64
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @work()
; CHECK-NEXT:    ret i32 0
