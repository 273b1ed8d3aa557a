; A body that already carries path instrumentation is never instrumented
; again. Here @imported stands for an instrumented function that ThinLTO
; imported (as available_externally, still marked "pathprof-instrumented")
; into a module that was not instrumented, whose backend then runs the pass:
; only the module's own function is instrumented.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s
;
; And a module that was instrumented already (it has
; __pathprof_data_version) is left exactly as it is.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s > %t.once.ll
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %t.once.ll > %t.again.ll
; RUN: %opt_pathprof -passes=verify -S %t.once.ll > %t.once-printed.ll
; RUN: diff %t.once-printed.ll %t.again.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@__pathprof_cnts_imported.0123456789abcdef = external hidden global [2 x i64]
@__pathprof_counter_bias = external hidden global i64

; CHECK-NOT: @__pathprof_data_imported
; CHECK:     @__pathprof_data_own = private global
; CHECK-NOT: @__pathprof_data_imported
; CHECK:     @llvm.used = appending global [1 x ptr] [ptr @__pathprof_data_own]

; CHECK-LABEL: define available_externally i32 @imported(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %bias = load i64, ptr @__pathprof_counter_bias, align 8
; CHECK-NEXT:    %c = icmp sgt i32 %x, 3
define available_externally i32 @imported(i32 %x) #0 {
entry:
  %bias = load i64, ptr @__pathprof_counter_bias, align 8
  %c = icmp sgt i32 %x, 3
  %slot = select i1 %c, i64 0, i64 8
  %base = getelementptr i8, ptr @__pathprof_cnts_imported.0123456789abcdef, i64 %slot
  %addr = getelementptr i8, ptr %base, i64 %bias
  %n = load i64, ptr %addr, align 8
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %addr, align 8
  %r = select i1 %c, i32 1, i32 2
  ret i32 %r
}

; CHECK-LABEL: define i32 @own(i32 %x)
; CHECK:         %pathprof.tbias = load i64, ptr %0, align 8
define i32 @own(i32 %x) {
entry:
  %r = call i32 @imported(i32 %x)
  ret i32 %r
}

attributes #0 = { "pathprof-instrumented" }
