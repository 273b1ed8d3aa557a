; A block that begins with a call to a returns_twice function starts a new
; path: its incoming edges are path breaks ("setjmp edges"), like backedges.
; RUN: %opt_pathprof -passes='print<pathprof-numbering>' -disable-output %s | FileCheck %s
; The instrumented IR of every function here is valid, with either placement.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -disable-output %s
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,verify -pathprof-placement=per-edge -pathprof-verify -disable-output %s

declare i32 @setjmp(ptr) returns_twice
declare void @work()

define i32 @guarded(ptr %env, i1 %c) {
entry:
  br i1 %c, label %pre, label %sj
pre:
  call void @work()
  br label %sj
sj:
  %r = call i32 @setjmp(ptr %env)
  %caught = icmp ne i32 %r, 0
  br i1 %caught, label %handler, label %body
handler:
  ret i32 1
body:
  call void @work()
  ret i32 0
}

; CHECK-LABEL: PathProf numbering for 'guarded'
; CHECK-NEXT:  blocks: 5, edges: 8, backedges: 0, cut edges: 0
; CHECK-NEXT:  NumPaths: 4
; CHECK-NEXT:  setjmp edge: entry -> sj
; CHECK-NEXT:  setjmp edge: pre -> sj
; CHECK-NEXT:  edge entry -> pre [cfg] Val=0
; CHECK-NEXT:  edge entry -> EXIT [exit-pseudo] Val=1
; CHECK-NEXT:  edge entry -> sj [entry-pseudo] Val=2
; CHECK-NEXT:  edge pre -> EXIT [exit-pseudo] Val=0
; CHECK-NEXT:  edge sj -> handler [cfg] Val=0
; CHECK-NEXT:  edge sj -> body [cfg] Val=1
; CHECK-NEXT:  edge handler -> EXIT [return] Val=0
; CHECK-NEXT:  edge body -> EXIT [return] Val=0
; CHECK-NEXT:  path 0: entry -> pre => EXIT
; CHECK-NEXT:  path 1: entry => EXIT
; CHECK-NEXT:  path 2: ENTRY => sj -> handler -> EXIT
; CHECK-NEXT:  path 3: ENTRY => sj -> body -> EXIT
; CHECK-NEXT:  bijection: ok (4 paths, ids 0..3)
