; setjmp: the use pass splits blocks at returns_twice calls as the
; instrumentation did, so the profile matches. The edge into the setjmp block
; is counted from the path that ends before it (once), not from the paths
; that start at it, which include the two returns through longjmp.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %s | FileCheck %s --check-prefix=DECODE
; RUN: %opt_pathprof -passes=pathprof-use,verify -pathprof-superblocks=false -pathprof-profile-use=%t/prof.pathprof -S %s | FileCheck %s

; DECODE-LABEL: PathProf profile for 'main':
; DECODE-NEXT:  entry count: 1, flow: 4, paths run: 3
; DECODE-NEXT:  path {{[0-9]+}} count 2: ENTRY => entry.setjmp -> again -> EXIT
; DECODE-NEXT:  path {{[0-9]+}} count 1: entry => EXIT
; DECODE-NEXT:  path {{[0-9]+}} count 1: ENTRY => entry.setjmp -> done -> EXIT
; DECODE-NEXT:  edge entry -> entry.setjmp: 1 (path break)
; DECODE-NEXT:  edge entry.setjmp -> again: 2
; DECODE-NEXT:  edge entry.setjmp -> done: 1
; DECODE-NEXT:  block entry: 1
; DECODE-NEXT:  block entry.setjmp: 3
; DECODE-NEXT:  block again: 2
; DECODE-NEXT:  block done: 1

declare i32 @_setjmp(ptr) returns_twice
declare void @longjmp(ptr, i32) noreturn

; CHECK-LABEL: define i32 @main() {{.*}}!prof
define i32 @main() {
entry:
  %env = alloca [64 x i64], align 16
  %n = alloca i32, align 4
  store volatile i32 0, ptr %n, align 4
  %r = call i32 @_setjmp(ptr %env)
  %v = load volatile i32, ptr %n, align 4
  %v1 = add i32 %v, 1
  store volatile i32 %v1, ptr %n, align 4
  %more = icmp slt i32 %v1, 3
; CHECK: entry.setjmp:
; CHECK: br i1 %more, label %again, label %done, !prof [[W:![0-9]+]]
  br i1 %more, label %again, label %done
again:
  call void @longjmp(ptr %env, i32 1)
  unreachable
done:
  ret i32 0
}

; CHECK: [[W]] = !{!"branch_weights", i32 2, i32 1}
