; Three diamonds in sequence have 8 paths; with -pathprof-max-paths=7 the DAG
; is cut so that no path id exceeds the limit, and ids remain a bijection.
; A limit of 1 cannot be met at all: the function is left unnumbered.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s --check-prefix=FULL
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -pathprof-max-paths=7 -disable-output %s | FileCheck %s --check-prefix=CUT
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -pathprof-max-paths=1 -disable-output %s | FileCheck %s --check-prefix=NONE
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-max-paths=7 -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -pathprof-max-paths=7 -disable-output %s

define void @three(i1 %a, i1 %b, i1 %c) {
entry:
  br i1 %a, label %a1, label %a2
a1:
  br label %m1
a2:
  br label %m1
m1:
  br i1 %b, label %b1, label %b2
b1:
  br label %m2
b2:
  br label %m2
m2:
  br i1 %c, label %c1, label %c2
c1:
  br label %m3
c2:
  br label %m3
m3:
  ret void
}

; FULL-LABEL: PathProf numbering for 'three'
; FULL-NEXT:  blocks: 10, edges: 13, backedges: 0, cut edges: 0
; FULL-NEXT:  NumPaths: 8
; FULL-NEXT:  edge entry -> a1 [cfg] Val=0
; FULL-NEXT:  edge entry -> a2 [cfg] Val=4
; FULL-NEXT:  edge a1 -> m1 [cfg] Val=0
; FULL-NEXT:  edge a2 -> m1 [cfg] Val=0
; FULL-NEXT:  edge m1 -> b1 [cfg] Val=0
; FULL-NEXT:  edge m1 -> b2 [cfg] Val=2
; FULL-NEXT:  edge b1 -> m2 [cfg] Val=0
; FULL-NEXT:  edge b2 -> m2 [cfg] Val=0
; FULL-NEXT:  edge m2 -> c1 [cfg] Val=0
; FULL-NEXT:  edge m2 -> c2 [cfg] Val=1
; FULL-NEXT:  edge c1 -> m3 [cfg] Val=0
; FULL-NEXT:  edge c2 -> m3 [cfg] Val=0
; FULL-NEXT:  edge m3 -> EXIT [return] Val=0
; FULL-NEXT:  path 0: entry -> a1 -> m1 -> b1 -> m2 -> c1 -> m3 -> EXIT
; FULL-NEXT:  path 1: entry -> a1 -> m1 -> b1 -> m2 -> c2 -> m3 -> EXIT
; FULL-NEXT:  path 2: entry -> a1 -> m1 -> b2 -> m2 -> c1 -> m3 -> EXIT
; FULL-NEXT:  path 3: entry -> a1 -> m1 -> b2 -> m2 -> c2 -> m3 -> EXIT
; FULL-NEXT:  path 4: entry -> a2 -> m1 -> b1 -> m2 -> c1 -> m3 -> EXIT
; FULL-NEXT:  path 5: entry -> a2 -> m1 -> b1 -> m2 -> c2 -> m3 -> EXIT
; FULL-NEXT:  path 6: entry -> a2 -> m1 -> b2 -> m2 -> c1 -> m3 -> EXIT
; FULL-NEXT:  path 7: entry -> a2 -> m1 -> b2 -> m2 -> c2 -> m3 -> EXIT
; FULL-NEXT:  bijection: ok (8 paths, ids 0..7)

; CUT-LABEL: PathProf numbering for 'three'
; CUT-NEXT:  blocks: 10, edges: 15, backedges: 0, cut edges: 3
; CUT-NEXT:  NumPaths: 7
; CUT-NEXT:  cut edge: a1 -> m1
; CUT-NEXT:  cut edge: a2 -> m1
; CUT-NEXT:  cut edge: m1 -> b2
; CUT-NEXT:  edge entry -> a1 [cfg] Val=0
; CUT-NEXT:  edge entry -> a2 [cfg] Val=1
; CUT-NEXT:  edge entry -> m1 [entry-pseudo] Val=2
; CUT-NEXT:  edge entry -> b2 [entry-pseudo] Val=5
; CUT-NEXT:  edge a1 -> EXIT [exit-pseudo] Val=0
; CUT-NEXT:  edge a2 -> EXIT [exit-pseudo] Val=0
; CUT-NEXT:  edge m1 -> b1 [cfg] Val=0
; CUT-NEXT:  edge m1 -> EXIT [exit-pseudo] Val=2
; CUT-NEXT:  edge b1 -> m2 [cfg] Val=0
; CUT-NEXT:  edge b2 -> m2 [cfg] Val=0
; CUT-NEXT:  edge m2 -> c1 [cfg] Val=0
; CUT-NEXT:  edge m2 -> c2 [cfg] Val=1
; CUT-NEXT:  edge c1 -> m3 [cfg] Val=0
; CUT-NEXT:  edge c2 -> m3 [cfg] Val=0
; CUT-NEXT:  edge m3 -> EXIT [return] Val=0
; CUT-NEXT:  path 0: entry -> a1 => EXIT
; CUT-NEXT:  path 1: entry -> a2 => EXIT
; CUT-NEXT:  path 2: ENTRY => m1 -> b1 -> m2 -> c1 -> m3 -> EXIT
; CUT-NEXT:  path 3: ENTRY => m1 -> b1 -> m2 -> c2 -> m3 -> EXIT
; CUT-NEXT:  path 4: ENTRY => m1 => EXIT
; CUT-NEXT:  path 5: ENTRY => b2 -> m2 -> c1 -> m3 -> EXIT
; CUT-NEXT:  path 6: ENTRY => b2 -> m2 -> c2 -> m3 -> EXIT
; CUT-NEXT:  bijection: ok (7 paths, ids 0..6)

; NONE-LABEL: PathProf numbering for 'three'
; NONE-NEXT:  not numbered: the function's paths cannot be numbered within 1 paths
