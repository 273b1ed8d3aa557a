; The entry's path start comes first in the entry block, and lowering it
; splits the block there where the start has an uncommon case (the metrics'
; countdown, a calling context's slow entry). The function's own allocas
; must stay in the entry block: an alloca below the split is dynamic, which
; costs the function a frame pointer and which the inliner never inlines
; (SQLite's sorter and cursor functions stayed calls in the metrics build).
;
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes=pathprof-instrument,pathprof-lower -pathprof-metrics=1 -S %s | FileCheck --check-prefix=METRICS %s
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes=pathprof-instrument,pathprof-lower -pathprof-context -S %s | FileCheck --check-prefix=CONTEXT %s
;
; After lowering, the inliner inlines the callee, whose only call site this
; is, as it does without metrics.
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes=pathprof-instrument,pathprof-lower,inline -pathprof-metrics=1 -S %s | FileCheck --check-prefix=INLINED %s

; METRICS-LABEL: define internal i32 @callee(
; METRICS-NEXT:  entry:
; METRICS-NEXT:    %pathprof.metrics.frame = alloca [9 x i64], align 8
; METRICS-NEXT:    %Slot = alloca i32, align 4
; METRICS-NEXT:    %Pair = alloca [2 x i32], align 4
; METRICS-NOT:     alloca
; METRICS:         br i1 {{.*}}, label %pathprof.measure,
; METRICS-NOT:     alloca
; METRICS-LABEL: define i32 @caller(

; CONTEXT-LABEL: define internal i32 @callee(
; CONTEXT-NEXT:  entry:
; CONTEXT-NEXT:    %Slot = alloca i32, align 4
; CONTEXT-NEXT:    %Pair = alloca [2 x i32], align 4
; CONTEXT-NOT:     alloca
; CONTEXT:         call preserve_mostcc { ptr, ptr } @__pathprof_ctx_enter(
; CONTEXT-NOT:     alloca
; CONTEXT-LABEL: define i32 @caller(

; INLINED-NOT:   define internal i32 @callee(
; INLINED-LABEL: define i32 @caller(
; INLINED-NOT:     call i32 @callee(
; INLINED:         store volatile i32 %X, ptr
; INLINED-NOT:     call i32 @callee(
; INLINED:         ret i32

define internal i32 @callee(i32 %X) {
entry:
  %Slot = alloca i32, align 4
  %Pair = alloca [2 x i32], align 4
  store volatile i32 %X, ptr %Slot, align 4
  %C = icmp sgt i32 %X, 0
  br i1 %C, label %pos, label %done

pos:
  store volatile i32 %X, ptr %Pair, align 4
  br label %done

done:
  %V = load volatile i32, ptr %Slot, align 4
  ret i32 %V
}

define i32 @caller(i32 %X) {
entry:
  %R = call i32 @callee(i32 %X)
  ret i32 %R
}
