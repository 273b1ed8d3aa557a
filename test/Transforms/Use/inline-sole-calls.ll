; pathprof-inline-sole-calls inlines the only call of each local function
; after pathprof-use, as -fprofile-use's pre-inliner does. main runs once, so
; with the profile its calls are cold and LLVM's inliner would neither
; inline @work (cost over the cold call site threshold of 45, the bonus for
; the last call to a static function disallowed) nor anything else here.
; The inlined body keeps the callee's branch weights: all of its flow came
; through this one call.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
;
; RUN: %opt_pathprof -passes='pathprof-use,pathprof-inline-sole-calls,verify' -pathprof-profile-use=%t/prof.pathprof \
; RUN:   -pathprof-superblocks=false -pass-remarks=pathprof-inline -pass-remarks-missed=pathprof-inline \
; RUN:   -S %s -o %t/out.ll 2> %t/remarks
; RUN: FileCheck %s < %t/out.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
;
; REMARK-DAG: remark: <unknown>:0:0: 'work' inlined into 'main': its only call (as -fprofile-use's pre-inliner does)
; REMARK-DAG: remark: <unknown>:0:0: 'leaf' inlined into 'main': its only call (as -fprofile-use's pre-inliner does)
; REMARK-DAG: remark: <unknown>:0:0: 'kept' not inlined into 'main' although this is its only call: it is noinline
; REMARK-NOT: remark: {{.*}}'twice'
; REMARK-NOT: remark: {{.*}}'rec'
; REMARK-NOT: remark: {{.*}}'external'
;
; @work and @leaf are gone; their loop and branch are in main, with the
; weights pathprof-use gave them in @work (i < 100: 100 iterations, 1 exit;
; 34 multiples of 3 among 0..99, 66 others).
; CHECK-LABEL: define i32 @main()
; CHECK-NOT:   call {{.*}}@work
; CHECK-NOT:   call {{.*}}@leaf
; CHECK:       br i1 %{{.*}}, label %{{.*}}, label %{{.*}}, !prof [[THIRDS:![0-9]+]]
; CHECK:       call i32 @twice(i32 1)
; CHECK:       call i32 @twice(i32 2)
; CHECK:       call i32 @kept()
; CHECK:       call i32 @rec(i32 3)
; CHECK:       call i32 @external()
; CHECK-NOT:   define internal i32 @work(
; CHECK-NOT:   define internal i32 @leaf(
; CHECK:       define internal i32 @twice(
; CHECK:       define internal i32 @kept(
; CHECK:       define internal i32 @rec(
; CHECK:       define i32 @external(
; CHECK:       [[THIRDS]] = !{!"branch_weights", i32 34, i32 66}
;
; Callees larger than -pathprof-sole-call-max-size are left.
; RUN: %opt_pathprof -passes='pathprof-use,pathprof-inline-sole-calls' -pathprof-profile-use=%t/prof.pathprof \
; RUN:   -pathprof-superblocks=false -pathprof-sole-call-max-size=5 -pass-remarks-missed=pathprof-inline \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=SIZE
; SIZE: remark: <unknown>:0:0: 'work' not inlined into 'main' although this is its only call: the callee has {{[0-9]+}} instructions (-pathprof-sole-call-max-size=5)
;
; In clang's pipeline the pass follows pathprof-use in optimized builds
; without the pre-inliner only, and -pathprof-inline-sole-calls=false turns
; it off. (clang simplifies @rec before pathprof-use, so its profile, made by
; opt, is stale there.) With the pre-inliner (the default), that inliner has
; inlined the sole call before pathprof-use, as -fprofile-use's does.
; RUN: %clang_pathprof -O2 -Wno-override-module -mllvm -pathprof-profile-use=%t/prof.pathprof -mllvm -pathprof-warn-mismatch=false -mllvm -pathprof-preinline=false -Rpass=pathprof-inline -c %s -o %t/o2.o 2>&1 | FileCheck %s --check-prefix=O2
; O2: remark: {{.*}}'work' inlined into 'main': its only call
; RUN: %clang_pathprof -O2 -Wno-override-module -mllvm -pathprof-profile-use=%t/prof.pathprof -mllvm -pathprof-warn-mismatch=false -Rpass=pathprof-inline -Rpass=inline -c %s -o %t/pre.o 2>&1 | FileCheck %s --check-prefix=PRE
; PRE-NOT: remark: {{.*}}pathprof-inline
; PRE: remark: {{.*}}'work' inlined into 'main' with (cost={{.*}}) [-Rpass=inline]
; PRE-NOT: remark: {{.*}}pathprof-inline
; RUN: %clang_pathprof -O0 -Wno-override-module -mllvm -pathprof-profile-use=%t/prof.pathprof -mllvm -pathprof-warn-mismatch=false -Rpass=pathprof-inline -c %s -o %t/o0.o 2>&1 | count 0
; RUN: %clang_pathprof -O2 -Wno-override-module -mllvm -pathprof-profile-use=%t/prof.pathprof -mllvm -pathprof-warn-mismatch=false -mllvm -pathprof-inline-sole-calls=false -Rpass=pathprof-inline -c %s -o %t/off.o 2>&1 | count 0

define i32 @main() {
  %w = call i32 @work(i32 100)
  %t1 = call i32 @twice(i32 1)
  %t2 = call i32 @twice(i32 2)
  %k = call i32 @kept()
  %r = call i32 @rec(i32 3)
  %e = call i32 @external()
  %s1 = add i32 %w, %t1
  %s2 = add i32 %s1, %t2
  %s3 = add i32 %s2, %k
  %s4 = add i32 %s3, %r
  %s5 = add i32 %s4, %e
  %res = and i32 %s5, 0
  ret i32 %res
}

define internal i32 @work(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %r = urem i32 %i, 3
  %third = icmp eq i32 %r, 0
  br i1 %third, label %then, label %else
then:
  %a = add i32 %acc, %i
  br label %latch
else:
  %b = call i32 @leaf(i32 %acc)
  br label %latch
latch:
  %acc.next = phi i32 [ %a, %then ], [ %b, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}

define internal i32 @leaf(i32 %x) {
  %y = xor i32 %x, 5
  ret i32 %y
}

define internal i32 @twice(i32 %x) {
  %y = mul i32 %x, 7
  ret i32 %y
}

define internal i32 @kept() noinline {
  ret i32 1
}

define internal i32 @rec(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @rec(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

define i32 @external() {
  ret i32 2
}
