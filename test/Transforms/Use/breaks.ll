; Edge counts around path breaks and parallel edges:
;  - @twoloops: 'latch' is the latch of both loops, so its two backedges
;    share one latch->EXIT pseudo-edge; their counts are apportioned by the
;    paths that start at each header, exact here (8 and 3 for n = 4).
;  - @sw: cases 1 and 2 both go to 'b': one DAG edge, whose count goes on
;    the first of the two successor slots.
;  - @chain: numbered with -pathprof-max-paths=12, so edges are cut; cut
;    edges count like backedges, from the paths that end on them.
;  - @irr: an irreducible loop; its headers get irr_loop weights, as IR PGO
;    gives them.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-max-paths=12 -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-max-paths=12 -pathprof-profile-use=%t/prof.pathprof -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-superblocks=false -pathprof-max-paths=12 -pathprof-profile-use=%t/prof.pathprof -S %s | FileCheck %s
; Numbered without the cut, @chain no longer matches its profile.
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %s | FileCheck %s --check-prefix=STALE

; DECODE-LABEL: PathProf profile for 'twoloops':
; DECODE:       edge entry -> outer: 1
; DECODE-NEXT:  edge outer -> inner: 4
; DECODE-NEXT:  edge inner -> latch: 12
; DECODE-NEXT:  edge latch -> exit: 1
; DECODE-NEXT:  edge latch -> inner: 8 (path break)
; DECODE-NEXT:  edge latch -> outer: 3 (path break)
; DECODE-NEXT:  block entry: 1
; DECODE-NEXT:  block outer: 4
; DECODE-NEXT:  block inner: 12
; DECODE-NEXT:  block latch: 12
; DECODE-NEXT:  block exit: 1
; DECODE-NEXT:  path breaks apportioned by their targets' counts

; CHECK-LABEL: define i32 @twoloops(
define i32 @twoloops(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %latch ]
  %j.next = add i32 %j, 1
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %more.j = icmp ult i32 %j.next, 3
  %more.i = icmp ult i32 %i.next, %n
  %to.outer = select i1 %more.i, i32 1, i32 2
  %k = select i1 %more.j, i32 0, i32 %to.outer
; CHECK:      switch i32 %k, label %exit [
; CHECK-NEXT:   i32 0, label %inner
; CHECK-NEXT:   i32 1, label %outer
; CHECK-NEXT: ], !prof [[TWOLOOPS:![0-9]+]]
  switch i32 %k, label %exit [
    i32 0, label %inner
    i32 1, label %outer
  ]
exit:
  ret i32 %i.next
}

; DECODE-LABEL: PathProf profile for 'sw':
; DECODE:       edge entry -> def: 7
; DECODE-NEXT:  edge entry -> a: 1
; DECODE-NEXT:  edge entry -> b: 2
; DECODE-NEXT:  edge a -> ret: 1
; DECODE-NEXT:  edge b -> ret: 2
; DECODE-NEXT:  edge def -> ret: 7
; DECODE-NOT:   apportioned

; CHECK-LABEL: define i32 @sw(
define i32 @sw(i32 %x) {
entry:
; CHECK: ], !prof [[SW:![0-9]+]]
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %b
  ]
a:
  br label %ret
b:
  br label %ret
def:
  br label %ret
ret:
  %v = phi i32 [ 1, %a ], [ 2, %b ], [ 0, %def ]
  ret i32 %v
}

; Four diamonds in a row have 16 paths; with at most 12, both edges into
; 'j2' and the edge j2 -> r2 are cut. x = 0..9: bit 0 is clear 5 times, bit 1
; 6 times, bit 2 6 times, bit 3 8 times.
; DECODE-LABEL: PathProf profile for 'chain': checksum 0x{{[0-9a-f]+}}, 9 paths
; DECODE:       edge entry -> l0: 5
; DECODE-NEXT:  edge entry -> r0: 5
; DECODE-NEXT:  edge l0 -> j1: 5
; DECODE-NEXT:  edge r0 -> j1: 5
; DECODE-NEXT:  edge j1 -> l1: 6
; DECODE-NEXT:  edge j1 -> r1: 4
; DECODE-NEXT:  edge l1 -> j2: 6 (path break)
; DECODE-NEXT:  edge r1 -> j2: 4 (path break)
; DECODE-NEXT:  edge j2 -> l2: 6
; DECODE-NEXT:  edge j2 -> r2: 4 (path break)
; DECODE-NEXT:  edge l2 -> j3: 6
; DECODE-NEXT:  edge r2 -> j3: 4
; DECODE-NEXT:  edge j3 -> l3: 8
; DECODE-NEXT:  edge j3 -> r3: 2
; DECODE-NEXT:  edge l3 -> exit: 8
; DECODE-NEXT:  edge r3 -> exit: 2
; DECODE:       block exit: 10
; DECODE-NOT:   apportioned

