; Flow that entered a loop and never left it through an exit edge (the
; paths that ended in exit() were never counted) stays on the loop's exit
; in the weights superblock formation sets, as in the use pass's
; (conserveLoopFlow): the profile below enters the loop once and never
; leaves it. The hot path's copy of the latch carries its 90 iterations; the
; original latch keeps the cold path's 9 and the one call that left the
; loop, which without the lost flow would be weight 0: a loop that never
; ends.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='loop:entry,header,hot,latch:1;loop:header,hot,latch:89;loop:header,cold,latch:9' \
; RUN:   -S %s | FileCheck %s
; CHECK-LABEL: define i32 @loop(
; CHECK:       latch.sb:
; CHECK:         br i1 %more.sb, label %header, label %exit, !prof ![[COPY:[0-9]+]]
; CHECK:       latch:
; CHECK:         br i1 %more, label %header, label %exit, !prof ![[ORIG:[0-9]+]]
; CHECK-DAG:   ![[COPY]] = !{!"branch_weights", i32 90, i32 0}
; CHECK-DAG:   ![[ORIG]] = !{!"branch_weights", i32 9, i32 1}

define i32 @loop(ptr %a, i32 %n) !prof !0 {
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

!0 = !{!"function_entry_count", i64 1}
