; A chain of two diamonds. The hottest path is made a superblock by copying
; everything after its first side entrance (join); the second hottest then
; follows the untouched original of join and needs a copy from e on. Branch
; weights of the copies and of the originals come from the path counts, so
; BlockFrequencyInfo after the pass gives every block its exact count.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify,print<block-freq>' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='f:entry,b1,join,t,exit:60;f:entry,b2,join,e,exit:30;f:entry,b1,join,e,exit:5;f:entry,b2,join,t,exit:5' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -pass-remarks-analysis=pathprof-superblock -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: FileCheck %s --check-prefix=BFI < %t.err

; REMARK:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of f's flow), duplicated 5 instructions
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b2 -> join -> e -> exit (30% of f's flow), duplicated 3 instructions
; REMARK-NOT:  remark

; BFI-LABEL: block-frequency-info: f
; BFI-NEXT:  - entry: {{.*}} count = 100
; BFI-NEXT:  - b1: {{.*}} count = 65
; BFI-NEXT:  - join.sb: {{.*}} count = 65
; BFI-NEXT:  - t.sb: {{.*}} count = 60
; BFI-NEXT:  - exit.sb: {{.*}} count = 60
; BFI-NEXT:  - b2: {{.*}} count = 35
; BFI-NEXT:  - join: {{.*}} count = 35
; BFI-NEXT:  - e.sb: {{.*}} count = 30
; BFI-NEXT:  - exit.sb2: {{.*}} count = 30
; BFI-NEXT:  - t: {{.*}} count = 5
; BFI-NEXT:  - e: {{.*}} count = 5
; BFI-NEXT:  - exit: {{.*}} count = 10

; CHECK-LABEL: define i32 @f(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %a, label %b1, label %b2, !prof [[ENTRY:![0-9]+]]
; CHECK:       b1:
; CHECK-NEXT:    %v1 = add i32 %x, 1
; CHECK-NEXT:    br label %join.sb
; The first superblock: entry, b1 and copies of join, t and exit. The phi of
; join is folded into the value along the trace.
; CHECK:       join.sb:
; CHECK-NEXT:    %q.sb = add i32 %v1, 7
; CHECK-NEXT:    br i1 %b, label %t.sb, label %e, !prof [[JOINSB:![0-9]+]]
; CHECK:       t.sb:
; CHECK-NEXT:    %r1.sb = shl i32 %q.sb, 1
; CHECK-NEXT:    br label %exit.sb
; CHECK:       exit.sb:
; CHECK-NEXT:    ret i32 %r1.sb
; CHECK:       b2:
; CHECK-NEXT:    %v2 = mul i32 %x, 3
; CHECK-NEXT:    br label %join
; The original join keeps the flow from b2: 30 to e (now its copy), 5 to t.
; CHECK:       join:
; CHECK-NEXT:    %p = phi i32 [ %v2, %b2 ]
; CHECK-NEXT:    %q = add i32 %p, 7
; CHECK-NEXT:    br i1 %b, label %t, label %e.sb, !prof [[JOIN:![0-9]+]]
; CHECK:       e.sb:
; CHECK-NEXT:    %r2.sb = sub i32 %q, 5
; CHECK-NEXT:    br label %exit.sb2
; CHECK:       exit.sb2:
; CHECK-NEXT:    ret i32 %r2.sb
; CHECK:       t:
; CHECK-NEXT:    %r1 = shl i32 %q, 1
; CHECK-NEXT:    br label %exit
; e is now entered only from join.sb; %q there is the copy's value.
; CHECK:       e:
; CHECK-NEXT:    %q1 = phi i32 [ %q.sb, %join.sb ]
; CHECK-NEXT:    %r2 = sub i32 %q1, 5
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    %res = phi i32 [ %r1, %t ], [ %r2, %e ]
; CHECK-NEXT:    ret i32 %res
; CHECK-DAG:   [[ENTRY]] = !{!"branch_weights", i32 65, i32 35}
; CHECK-DAG:   [[JOINSB]] = !{!"branch_weights", i32 60, i32 5}
; CHECK-DAG:   [[JOIN]] = !{!"branch_weights", i32 5, i32 30}

define i32 @f(i1 %a, i1 %b, i32 %x) !prof !0 {
entry:
  br i1 %a, label %b1, label %b2, !prof !1
b1:
  %v1 = add i32 %x, 1
  br label %join
b2:
  %v2 = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %v1, %b1 ], [ %v2, %b2 ]
  %q = add i32 %p, 7
  br i1 %b, label %t, label %e, !prof !1
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

!0 = !{!"function_entry_count", i64 100}
!1 = !{!"branch_weights", i32 65, i32 35}