; STALE: PathProf profile for 'chain': stale (checksum 0x{{[0-9a-f]+}} matches none of its 1 profiles)

; CHECK-LABEL: define i32 @chain(
define i32 @chain(i32 %x) {
entry:
  %b0 = and i32 %x, 1
  %c0 = icmp eq i32 %b0, 0
; CHECK: br i1 %c0, label %l0, label %r0, !prof [[C0:![0-9]+]]
  br i1 %c0, label %l0, label %r0
l0:
  br label %j1
r0:
  br label %j1
j1:
  %b1 = and i32 %x, 2
  %c1 = icmp eq i32 %b1, 0
; CHECK: br i1 %c1, label %l1, label %r1, !prof [[C1:![0-9]+]]
  br i1 %c1, label %l1, label %r1
l1:
  br label %j2
r1:
  br label %j2
j2:
  %b2 = and i32 %x, 4
  %c2 = icmp eq i32 %b2, 0
; The same weights as j1's, so the same metadata node.
; CHECK: br i1 %c2, label %l2, label %r2, !prof [[C1]]
  br i1 %c2, label %l2, label %r2
l2:
  br label %j3
r2:
  br label %j3
j3:
  %b3 = and i32 %x, 8
  %c3 = icmp eq i32 %b3, 0
; CHECK: br i1 %c3, label %l3, label %r3, !prof [[C3:![0-9]+]]
  br i1 %c3, label %l3, label %r3
l3:
  br label %exit
r3:
  br label %exit
exit:
  ret i32 %x
}

; Entered at a when x = 0 (a runs 3 times, b 2) and at b otherwise (b 3, a 2);
; DFS makes b -> a the backedge.
; DECODE-LABEL: PathProf profile for 'irr':
; DECODE:       edge entry -> a: 1
; DECODE-NEXT:  edge entry -> b: 9
; DECODE-NEXT:  edge a -> b: 20
; DECODE-NEXT:  edge a -> exit: 1
; DECODE-NEXT:  edge b -> a: 20 (path break)
; DECODE-NEXT:  edge b -> exit: 9
; DECODE-NEXT:  block entry: 10
; DECODE-NEXT:  block a: 21
; DECODE-NEXT:  block b: 29
; DECODE-NEXT:  block exit: 10

; CHECK-LABEL: define i32 @irr(
define i32 @irr(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b
a:
  %i = phi i32 [ 0, %entry ], [ %j.next, %b ]
  %i.next = add i32 %i, 1
  %more.a = icmp ult i32 %i.next, 5
; CHECK: br i1 %more.a, label %b, label %exit, !prof [[A:![0-9]+]], !irr_loop [[AH:![0-9]+]]
  br i1 %more.a, label %b, label %exit
b:
  %j = phi i32 [ 0, %entry ], [ %i.next, %a ]
  %j.next = add i32 %j, 1
  %more.b = icmp ult i32 %j.next, 5
; CHECK: br i1 %more.b, label %a, label %exit, !prof [[B:![0-9]+]], !irr_loop [[BH:![0-9]+]]
  br i1 %more.b, label %a, label %exit
exit:
  ret i32 0
}

define i32 @main() {
entry:
  %t = call i32 @twoloops(i32 4)
  br label %loop
loop:
  %x = phi i32 [ 0, %entry ], [ %x.next, %loop ]
  %s = call i32 @sw(i32 %x)
  %c = call i32 @chain(i32 %x)
  %r = call i32 @irr(i32 %x)
  %x.next = add i32 %x, 1
  %more = icmp ult i32 %x.next, 10
  br i1 %more, label %loop, label %done
done:
  ret i32 0
}

; Successor order: exit (default), inner, outer.
; CHECK-DAG: [[TWOLOOPS]] = !{!"branch_weights", i32 1, i32 8, i32 3}
; Default, case 0, cases 1 and 2 (together on the first).
; CHECK-DAG: [[SW]] = !{!"branch_weights", i32 7, i32 1, i32 2, i32 0}
; CHECK-DAG: [[C0]] = !{!"branch_weights", i32 5, i32 5}
; CHECK-DAG: [[C1]] = !{!"branch_weights", i32 6, i32 4}
; CHECK-DAG: [[C3]] = !{!"branch_weights", i32 8, i32 2}
; CHECK-DAG: [[A]] = !{!"branch_weights", i32 20, i32 1}
; CHECK-DAG: [[AH]] = !{!"loop_header_weight", i64 21}
; CHECK-DAG: [[B]] = !{!"branch_weights", i32 20, i32 9}
; CHECK-DAG: [[BH]] = !{!"loop_header_weight", i64 29}
