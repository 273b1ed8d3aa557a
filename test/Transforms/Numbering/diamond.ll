; Two diamonds in sequence: 4 paths, no backedges.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

define i32 @two_diamonds(i1 %a, i1 %b) {
entry:
  br i1 %a, label %l, label %r
l:
  br label %m
r:
  br label %m
m:
  br i1 %b, label %x, label %y
x:
  br label %exit
y:
  br label %exit
exit:
  ret i32 0
}

; CHECK-LABEL: PathProf numbering for 'two_diamonds'
; CHECK-NEXT:  blocks: 7, edges: 9, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 4
; CHECK-NEXT:  edge entry -> l [cfg] Val=0
; CHECK-NEXT:  edge entry -> r [cfg] Val=2
; CHECK-NEXT:  edge l -> m [cfg] Val=0
; CHECK-NEXT:  edge r -> m [cfg] Val=0
; CHECK-NEXT:  edge m -> x [cfg] Val=0
; CHECK-NEXT:  edge m -> y [cfg] Val=1
; CHECK-NEXT:  edge x -> exit [cfg] Val=0
; CHECK-NEXT:  edge y -> exit [cfg] Val=0
; CHECK-NEXT:  edge exit -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> l -> m -> x -> exit -> EXIT
; CHECK-NEXT:  path 1: entry -> l -> m -> y -> exit -> EXIT
; CHECK-NEXT:  path 2: entry -> r -> m -> x -> exit -> EXIT
; CHECK-NEXT:  path 3: entry -> r -> m -> y -> exit -> EXIT
; CHECK-NEXT:  bijection: ok (4 paths, ids 0..3)
