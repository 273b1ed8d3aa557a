; pathprof-promote-counters keeps the counters of call-free inner loops in
; registers: one load in the preheader, an add per iteration, a store at each
; exit. Loops that call a function, or that also update their counter array
; at a variable index, keep their memory updates.
; RUN: %opt_pathprof -passes=pathprof-promote-counters -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-promote-counters,verify -disable-output %s

@cnts = private global [4 x i64] zeroinitializer, section "__pathprof_cnts", align 8

declare void @opaque()

; CHECK-LABEL: define i64 @scan(
; CHECK:       entry:
; CHECK-NEXT:    %base = getelementptr i8, ptr @cnts, i64 %bias
; CHECK-NEXT:    %slot = getelementptr i8, ptr %base, i64 8
; CHECK-NEXT:    %pathprof.count.pre = load i64, ptr %slot, align 8, !pathprof.counter
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %pathprof.count{{[0-9]*}} = phi i64 [ %pathprof.count.pre, %entry ], [ %inc, %loop ]
; CHECK-NOT:     load i64, ptr %slot
; CHECK-NOT:     store i64 {{.*}}, ptr %slot
; CHECK:         %inc = add i64 %pathprof.count{{[0-9]*}}, 1
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    store i64 %inc, ptr %slot, align 8, !pathprof.counter
; CHECK-NEXT:    ret i64 %n.next
define i64 @scan(ptr %p, i64 %bias) {
entry:
  %base = getelementptr i8, ptr @cnts, i64 %bias
  %slot = getelementptr i8, ptr %base, i64 8
  br label %loop
loop:
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %q = getelementptr i8, ptr %p, i64 %n
  %c = load i8, ptr %q
  %old = load i64, ptr %slot, align 8, !pathprof.counter !0
  %inc = add i64 %old, 1
  store i64 %inc, ptr %slot, align 8, !pathprof.counter !0
  %n.next = add i64 %n, 1
  %done = icmp eq i8 %c, 0
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %n.next
}

; CHECK-LABEL: define void @calls(
; CHECK:       loop:
; CHECK:         load i64, ptr %slot, align 8, !pathprof.counter
; CHECK:         store i64 %inc, ptr %slot, align 8, !pathprof.counter
define void @calls(i64 %bias, i64 %n) {
entry:
  %base = getelementptr i8, ptr @cnts, i64 %bias
  %slot = getelementptr i8, ptr %base, i64 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @opaque()
  %old = load i64, ptr %slot, align 8, !pathprof.counter !0
  %inc = add i64 %old, 1
  store i64 %inc, ptr %slot, align 8, !pathprof.counter !0
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; The counter at a variable index may be the one at offset 8.
; CHECK-LABEL: define void @variable(
; CHECK:       loop:
; CHECK:         load i64, ptr %slot, align 8, !pathprof.counter
; CHECK:         store i64 %inc, ptr %slot, align 8, !pathprof.counter
define void @variable(i64 %bias, i64 %n) {
entry:
  %base = getelementptr i8, ptr @cnts, i64 %bias
  %slot = getelementptr i8, ptr %base, i64 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = load i64, ptr %slot, align 8, !pathprof.counter !0
  %inc = add i64 %old, 1
  store i64 %inc, ptr %slot, align 8, !pathprof.counter !0
  %k = and i64 %i, 3
  %vslot = getelementptr i64, ptr %base, i64 %k
  %vold = load i64, ptr %vslot, align 8, !pathprof.counter !0
  %vinc = add i64 %vold, 1
  store i64 %vinc, ptr %vslot, align 8, !pathprof.counter !0
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!0 = !{}
