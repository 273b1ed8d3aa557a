; With the default counters (a slice per thread), a function asks the
; runtime for the thread's slice on entry when its bias is still 0, unless
; every call of it is in an instrumented function of the module, which has
; asked already: a local function whose address is not taken.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s

@table = global ptr @taken

; CHECK-LABEL: define internal i32 @inner(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %0 = call ptr @llvm.threadlocal.address.p0(ptr @__pathprof_thread_bias)
; CHECK-NEXT:    %pathprof.bias = load i64, ptr %0, align 8
; CHECK-NOT:     __pathprof_thread_slice
; CHECK:       }
define internal i32 @inner(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  %r = select i1 %c, i32 1, i32 2
  ret i32 %r
}

; CHECK-LABEL: define internal i32 @taken(
; CHECK:         %pathprof.noslice = icmp eq i64 %pathprof.tbias, 0
; CHECK:         call i64 @__pathprof_thread_slice()
define internal i32 @taken(i32 %x) {
entry:
  ret i32 %x
}

; CHECK-LABEL: define i32 @outer(
; CHECK:         call i64 @__pathprof_thread_slice()
define i32 @outer(i32 %x) {
entry:
  %a = call i32 @inner(i32 %x)
  %b = call i32 @taken(i32 %a)
  ret i32 %b
}
