; pathprof-promote-counters keeps the counters of call-free inner loops in
; registers: one load in the preheader, an add per iteration, a store at each
; exit. Loops that call a function, or that also update their counter array
; at a variable index, keep their memory updates. The runtime's metric calls
; (!pathprof.runtime) touch no counter: counters stay in registers across
; them, and the sampling words (!pathprof.sampling) too, stored before each
; such call and loaded after it, unless the loop also accesses a word
; unmarked.
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

@word = external thread_local(initialexec) global i64, align 8

declare void @runtime(ptr)

; CHECK-LABEL: define void @sampled(
; CHECK:       entry:
; CHECK:         %pathprof.count.pre = load i64, ptr %slot, align 8, !pathprof.counter
; CHECK-NEXT:    [[ADDR:%.*]] = call {{.*}}@llvm.threadlocal.address.p0(ptr {{.*}}@word)
; CHECK-NEXT:    %pathprof.word.pre = load i64, ptr [[ADDR]], align 8
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    [[WORD:%pathprof.word[0-9]*]] = phi i64 [ %pathprof.word.pre, %entry ], [ [[NEXT:%pathprof.word[0-9]*]], %latch ]
; CHECK-NEXT:    [[COUNT:%pathprof.count[0-9]*]] = phi i64 [ %pathprof.count.pre, %entry ], [ %inc, %latch ]
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    %inc = add i64 [[COUNT]], 1
; CHECK-NOT:     load
; CHECK:         %left = sub i64 [[WORD]], 1
; CHECK-NEXT:    %ranout = icmp slt i64 %left, 0
; CHECK-NEXT:    br i1 %ranout, label %measure, label %latch
; CHECK:       measure:
; CHECK-NEXT:    store i64 %left, ptr [[ADDR]], align 8
; CHECK-NEXT:    call void @runtime(ptr %slot), !pathprof.runtime
; CHECK-NEXT:    [[AFTER:%.*]] = load i64, ptr [[ADDR]], align 8
; CHECK-NEXT:    br label %latch
; CHECK:       latch:
; CHECK-NEXT:    [[NEXT]] = phi i64 [ [[AFTER]], %measure ], [ %left, %loop ]
; CHECK:       exit:
; CHECK-NEXT:    store i64 [[NEXT]], ptr [[ADDR]], align 8, !pathprof.sampling
; CHECK-NEXT:    store i64 %inc, ptr %slot, align 8, !pathprof.counter
; CHECK-NEXT:    ret void
define void @sampled(i64 %bias, i64 %n) {
entry:
  %base = getelementptr i8, ptr @cnts, i64 %bias
  %slot = getelementptr i8, ptr %base, i64 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %old = load i64, ptr %slot, align 8, !pathprof.counter !0
  %inc = add i64 %old, 1
  store i64 %inc, ptr %slot, align 8, !pathprof.counter !0
  %addr = call ptr @llvm.threadlocal.address.p0(ptr @word)
  %cd = load i64, ptr %addr, align 8, !pathprof.sampling !0
  %left = sub i64 %cd, 1
  store i64 %left, ptr %addr, align 8, !pathprof.sampling !0
  %ranout = icmp slt i64 %left, 0
  br i1 %ranout, label %measure, label %latch
measure:
  call void @runtime(ptr %slot), !pathprof.runtime !0
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; An unmarked access to the word: it stays in memory, the counter does not.
; CHECK-LABEL: define void @unmarked(
; CHECK:       loop:
; CHECK:         %inc = add i64 %pathprof.count{{[0-9]*}}, 1
; CHECK:         %cd = load i64, ptr %addr, align 8, !pathprof.sampling
; CHECK:         store i64 %left, ptr %addr, align 8{{$}}
; CHECK:       exit:
; CHECK-NEXT:    store i64 %inc, ptr %slot, align 8, !pathprof.counter
; CHECK-NEXT:    ret void
define void @unmarked(i64 %bias, i64 %n) {
entry:
  %base = getelementptr i8, ptr @cnts, i64 %bias
  %slot = getelementptr i8, ptr %base, i64 8
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %old = load i64, ptr %slot, align 8, !pathprof.counter !0
  %inc = add i64 %old, 1
  store i64 %inc, ptr %slot, align 8, !pathprof.counter !0
  %addr = call ptr @llvm.threadlocal.address.p0(ptr @word)
  %cd = load i64, ptr %addr, align 8, !pathprof.sampling !0
  %left = sub i64 %cd, 1
  store i64 %left, ptr %addr, align 8
  %ranout = icmp slt i64 %left, 0
  br i1 %ranout, label %measure, label %latch
measure:
  call void @runtime(ptr %slot), !pathprof.runtime !0
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

!0 = !{}
