; Nested loops, and a loop header with two backedges.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

define void @nested(i1 %c1, i1 %c2) {
entry:
  br label %outer
outer:
  br i1 %c1, label %inner, label %done
inner:
  br i1 %c2, label %inner, label %latch
latch:
  br label %outer
done:
  ret void
}


define void @two_latches(i32 %x) {
entry:
  br label %head
head:
  switch i32 %x, label %a [ i32 1, label %b
                            i32 2, label %out ]
a:
  br label %head
b:
  br label %head
out:
  ret void
}

; CHECK-LABEL: PathProf numbering for 'nested'
; CHECK-NEXT:  blocks: 5, edges: 9, backedges: 2, cut edges: 0
; CHECK-NEXT:  NumPaths: 8
; CHECK-NEXT:  backedge: inner -> inner
; CHECK-NEXT:  backedge: latch -> outer
; CHECK-NEXT:  edge entry -> outer [cfg] Val=0
; CHECK-NEXT:  edge entry -> outer [entry-pseudo] Val=3
; CHECK-NEXT:  edge entry -> inner [entry-pseudo] Val=6
; CHECK-NEXT:  edge outer -> inner [cfg] Val=0
; CHECK-NEXT:  edge outer -> done [cfg] Val=2
; CHECK-NEXT:  edge inner -> latch [cfg] Val=0
; CHECK-NEXT:  edge inner -> EXIT [exit-pseudo] Val=1
; CHECK-NEXT:  edge latch -> EXIT [exit-pseudo] Val=0
; CHECK-NEXT:  edge done -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> outer -> inner -> latch => EXIT
; CHECK-NEXT:  path 1: entry -> outer -> inner => EXIT
; CHECK-NEXT:  path 2: entry -> outer -> done -> EXIT
; CHECK-NEXT:  path 3: ENTRY => outer -> inner -> latch => EXIT
; CHECK-NEXT:  path 4: ENTRY => outer -> inner => EXIT
; CHECK-NEXT:  path 5: ENTRY => outer -> done -> EXIT
; CHECK-NEXT:  path 6: ENTRY => inner -> latch => EXIT
; CHECK-NEXT:  path 7: ENTRY => inner => EXIT
; CHECK-NEXT:  bijection: ok (8 paths, ids 0..7)
; CHECK-LABEL: PathProf numbering for 'two_latches'
; CHECK-NEXT:  blocks: 5, edges: 8, backedges: 2, cut edges: 0
; CHECK-NEXT:  NumPaths: 6
; CHECK-NEXT:  backedge: a -> head
; CHECK-NEXT:  backedge: b -> head
; CHECK-NEXT:  edge entry -> head [cfg] Val=0
; CHECK-NEXT:  edge entry -> head [entry-pseudo] Val=3
; CHECK-NEXT:  edge head -> a [cfg] Val=0
; CHECK-NEXT:  edge head -> b [cfg] Val=1
; CHECK-NEXT:  edge head -> out [cfg] Val=2
; CHECK-NEXT:  edge a -> EXIT [exit-pseudo] Val=0
; CHECK-NEXT:  edge b -> EXIT [exit-pseudo] Val=0
; CHECK-NEXT:  edge out -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> head -> a => EXIT
; CHECK-NEXT:  path 1: entry -> head -> b => EXIT
; CHECK-NEXT:  path 2: entry -> head -> out -> EXIT
; CHECK-NEXT:  path 3: ENTRY => head -> a => EXIT
; CHECK-NEXT:  path 4: ENTRY => head -> b => EXIT
; CHECK-NEXT:  path 5: ENTRY => head -> out -> EXIT
; CHECK-NEXT:  bijection: ok (6 paths, ids 0..5)
