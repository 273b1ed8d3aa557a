; Which paths are hot. The program's flow is 1001100: @big runs one path a
; million times, @mid's paths carry 1000 (0.1% of the program) and @small's
; 100 (0.01%). By default a path needs 10% of its function's flow and 0.1% of
; the program's; @big's one-block path is no trace, and the hottest other
; path (600) carries 0.06% of the program, so nothing is hot (no remarks).
;
; DEFINE: %{paths} = 'big:entry:1000000;mid:entry,b1,join,t,exit:600;mid:entry,b2,join,e,exit:300;mid:entry,b1,join,e,exit:50;mid:entry,b2,join,t,exit:50;small:entry,b1,join,t,exit:60;small:entry,b2,join,e,exit:30;small:entry,b1,join,e,exit:5;small:entry,b2,join,t,exit:5'
; DEFINE: %{opt} = %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false -pathprof-superblock-paths=%{paths} \
; DEFINE:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; DEFINE:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock -S %s
;
; RUN: %{opt} 2>%t.none | FileCheck %s --check-prefix=NONE
; RUN: count 0 < %t.none
; NONE-NOT: .sb
;
; 0.005% of the program: @mid's paths of 600 and 300 and @small's of 60 (but
; not 30) qualify.
; RUN: %{opt} -pathprof-superblock-min-program-share=0.005 2>&1 >/dev/null | FileCheck %s --check-prefix=PROG
; PROG:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of mid's flow), duplicated 5 instructions
; PROG-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b2 -> join -> e -> exit (30% of mid's flow), duplicated 3 instructions
; PROG-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of small's flow), duplicated 5 instructions
; PROG-NOT:  remark
;
; And with 50% of the function's flow, only the hottest path of each.
; RUN: %{opt} -pathprof-superblock-min-program-share=0.001 -pathprof-superblock-min-path-share=50 2>&1 >/dev/null \
; RUN:   | FileCheck %s --check-prefix=FUNC
; FUNC:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of mid's flow), duplicated 5 instructions
; FUNC-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of small's flow), duplicated 5 instructions
; FUNC-NOT:  remark

define void @big() {
entry:
  ret void
}

define i32 @mid(i1 %a, i1 %b, i32 %x) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  %v1 = add i32 %x, 1
  br label %join
b2:
  %v2 = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %v1, %b1 ], [ %v2, %b2 ]
  %q = add i32 %p, 7
  br i1 %b, label %t, label %e
t:
  %r1 = shl i32 %q, 1
  br label %exit
e:
  %r2 = sub i32 %q, 5
  br label %exit
exit:
  %res = phi i32 [ %r1, %t ], [ %r2, %e ]
  ret i32 %res
}

define i32 @small(i1 %a, i1 %b, i32 %x) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  %v1 = add i32 %x, 1
  br label %join
b2:
  %v2 = mul i32 %x, 3
  br label %join
join:
  %p = phi i32 [ %v1, %b1 ], [ %v2, %b2 ]
  %q = add i32 %p, 7
  br i1 %b, label %t, label %e
t:
  %r1 = shl i32 %q, 1
  br label %exit
e:
  %r2 = sub i32 %q, 5
  br label %exit
exit:
  %res = phi i32 [ %r1, %t ], [ %r2, %e ]
  ret i32 %res
}
