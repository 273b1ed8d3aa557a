; The profitability model: a superblock is formed only where its copy,
; entered along the trace alone, lets the optimizer simplify something the
; original cannot. In each function the 90% path has a side entrance;
; what its copy specialises differs.
;
; DEFINE: %{flag} = flag:entry,header,set,latch:1;flag:header,set,latch:89;flag:header,latch:9;flag:header,set,latch,exit:1
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='decide:entry,b1,join,t,exit:90;decide:entry,b2,join,e,exit:10;fold:entry,b1,join,exit:90;fold:entry,b2,join,exit:10;switch:entry,five,join,t,exit:90;switch:entry,seven,join,e,exit:10;latch:entry,header,hot,latch:1;latch:header,hot,latch:89;latch:header,cold,latch:9;latch:header,hot,latch,exit:1;keeponly:entry,header,hot,latch:1;keeponly:header,hot,latch:89;keeponly:header,cold,latch:9;keeponly:header,hot,latch,exit:1;constant:entry,header,hot,latch:1;constant:header,hot,latch:89;constant:header,cold,latch:9;constant:header,hot,latch,exit:1;nothing:entry,b1,join,t,exit:90;nothing:entry,b2,join,e,exit:10;%{flag}' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
;
; Without the model, every hot path with a side entrance is a superblock.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='nothing:entry,b1,join,t,exit:90;nothing:entry,b2,join,e,exit:10' \
; RUN:   -pass-remarks=pathprof-superblock -S %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOMODEL
; A branch that the edge into a small block decides is JumpThreading's to
; thread (flag's latch); counted only when that is switched off, and then,
; one branch being less than a copied latch must gain, formed only with a
; lower -pathprof-superblock-latch-min-gain.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-threading-size=0 \
; RUN:   -pathprof-superblock-latch-min-gain=1 \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='%{flag}' \
; RUN:   -pass-remarks=pathprof-superblock -S %s 2>&1 >/dev/null | FileCheck %s --check-prefix=THREAD
; THREAD: remark: <unknown>:0:0: formed superblock of 3 blocks along path header -> set -> latch (89% of flag's flow), duplicated 2 instructions; the copy decides 1 branch, folds 0 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}
;
; NOMODEL: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (90% of nothing's flow), duplicated 5 instructions; the copy decides 0 branches, folds 0 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}

; The 10% paths are hot too (-pathprof-superblock-min-path-share=10): once
; the 90% path has its copy, the original join is entered from the cold side
; only and knows what the copy would.

; REMARK:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (90% of decide's flow), duplicated 10 instructions; the copy decides 1 branch, folds 0 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: copying 3 instructions from block e on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 4 blocks along path entry -> b1 -> join -> exit (90% of fold's flow), duplicated 5 instructions; the copy decides 0 branches, folds 2 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> five -> join -> t -> exit (90% of switch's flow), duplicated 6 instructions; the copy decides 1 branch, folds 3 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> seven -> join -> e -> exit: copying 3 instructions from block e on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 3 blocks along path header -> hot -> latch (89% of latch's flow), duplicated 3 instructions; the copy decides 0 branches, folds 0 values, keeps 1 loop value unchanged, makes 3 instructions loop-invariant{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path header -> hot -> latch: its only block to copy is the loop latch latch, and copying the loop latch would keep loop values unchanged but make too little loop-invariant, foldable or decided{{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path header -> hot -> latch: its only block to copy is the loop latch latch, and copying the loop latch would split a loop with a constant trip count (and stop its unrolling){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> t -> exit: copying 5 instructions from block join on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: copying 5 instructions from block join on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path header -> set -> latch: its only block to copy is the loop latch latch, and copying the loop latch would keep no loop value unchanged{{$}}
; REMARK-NOT:  remark

; decide: join tests %c again, which the trace took true in entry; join is
; too large for JumpThreading to thread (7 instructions).
; CHECK-LABEL: define i32 @decide(
; CHECK:       join.sb:
; CHECK:       define i32 @fold(
; CHECK:       join.sb:
; CHECK:       define i32 @switch(
; CHECK:       join.sb:
; CHECK:       define i32 @latch(
; CHECK:       latch.sb:
; CHECK-LABEL: define i32 @keeponly(
; CHECK-NOT:   .sb
; CHECK-LABEL: define i32 @constant(
; CHECK-NOT:   .sb
; CHECK-LABEL: define i32 @nothing(
; CHECK-NOT:   .sb
; CHECK:       {{^}}}

define i32 @decide(i1 %c, i32 %x) !prof !0 {
entry:
  br i1 %c, label %b1, label %b2
b1:
  %v1 = add i32 %x, 1
  br label %join
b2:
  %v2 = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %v1, %b1 ], [ %v2, %b2 ]
  %q0 = add i32 %p, 7
  %q1 = mul i32 %q0, %x
  %q2 = xor i32 %q1, 5
  %q3 = shl i32 %q2, 2
  %q4 = or i32 %q3, %p
  %q = sub i32 %q4, %x
  br i1 %c, label %t, label %e
t:
  %r1 = shl i32 %q, 1
  br label %exit
e:
  %r2 = sub i32 %q, 5
  br label %exit
exit:
  %res = phi i32 [ %r1, %t ], [ %r2, %e ]
  ret i32 %res
}

; fold: the phi is the constant 1 along the trace; %k and %y fold.
define i32 @fold(i1 %c, i32 %x) !prof !0 {
entry:
  br i1 %c, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  %m = phi i32 [ 1, %b1 ], [ %x, %b2 ]
  %k = add i32 %m, 10
  %y = mul i32 %k, 2
  %z = xor i32 %y, %x
  br label %exit
exit:
  ret i32 %z
}

; switch: the trace took case 5, so the copy's %is5 is true.
define i32 @switch(i32 %x) !prof !0 {
entry:
  switch i32 %x, label %other [ i32 5, label %five
                                i32 7, label %seven ]
five:
  br label %join
seven:
  br label %join
join:
  %is5 = icmp eq i32 %x, 5
  %w = add i32 %x, 3
  br i1 %is5, label %t, label %e
t:
  %r1 = shl i32 %w, 1
  br label %exit
e:
  %r2 = sub i32 %w, 5
  br label %exit
other:
  br label %exit
exit:
  %res = phi i32 [ %r1, %t ], [ %r2, %e ], [ 0, %other ]
  ret i32 %res
}

; latch: the hot path advances %j only; the copy of the latch carries %i
; around unchanged, so the split-off loop can hoist %k, %k2 and %pk, which
; compute from %i and %n alone.
define i32 @latch(ptr %a, i32 %n) !prof !0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %k = mul i32 %i, %n
  %k2 = add i32 %k, 7
  %pk = getelementptr i32, ptr %a, i32 %k2
  %pa = getelementptr i32, ptr %pk, i32 %j
  %v = load i32, ptr %pa
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %hot, label %cold
hot:
  br label %latch
cold:
  %i1 = add i32 %i, 1
  br label %latch
latch:
  %i.next = phi i32 [ %i, %hot ], [ %i1, %cold ]
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %header, label %exit
exit:
  ret i32 %i.next
}

; keeponly: as latch, but nothing on the trace computes from %i: the loop
; value kept unchanged is worth nothing, and the latch is the only block
; to copy.
define i32 @keeponly(ptr %a, i32 %n) !prof !0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %pa = getelementptr i32, ptr %a, i32 %j
  %v = load i32, ptr %pa
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %hot, label %cold
hot:
  br label %latch
cold:
  %i1 = add i32 %i, 1
  br label %latch
latch:
  %i.next = phi i32 [ %i, %hot ], [ %i1, %cold ]
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %header, label %exit
exit:
  ret i32 %i.next
}

; constant: as latch, but the loop runs 40 times: splitting it would stop
; its full unrolling, whatever the copy makes loop-invariant.
define i32 @constant(ptr %a, i32 %n) !prof !0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i32 [ 0, %entry ], [ %j.next, %latch ]
  %k = mul i32 %i, %n
  %k2 = add i32 %k, 7
  %pk = getelementptr i32, ptr %a, i32 %k2
  %pa = getelementptr i32, ptr %pk, i32 %j
  %v = load i32, ptr %pa
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %hot, label %cold
hot:
  br label %latch
cold:
  %i1 = add i32 %i, 1
  br label %latch
latch:
  %i.next = phi i32 [ %i, %hot ], [ %i1, %cold ]
  %j.next = add i32 %j, 1
  %more = icmp ult i32 %j.next, 40
  br i1 %more, label %header, label %exit
exit:
  ret i32 %i.next
}

; nothing: join's work does not depend on which way entry went.
define i32 @nothing(i1 %c, i1 %d, i32 %x) !prof !0 {
entry:
  br i1 %c, label %b1, label %b2
b1:
  call void @g()
  br label %join
b2:
  br label %join
join:
  %q = add i32 %x, 7
  br i1 %d, label %t, label %e
t:
  %r1 = shl i32 %q, 1
  br label %exit
e:
  %r2 = sub i32 %q, 5
  br label %exit
exit:
  %res = phi i32 [ %r1, %t ], [ %r2, %e ]
  ret i32 %res
}

; flag: the latch's branch is a phi of constants, which the copy decides;
; JumpThreading does so on its own, the latch being small.
define i32 @flag(ptr %a, i32 %n) !prof !0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %p
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %set, label %latch
set:
  store i32 0, ptr %p
  br label %latch
latch:
  %f = phi i1 [ true, %set ], [ false, %header ]
  %i.next = add i32 %i, 1
  br i1 %f, label %header, label %exit
exit:
  ret i32 %i.next
}

declare void @g()

!0 = !{!"function_entry_count", i64 100}
