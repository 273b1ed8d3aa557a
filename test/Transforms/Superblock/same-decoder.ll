; The superblock pass's test driver and the use pass decode a profile with
; the same decoder (CFGDescription::decode behind decodePathProfile): the
; paths a run of @twoloops counted, given to the driver by their blocks,
; give exactly the paths, edge and block counts the use pass decodes from
; the run's profile, path breaks apportioned alike.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %s \
; RUN:   | sed -n "/for 'twoloops'/,/apportioned/p" > %t/use.txt
; RUN: %opt_pathprof -passes=pathprof-superblock -pathprof-superblock-print-profile -disable-output %s \
; RUN:   -pathprof-superblock-paths='twoloops:inner,latch:7;twoloops:outer,inner,latch:3;twoloops:entry,outer,inner,latch:1;twoloops:inner,latch,exit:1' \
; RUN:   | sed -n "/for 'twoloops'/,/apportioned/p" > %t/superblock.txt
; RUN: diff %t/use.txt %t/superblock.txt
; RUN: FileCheck %s < %t/superblock.txt

; CHECK:      PathProf profile for 'twoloops': checksum 0x{{[0-9a-f]+}}, 6 paths
; CHECK-NEXT:   entry count: 1, flow: 12, paths run: 4
; CHECK-NEXT:   path 5 count 7: ENTRY => inner -> latch => EXIT
; CHECK-NEXT:   path 3 count 3: ENTRY => outer -> inner -> latch => EXIT
; CHECK-NEXT:   path 1 count 1: entry -> outer -> inner -> latch => EXIT
; CHECK-NEXT:   path 4 count 1: ENTRY => inner -> latch -> exit -> EXIT
; CHECK-NEXT:   edge entry -> outer: 1
; CHECK-NEXT:   edge outer -> inner: 4
; CHECK-NEXT:   edge inner -> latch: 12
; CHECK-NEXT:   edge latch -> exit: 1
; CHECK-NEXT:   edge latch -> inner: 8 (path break)
; CHECK-NEXT:   edge latch -> outer: 3 (path break)
; CHECK-NEXT:   block entry: 1
; CHECK-NEXT:   block outer: 4
; CHECK-NEXT:   block inner: 12
; CHECK-NEXT:   block latch: 12
; CHECK-NEXT:   block exit: 1
; CHECK-NEXT:   path breaks apportioned by their targets' counts

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
  switch i32 %k, label %exit [
    i32 0, label %inner
    i32 1, label %outer
  ]
exit:
  ret i32 %i.next
}
define i32 @main() {
entry:
  %t = call i32 @twoloops(i32 4)
  ret i32 0
}
