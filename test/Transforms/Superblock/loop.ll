; A loop whose two branches test the same condition. Ball-Larus paths end at
; the backedge, so each trace runs from the header to the latch; the copy of
; mid sits on the path where %c is known to be true, and the hot copy of the
; latch is a second backedge. The header is never copied. The paths through
; the original latch no longer run: its weights go, as IR PGO leaves a
; branch that never ran without weights.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify,print<block-freq>' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='loop:entry,header,pos,mid,pos2,latch:10;loop:header,pos,mid,pos2,latch:880;loop:header,neg,mid,neg2,latch:100;loop:header,pos,mid,pos2,latch,exit:10' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: FileCheck %s --check-prefix=BFI < %t.err

; With the model (the default) no superblock forms: mid is small and tests
; %c, which is known all through pos and neg, so JumpThreading threads it
; in the original without a copy.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='loop:entry,header,pos,mid,pos2,latch:10;loop:header,pos,mid,pos2,latch:880;loop:header,neg,mid,neg2,latch:100;loop:header,pos,mid,pos2,latch,exit:10' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADED
; THREADED:      remark: <unknown>:0:0: no superblock along path header -> pos -> mid -> pos2 -> latch: copying 3 instructions from block mid on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; THREADED-NEXT: remark: <unknown>:0:0: no superblock along path header -> neg -> mid -> neg2 -> latch: copying 3 instructions from block mid on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; THREADED-NOT:  remark
;
; With that rule off (-pathprof-superblock-threading-size=0), the hot
; path's superblock stops before the latch: a copy of it would carry no loop
; value around unchanged, only give the loop a second backedge. The colder
; path is refused: once the hot path has its copy of mid, the original mid
; is entered from neg only, where it already knows %c is false, and a copy
; of neg2 (without the latch, which does not pay) would specialise nothing.
; The runs above and below switch the model off to show the transformation
; of both paths.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-threading-size=0 \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='loop:entry,header,pos,mid,pos2,latch:10;loop:header,pos,mid,pos2,latch:880;loop:header,neg,mid,neg2,latch:100;loop:header,pos,mid,pos2,latch,exit:10' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MODEL
; MODEL:      remark: <unknown>:0:0: formed superblock of 4 blocks along path header -> pos -> mid -> pos2 -> latch (88% of loop's flow), duplicated 3 instructions; the copy decides 1 branch, folds 0 values, keeps 0 loop values unchanged, makes 0 instructions loop-invariant{{$}}
; MODEL-NEXT: remark: <unknown>:0:0: superblock along path header -> pos -> mid -> pos2 -> latch ends before block latch: copying the loop latch would keep no loop value unchanged{{$}}
; MODEL-NEXT: remark: <unknown>:0:0: no superblock along path header -> neg -> mid -> neg2 -> latch: copying 2 instructions from block neg2 on would specialise nothing (no branch decided, no value folded, no instruction made loop-invariant){{$}}
; MODEL-NOT:  remark

; -pathprof-superblock-copy-latches=false keeps the latch out of superblocks:
; each ends before it, and the loop keeps one backedge.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false -pathprof-superblock-copy-latches=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='loop:entry,header,pos,mid,pos2,latch:10;loop:header,pos,mid,pos2,latch:880;loop:header,neg,mid,neg2,latch:100;loop:header,pos,mid,pos2,latch,exit:10' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.nolatch | FileCheck %s --check-prefix=NOLATCH
; RUN: FileCheck %s --check-prefix=NOLATCH-REMARK < %t.nolatch
; NOLATCH-REMARK:      remark: <unknown>:0:0: formed superblock of 4 blocks along path header -> pos -> mid -> pos2 -> latch (88% of loop's flow), duplicated 3 instructions
; NOLATCH-REMARK-NEXT: remark: <unknown>:0:0: superblock along path header -> pos -> mid -> pos2 -> latch ends before block latch: it is a loop latch
; NOLATCH-REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 4 blocks along path header -> neg -> mid -> neg2 -> latch (10% of loop's flow), duplicated 2 instructions
; NOLATCH-REMARK-NEXT: remark: <unknown>:0:0: superblock along path header -> neg -> mid -> neg2 -> latch ends before block latch: it is a loop latch
; NOLATCH-REMARK-NOT:  remark
; NOLATCH-LABEL: define i32 @loop(
; NOLATCH:       header:
; NOLATCH-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]{{$}}
; NOLATCH-NOT:   latch.sb

; REMARK:      remark: <unknown>:0:0: formed superblock of 5 blocks along path header -> pos -> mid -> pos2 -> latch (88% of loop's flow), duplicated 6 instructions
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path header -> neg -> mid -> neg2 -> latch (10% of loop's flow), duplicated 5 instructions
; REMARK-NOT:  remark

; BFI-LABEL: block-frequency-info: loop
; BFI-NEXT:  - entry: {{.*}} count = 10
; BFI-NEXT:  - header: {{.*}} count = 1000
; BFI-NEXT:  - pos: {{.*}} count = 900
; BFI-NEXT:  - mid.sb: {{.*}} count = 900
; BFI-NEXT:  - pos2.sb: {{.*}} count = 900
; BFI-NEXT:  - latch.sb: {{.*}} count = 900
; BFI-NEXT:  - neg: {{.*}} count = 100
; BFI-NEXT:  - mid: {{.*}} count = 100
; BFI-NEXT:  - neg2.sb: {{.*}} count = 100
; BFI-NEXT:  - latch.sb5: {{.*}} count = 100
; BFI-NEXT:  - pos2: {{.*}} count = 0
; BFI-NEXT:  - neg2: {{.*}} count = 0
; BFI-NEXT:  - latch: {{.*}} count = 0
; BFI-NEXT:  - exit: {{.*}} count = 10

; CHECK-LABEL: define i32 @loop(
; CHECK:       header:
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %latch ], [ %i.next.sb, %latch.sb ], [ %i.next.sb3, %latch.sb5 ]
; CHECK-NEXT:    %s = phi i32 [ 0, %entry ], [ %s.next, %latch ], [ %t1.sb, %latch.sb ], [ %t2.sb, %latch.sb5 ]
; CHECK:         br i1 %c, label %pos, label %neg, !prof [[HEADER:![0-9]+]]
; CHECK:       pos:
; CHECK-NEXT:    %s1 = add i32 %s, %v
; CHECK-NEXT:    br label %mid.sb
; CHECK:       mid.sb:
; CHECK-NEXT:    br i1 %c, label %pos2.sb, label %neg2, !prof [[MIDSB:![0-9]+]]
; CHECK:       pos2.sb:
; CHECK-NEXT:    %t1.sb = mul i32 %s1, 2
; CHECK-NEXT:    br label %latch.sb
; CHECK:       latch.sb:
; CHECK-NEXT:    %i.next.sb = add i32 %i, 1
; CHECK-NEXT:    %cond.sb = icmp slt i32 %i.next.sb, %n
; CHECK-NEXT:    br i1 %cond.sb, label %header, label %exit, !prof [[LATCHSB:![0-9]+]]
; CHECK:       neg:
; CHECK-NEXT:    %s2 = sub i32 %s, %v
; CHECK-NEXT:    br label %mid
; CHECK:       mid:
; CHECK-NEXT:    %sm = phi i32 [ %s2, %neg ]
; CHECK-NEXT:    br i1 %c, label %pos2, label %neg2.sb, !prof [[MID:![0-9]+]]
; CHECK:       neg2.sb:
; CHECK-NEXT:    %t2.sb = add i32 %sm, 1
; CHECK-NEXT:    br label %latch.sb5
; CHECK:       latch.sb5:
; CHECK-NEXT:    %i.next.sb3 = add i32 %i, 1
; CHECK-NEXT:    %cond.sb4 = icmp slt i32 %i.next.sb3, %n
; CHECK-NEXT:    br i1 %cond.sb4, label %header, label %exit, !prof [[LATCHSB5:![0-9]+]]
; CHECK:       pos2:
; CHECK-NEXT:    %t1 = mul i32 %sm, 2
; CHECK-NEXT:    br label %latch
; CHECK:       neg2:
; CHECK-NEXT:    %sm1 = phi i32 [ %s1, %mid.sb ]
; CHECK-NEXT:    %t2 = add i32 %sm1, 1
; CHECK-NEXT:    br label %latch
; CHECK:       latch:
; CHECK-NEXT:    %s.next = phi i32 [ %t1, %pos2 ], [ %t2, %neg2 ]
; CHECK-NEXT:    %i.next = add i32 %i, 1
; CHECK-NEXT:    %cond = icmp slt i32 %i.next, %n
; CHECK-NEXT:    br i1 %cond, label %header, label %exit{{$}}
; CHECK:       exit:
; CHECK-NEXT:    %s.next2 = phi i32 [ %t1.sb, %latch.sb ], [ %s.next, %latch ], [ %t2.sb, %latch.sb5 ]
; CHECK-NEXT:    ret i32 %s.next2
; CHECK-DAG:   [[HEADER]] = !{!"branch_weights", i32 900, i32 100}
; CHECK-DAG:   [[MIDSB]] = !{!"branch_weights", i32 900, i32 0}
; CHECK-DAG:   [[LATCHSB]] = !{!"branch_weights", i32 890, i32 10}
; CHECK-DAG:   [[MID]] = !{!"branch_weights", i32 0, i32 100}
; CHECK-DAG:   [[LATCHSB5]] = !{!"branch_weights", i32 100, i32 0}

define i32 @loop(ptr %a, i32 %n) !prof !0 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %p = getelementptr i32, ptr %a, i32 %i
  %v = load i32, ptr %p
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %pos, label %neg, !prof !1
pos:
  %s1 = add i32 %s, %v
  br label %mid
neg:
  %s2 = sub i32 %s, %v
  br label %mid
mid:
  %sm = phi i32 [ %s1, %pos ], [ %s2, %neg ]
  br i1 %c, label %pos2, label %neg2, !prof !1
pos2:
  %t1 = mul i32 %sm, 2
  br label %latch
neg2:
  %t2 = add i32 %sm, 1
  br label %latch
latch:
  %s.next = phi i32 [ %t1, %pos2 ], [ %t2, %neg2 ]
  %i.next = add i32 %i, 1
  %cond = icmp slt i32 %i.next, %n
  br i1 %cond, label %header, label %exit, !prof !2
exit:
  ret i32 %s.next
}

!0 = !{!"function_entry_count", i64 10}
!1 = !{!"branch_weights", i32 900, i32 100}
!2 = !{!"branch_weights", i32 990, i32 10}
