; invoke and landing pads: the unwind edge is an ordinary DAG edge and the
; landing pad's resume leaves the function.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

declare void @may_throw()
declare i32 @__gxx_personality_v0(...)

define void @eh(i1 %c) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %c, label %call, label %done
call:
  invoke void @may_throw() to label %done unwind label %lpad
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
done:
  ret void
}

; CHECK-LABEL: PathProf numbering for 'eh'
; CHECK-NEXT:  blocks: 4, edges: 6, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 3
; CHECK-NEXT:  edge entry -> call [cfg] Val=0
; CHECK-NEXT:  edge entry -> done [cfg] Val=2
; CHECK-NEXT:  edge call -> done [cfg] Val=0
; CHECK-NEXT:  edge call -> lpad [cfg] Val=1
; CHECK-NEXT:  edge lpad -> EXIT [return] Val=0
; CHECK-NEXT:  edge done -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> call -> done -> EXIT
; CHECK-NEXT:  path 1: entry -> call -> lpad -> EXIT
; CHECK-NEXT:  path 2: entry -> done -> EXIT
; CHECK-NEXT:  bijection: ok (3 paths, ids 0..2)
