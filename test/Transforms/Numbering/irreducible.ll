; An irreducible loop (two entries, a and b): the DFS from ENTRY decides which
; edge is retreating, and the ids still form a bijection.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

define void @irreducible(i1 %c, i1 %d, i1 %e) {
entry:
  br i1 %c, label %a, label %b
a:
  br i1 %d, label %b, label %out
b:
  br i1 %e, label %a, label %out
out:
  ret void
}

; CHECK-LABEL: PathProf numbering for 'irreducible'
; CHECK-NEXT:  blocks: 4, edges: 8, backedges: 1, cut edges: 0
; CHECK-NEXT:  NumPaths: 8
; CHECK-NEXT:  backedge: b -> a
; CHECK-NEXT:  edge entry -> a [cfg] Val=0
; CHECK-NEXT:  edge entry -> b [cfg] Val=3
; CHECK-NEXT:  edge entry -> a [entry-pseudo] Val=5
; CHECK-NEXT:  edge a -> b [cfg] Val=0
; CHECK-NEXT:  edge a -> out [cfg] Val=2
; CHECK-NEXT:  edge b -> out [cfg] Val=0
; CHECK-NEXT:  edge b -> EXIT [exit-pseudo] Val=1
; CHECK-NEXT:  edge out -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> a -> b -> out -> EXIT
; CHECK-NEXT:  path 1: entry -> a -> b => EXIT
; CHECK-NEXT:  path 2: entry -> a -> out -> EXIT
; CHECK-NEXT:  path 3: entry -> b -> out -> EXIT
; CHECK-NEXT:  path 4: entry -> b => EXIT
; CHECK-NEXT:  path 5: ENTRY => a -> b -> out -> EXIT
; CHECK-NEXT:  path 6: ENTRY => a -> b => EXIT
; CHECK-NEXT:  path 7: ENTRY => a -> out -> EXIT
; CHECK-NEXT:  bijection: ok (8 paths, ids 0..7)
