; A function with metrics is inlined where the same function counting paths
; alone is. Lowered before the inliner, metrics add a countdown at each path
; start, a test where the function leaves and a call of the runtime behind
; each; the inliner counts each such call as one instruction
; ("call-inline-cost"="5": it keeps the caller's registers and is seldom
; taken), and the inline time-stamp counter readings of the exact mode come
; only after inlining (pathprof-inline-tsc, metrics-inline-tsc.ll). Before
; both, @sum cost 605 with metrics against 65 without, over the threshold
; of 225, and stayed a call; now it costs 185.
;
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,cgscc(inline)' -pathprof-metrics=0 -pass-remarks=inline -pass-remarks-missed=inline -S %s 2>&1 | FileCheck --check-prefixes=REMARK,INLINED %s
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,cgscc(inline)' -pathprof-metrics=2 -pass-remarks=inline -pass-remarks-missed=inline -S %s 2>&1 | FileCheck --check-prefixes=REMARK,INLINED,METRICS %s
;
; REMARK-COUNT-2: remark: <unknown>:0:0: 'sum' inlined into 'total' with (cost={{[0-9]+}}, threshold=225)
; INLINED-LABEL: define i32 @total(
; INLINED-NOT: call i32 @sum(
; METRICS: call preserve_mostcc void @__pathprof_metrics_enter(ptr {{%.*}}) [[RARE:#[0-9]+]]
; METRICS: call preserve_mostcc void @__pathprof_metrics_enter(ptr {{%.*}}) [[RARE]]
; INLINED-NOT: call i32 @sum(
; INLINED: ret i32
; METRICS: attributes [[RARE]] = { "call-inline-cost"="5" }
;
; The inline readings then go into each inlined copy.
; RUN: %opt_pathprof -mtriple=x86_64-unknown-linux-gnu -passes='pathprof-instrument,pathprof-lower,cgscc(inline),function(pathprof-inline-tsc)' -pathprof-metrics=2 -S %s | FileCheck --check-prefix=TSC %s
; TSC-LABEL: define i32 @total(
; TSC-COUNT-2: call i64 @llvm.readcyclecounter()
; TSC-NOT: call i32 @sum(
; TSC: ret i32

define i32 @sum(ptr %A, i32 %N) {
entry:
  br label %loop

loop:
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %N
  br i1 %more, label %body, label %exit

body:
  %idx = zext nneg i32 %i to i64
  %p = getelementptr inbounds i32, ptr %A, i64 %idx
  %v = load i32, ptr %p, align 4
  %s.next = add nsw i32 %s, %v
  %i.next = add nuw nsw i32 %i, 1
  br label %loop

exit:
  ret i32 %s
}

define i32 @total(ptr %A, i32 %N, ptr %B, i32 %M) {
  %x = call i32 @sum(ptr %A, i32 %N)
  %y = call i32 @sum(ptr %B, i32 %M)
  %r = add nsw i32 %x, %y
  ret i32 %r
}
