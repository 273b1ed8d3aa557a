; A function that the profile summary counts as hot gets superblocks along
; its paths of 10% of its flow however small their share of the program.
; With this summary a count of 100 or more is hot: @small's largest block
; count is 100 (its entry), @tiny's 50. Neither has paths of 0.1% of the
; program's flow (1000150).
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='big:entry:1000000;small:entry,b1,join,exit:90;small:entry,b2,join,exit:10;tiny:entry,b1,join,exit:45;tiny:entry,b2,join,exit:5' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; REMARK:      remark: <unknown>:0:0: formed superblock of 4 blocks along path entry -> b1 -> join -> exit (90% of small's flow), duplicated 3 instructions
; REMARK-NOT:  remark
; CHECK-LABEL: define void @small(
; CHECK:         br label %join.sb
; CHECK-LABEL: define void @tiny(
; CHECK-NOT:     .sb
; CHECK:         ret void

declare void @g()

define void @big() {
entry:
  ret void
}

define void @small(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}

define void @tiny(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"ProfileSummary", !1}
!1 = !{!2, !3, !4, !5, !6, !7, !8, !9}
!2 = !{!"ProfileFormat", !"InstrProf"}
!3 = !{!"TotalCount", i64 1000150}
!4 = !{!"MaxCount", i64 1000000}
!5 = !{!"MaxInternalCount", i64 100}
!6 = !{!"MaxFunctionCount", i64 1000000}
!7 = !{!"NumCounts", i64 10}
!8 = !{!"NumFunctions", i64 3}
!9 = !{!"DetailedSummary", !10}
!10 = !{!11, !12, !13}
!11 = !{i32 10000, i64 1000000, i32 1}
!12 = !{i32 999000, i64 100, i32 2}
!13 = !{i32 999999, i64 1, i32 10}
