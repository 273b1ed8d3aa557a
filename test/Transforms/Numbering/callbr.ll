; callbr (asm goto): the fallthrough and every indirect target are ordinary
; successors of the DAG.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

define i32 @asm_goto(i32 %x) {
entry:
  callbr void asm "", "r,!i,!i"(i32 %x) to label %fall [label %err, label %retry]
fall:
  ret i32 0
err:
  ret i32 1
retry:
  br label %fall
}

; CHECK-LABEL: PathProf numbering for 'asm_goto'
; CHECK-NEXT:  blocks: 4, edges: 6, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 3
; CHECK-NEXT:  edge entry -> fall [cfg] Val=0
; CHECK-NEXT:  edge entry -> err [cfg] Val=1
; CHECK-NEXT:  edge entry -> retry [cfg] Val=2
; CHECK-NEXT:  edge fall -> EXIT [return] Val=0
; CHECK-NEXT:  edge err -> EXIT [return] Val=0
; CHECK-NEXT:  edge retry -> fall [cfg] Val=0
; CHECK-NEXT:  path 0: entry -> fall -> EXIT
; CHECK-NEXT:  path 1: entry -> err -> EXIT
; CHECK-NEXT:  path 2: entry -> retry -> fall -> EXIT
; CHECK-NEXT:  bijection: ok (3 paths, ids 0..2)
