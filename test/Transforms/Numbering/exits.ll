; Several ways to leave a function: early returns, unreachable, a noreturn
; call, and a switch with two cases to the same block (one CFG edge).
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

declare void @abort() noreturn

define i32 @exits(i32 %x) {
entry:
  switch i32 %x, label %def [ i32 0, label %ret0
                              i32 1, label %same
                              i32 2, label %same
                              i32 3, label %dead ]
ret0:
  ret i32 0
same:
  %c = icmp eq i32 %x, 2
  br i1 %c, label %ret1, label %die
ret1:
  ret i32 1
die:
  call void @abort()
  unreachable
dead:
  unreachable
def:
  ret i32 2
unused:
  ret i32 3
}

; CHECK-LABEL: PathProf numbering for 'exits'
; CHECK-NEXT:  blocks: 7, edges: 11, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 5
; CHECK-NEXT:  edge entry -> def [cfg] Val=0
; CHECK-NEXT:  edge entry -> ret0 [cfg] Val=1
; CHECK-NEXT:  edge entry -> same [cfg] Val=2
; CHECK-NEXT:  edge entry -> dead [cfg] Val=4
; CHECK-NEXT:  edge ret0 -> EXIT [return] Val=0
; CHECK-NEXT:  edge same -> ret1 [cfg] Val=0
; CHECK-NEXT:  edge same -> die [cfg] Val=1
; CHECK-NEXT:  edge ret1 -> EXIT [return] Val=0
; CHECK-NEXT:  edge die -> EXIT [return] Val=0
; CHECK-NEXT:  edge dead -> EXIT [return] Val=0
; CHECK-NEXT:  edge def -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> def -> EXIT
; CHECK-NEXT:  path 1: entry -> ret0 -> EXIT
; CHECK-NEXT:  path 2: entry -> same -> ret1 -> EXIT
; CHECK-NEXT:  path 3: entry -> same -> die -> EXIT
; CHECK-NEXT:  path 4: entry -> dead -> EXIT
; CHECK-NEXT:  bijection: ok (5 paths, ids 0..4)
