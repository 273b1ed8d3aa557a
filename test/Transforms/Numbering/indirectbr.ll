; indirectbr: every target is a successor; a backedge out of an indirectbr
; block is counted in the single-successor target or refused with a remark by
; the instrumentation (see Transforms/Instrumentation/refused.ll).
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

define void @ibr(ptr %p) {
entry:
  indirectbr ptr %p, [label %a, label %b]
a:
  br label %b
b:
  ret void
}

; CHECK-LABEL: PathProf numbering for 'ibr'
; CHECK-NEXT:  blocks: 3, edges: 4, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 2
; CHECK-NEXT:  edge entry -> a [cfg] Val=0
; CHECK-NEXT:  edge entry -> b [cfg] Val=1
; CHECK-NEXT:  edge a -> b [cfg] Val=0
; CHECK-NEXT:  edge b -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> a -> b -> EXIT
; CHECK-NEXT:  path 1: entry -> b -> EXIT
; CHECK-NEXT:  bijection: ok (2 paths, ids 0..1)
