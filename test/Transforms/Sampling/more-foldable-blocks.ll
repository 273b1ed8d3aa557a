; Three more kinds of blocks that pathprof-sample-probes leaves without a
; probe, because a probe (a call, which the optimizers do not look past)
; would keep -O2's code from forming; each was found in the benchmark
; program sort, whose .text was 1.0113x -O2's with them:
; - an entry block that only branches (a function that starts with a loop):
;   inlined, its probe ends the caller's block, and SimplifyCFG does not
;   sink the swap before a sift-down loop and the swap that ends its body
;   into the loop's header;
; - a block of phis that branches on one whose values are constants (the
;   cleanup switch of a `return` inside a loop): SimplifyCFG threads it into
;   its predecessors, and its probe would end each of them;
; - the one-instruction latch of a loop whose header is its predecessor
;   (`while (A[I] < P) ++I;`): LoopRotate speculates it into the header;
;   -pathprof-sample-probe-foldable gives it a probe, as to the blocks of
;   foldable-blocks.ll.
; RUN: %opt_pathprof -passes=pathprof-sample-probes -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-sample-probes -pathprof-sample-probe-foldable -S %s | FileCheck %s --check-prefix=ALL
; RUN: %opt_pathprof -passes='pathprof-sample-probes,cgscc(inline),function(simplifycfg<sink-common-insts>)' -S %s | FileCheck %s --check-prefix=SUNK
; RUN: %opt_pathprof -passes='pathprof-sample-probes,function(simplifycfg)' -S %s | FileCheck %s --check-prefix=THREADED
; RUN: %opt_pathprof -passes='pathprof-sample-probes,function(loop(loop-rotate))' -S %s | FileCheck %s --check-prefix=ROTATED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define internal void @sift
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 2,
define internal void @sift(ptr %a, i64 %n) alwaysinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %c, %swap ]
  %c0 = shl i64 %i, 1
  %c = or i64 %c0, 1
  %in = icmp slt i64 %c, %n
  br i1 %in, label %swap, label %exit
swap:
  %pi = getelementptr inbounds i32, ptr %a, i64 %i
  %pc = getelementptr inbounds i32, ptr %a, i64 %c
  %vi = load i32, ptr %pi, align 4
  %vc = load i32, ptr %pc, align 4
  store i32 %vc, ptr %pi, align 4
  store i32 %vi, ptr %pc, align 4
  br label %loop
exit:
  ret void
}

; The caller's swap and the inlined loop's swap are one, at the top of the
; loop.
; SUNK-LABEL: define void @heap(
; SUNK:       entry:
; SUNK-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 1,
; SUNK-NEXT:    br label %loop.i
; SUNK:       loop.i:
; SUNK-NEXT:    %i.i.sink = phi i64 [ 0, %entry ], [ %i.i, %loop.i ]
; SUNK-NEXT:    %c.i.sink = phi i64 [ %n, %entry ], [ %c.i, %loop.i ]
; SUNK:         store i32 %vc.i,
; SUNK-NEXT:    store i32 %vi.i,
; SUNK-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 2,
define void @heap(ptr %a, i64 %n) {
entry:
  %p0 = getelementptr inbounds i32, ptr %a, i64 0
  %pn = getelementptr inbounds i32, ptr %a, i64 %n
  %v0 = load i32, ptr %p0, align 4
  %vn = load i32, ptr %pn, align 4
  store i32 %vn, ptr %p0, align 4
  store i32 %v0, ptr %pn, align 4
  call void @sift(ptr %a, i64 %n)
  ret void
}

; CHECK-LABEL: define i64 @find(
; CHECK:       latch:
; CHECK-NEXT:    %dest = phi
; CHECK-NEXT:    %next = phi
; CHECK-NEXT:    switch i32 %dest
; CHECK:       more:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 6,
; THREADED-LABEL: define i64 @find(
; THREADED:       %next = select i1 %hit, i64 %i, i64 %next0
; THREADED-NEXT:  br i1 %hit, label %done, label %more
define i64 @find(ptr %a, i64 %n, i32 %key) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %more ]
  %addr = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %addr, align 4
  %hit = icmp eq i32 %v, %key
  br i1 %hit, label %found, label %miss
found:
  br label %latch
miss:
  %next0 = add i64 %i, 1
  br label %latch
latch:
  %dest = phi i32 [ 1, %found ], [ 0, %miss ]
  %next = phi i64 [ %i, %found ], [ %next0, %miss ]
  switch i32 %dest, label %unreach [
    i32 0, label %more
    i32 1, label %done
  ]
more:
  %again = icmp ult i64 %next, %n
  br i1 %again, label %loop, label %done
done:
  %r = phi i64 [ -1, %entry ], [ %next, %latch ], [ -1, %more ]
  ret i64 %r
unreach:
  unreachable
}

; CHECK-LABEL: define i64 @scan(
; CHECK:       body:
; CHECK-NEXT:    %inc = add
; ALL-LABEL:   define i64 @scan(
; ALL:         body:
; ALL-NEXT:      call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 3,
; The loop is one block, which loads A[I] first, as at -O2.
; ROTATED-LABEL: define i64 @scan(
; ROTATED:       cond:
; ROTATED-NEXT:    %j = phi i64 [ %i, %entry ], [ %inc, %cond ]
; ROTATED-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 2,
; ROTATED:         %inc = add nsw i64 %j, 1
; ROTATED-NEXT:    br i1 %lt, label %cond, label %exit
define i64 @scan(ptr %a, i64 %i, i32 %p) {
entry:
  br label %cond
cond:
  %j = phi i64 [ %i, %entry ], [ %inc, %body ]
  %addr = getelementptr inbounds i32, ptr %a, i64 %j
  %v = load i32, ptr %addr, align 4
  %lt = icmp slt i32 %v, %p
  br i1 %lt, label %body, label %exit
body:
  %inc = add nsw i64 %j, 1
  br label %cond
exit:
  ret i64 %j
}
