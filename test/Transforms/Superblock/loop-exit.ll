; A superblock stays in the loop its path starts in. The hot path
; inner -> check -> join -> olatch leaves the inner loop at check; join, in the
; outer loop, has a side entrance (from found), but copying it would make a
; trace that runs from one loop into another, which LoopSimplify then splits
; into nested loops (lz.c in utils/bench runs 3.5% more instructions with it).
; -pathprof-superblock-leave-loops lets the trace go on.
; DEFINE: %{flags} = -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; DEFINE:   -pathprof-superblock-min-path-share=1 \
; DEFINE:   -pathprof-superblock-paths='nest:entry,outer,inner,check,join,olatch:1;nest:inner,check,join,olatch:79;nest:inner,ibody,found,join,olatch:20;nest:inner,ibody,ilatch:1000;nest:inner,check,join,olatch,exit:1' \
; DEFINE:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false %{flags} \
; RUN:   -pass-remarks-analysis=pathprof-superblock -S %s 2>%t.stay | FileCheck %s --check-prefix=STAY
; RUN: FileCheck %s --check-prefix=STAY-REMARK < %t.stay
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false %{flags} -pathprof-superblock-leave-loops \
; RUN:   -S %s 2>%t.leave | FileCheck %s --check-prefix=LEAVE
; RUN: FileCheck %s --check-prefix=LEAVE-REMARK < %t.leave

; STAY-REMARK:      remark: <unknown>:0:0: path inner -> ibody -> ilatch has no side entrance
; STAY-REMARK-NEXT: remark: <unknown>:0:0: path inner -> check -> join -> olatch has no side entrance before check
; STAY-REMARK-NEXT: remark: <unknown>:0:0: path inner -> ibody -> found -> join -> olatch has no side entrance before found
; STAY-REMARK-NOT:  remark
; STAY-NOT: .sb

; LEAVE-REMARK:     remark: <unknown>:0:0: formed superblock of 4 blocks along path inner -> check -> join -> olatch (7.18% of nest's flow), duplicated 6 instructions
; LEAVE-REMARK-NOT: remark
; LEAVE:       check:
; LEAVE-NEXT:    br label %join.sb
; LEAVE:       join.sb:
; LEAVE:         br label %olatch.sb
; LEAVE:       olatch.sb:
; LEAVE:         br i1 %oc.sb, label %outer, label %exit, !prof [[SB:![0-9]+]]
; LEAVE:       found:
; LEAVE-NEXT:    br label %join
; LEAVE:       olatch:
; LEAVE:         br i1 %oc, label %outer, label %exit, !prof [[ORIG:![0-9]+]]
; LEAVE-DAG:   [[SB]] = !{!"branch_weights", i32 80, i32 1}
; LEAVE-DAG:   [[ORIG]] = !{!"branch_weights", i32 20, i32 0}

declare void @g()

define void @nest(ptr %p, i32 %n, i32 %m) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %olatch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %ilatch ]
  %c = icmp slt i32 %j, %n
  br i1 %c, label %ibody, label %check
ibody:
  %q = getelementptr i32, ptr %p, i32 %j
  %v = load i32, ptr %q
  %d = icmp eq i32 %v, 0
  br i1 %d, label %found, label %ilatch
ilatch:
  %j.next = add i32 %j, 1
  br label %inner
check:
  br label %join
found:
  br label %join
join:
  call void @g()
  call void @g()
  br label %olatch
olatch:
  %i.next = add i32 %i, 1
  %oc = icmp slt i32 %i.next, %m
  br i1 %oc, label %outer, label %exit
exit:
  ret void
}
