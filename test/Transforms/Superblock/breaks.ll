; Weights on a copied switch. The latch has two backedges (to inner and to
; outer, the first through two cases) and an exit. A path profile knows how
; many paths left the latch through some backedge, not which: 910 did, and
; 901 paths began at inner and 9 at outer, so the decoded profile splits the
; breaks 901:9 and the copy's 710 break-outs become 703:7 (the remainder goes
; to the heavier). Parallel cases to one block carry the whole count on the
; first, as IR PGO does.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='nest:entry,outer,inner,a,latch:1;nest:outer,inner,a,latch:9;nest:inner,a,latch:700;nest:inner,b,latch:200;nest:inner,a,latch,exit:1' \
; RUN:   -pass-remarks=pathprof-superblock -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; REMARK:     remark: <unknown>:0:0: formed superblock of 3 blocks along path inner -> a -> latch (76.8% of nest's flow), duplicated 2 instructions
; REMARK-NOT: remark

; CHECK-LABEL: define void @nest(
; CHECK:       a:
; CHECK-NEXT:    br label %latch.sb
; CHECK:       latch.sb:
; CHECK-NEXT:    call void @g()
; CHECK-NEXT:    switch i32 %sel, label %exit [
; CHECK-NEXT:      i32 0, label %inner
; CHECK-NEXT:      i32 1, label %outer
; CHECK-NEXT:      i32 2, label %inner
; CHECK-NEXT:    ], !prof [[LATCHSB:![0-9]+]]
; CHECK:       latch:
; CHECK-NEXT:    call void @g()
; CHECK-NEXT:    switch i32 %sel, label %exit [
; CHECK-NEXT:      i32 0, label %inner
; CHECK-NEXT:      i32 1, label %outer
; CHECK-NEXT:      i32 2, label %inner
; CHECK-NEXT:    ], !prof [[LATCH:![0-9]+]]
; CHECK-DAG:   [[LATCHSB]] = !{!"branch_weights", i32 1, i32 703, i32 7, i32 0}
; CHECK-DAG:   [[LATCH]] = !{!"branch_weights", i32 0, i32 199, i32 1, i32 0}

declare void @g()

define void @nest(i1 %c, i32 %sel) {
entry:
  br label %outer
outer:
  br label %inner
inner:
  br i1 %c, label %a, label %b
a:
  br label %latch
b:
  br label %latch
latch:
  call void @g()
  switch i32 %sel, label %exit [
    i32 0, label %inner
    i32 1, label %outer
    i32 2, label %inner
  ]
exit:
  ret void
}
