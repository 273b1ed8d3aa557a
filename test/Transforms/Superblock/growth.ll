; Code growth bounds. Each function counts 12 instructions (phis excluded);
; the superblock along entry,b1,join,t,exit copies 5 of them, the one along
; entry,b2,join,e,exit 3 more. A trace that would exceed the function's or the
; module's remaining budget is refused whole.
;
; DEFINE: %{paths} = 'f:entry,b1,join,t,exit:60;f:entry,b2,join,e,exit:30;f:entry,b1,join,e,exit:5;f:entry,b2,join,t,exit:5;g:entry,b1,join,t,exit:60;g:entry,b2,join,e,exit:30;g:entry,b1,join,e,exit:5;g:entry,b2,join,t,exit:5'
;
; Defaults: 25% of 12 is 3 instructions per function; nothing fits.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false -pathprof-superblock-paths=%{paths} \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.def | FileCheck %s --check-prefix=NONE
; RUN: FileCheck %s --check-prefix=DEF < %t.def
; DEF:      remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> t -> exit: duplicating 5 instructions would exceed f's code growth budget (3 more allowed, -pathprof-superblock-max-growth=25)
; DEF-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: duplicating 5 instructions would exceed f's code growth budget (3 more allowed, -pathprof-superblock-max-growth=25)
; DEF-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> t -> exit: duplicating 5 instructions would exceed g's code growth budget (3 more allowed, -pathprof-superblock-max-growth=25)
; DEF-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: duplicating 5 instructions would exceed g's code growth budget (3 more allowed, -pathprof-superblock-max-growth=25)
; DEF-NOT:  remark
; NONE-NOT: .sb
;
; 42% of 12 is 5: the first superblock of each function fits, the second not.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false -pathprof-superblock-paths=%{paths} \
; RUN:   -pathprof-superblock-max-growth=42 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.func | FileCheck %s --check-prefix=FUNC
; RUN: FileCheck %s --check-prefix=FUNC-REMARK < %t.func
; FUNC-REMARK:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of f's flow), duplicated 5 instructions
; FUNC-REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: duplicating 3 instructions would exceed f's code growth budget (0 more allowed, -pathprof-superblock-max-growth=42)
; FUNC-REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of g's flow), duplicated 5 instructions
; FUNC-REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: duplicating 3 instructions would exceed g's code growth budget (0 more allowed, -pathprof-superblock-max-growth=42)
; FUNC-REMARK-NOT:  remark
; FUNC-LABEL: define i32 @f(
; FUNC:         br label %join.sb
; FUNC-NOT:     e.sb
; FUNC-LABEL: define i32 @g(
; FUNC:         br label %join.sb
; FUNC-NOT:     e.sb
;
; 40% of the module's 24 is 9: f gets both superblocks (8), g none.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false -pathprof-superblock-paths=%{paths} \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=40 \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.mod | FileCheck %s --check-prefix=MOD
; RUN: FileCheck %s --check-prefix=MOD-REMARK < %t.mod
; MOD-REMARK:      remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b1 -> join -> t -> exit (60% of f's flow), duplicated 5 instructions
; MOD-REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 5 blocks along path entry -> b2 -> join -> e -> exit (30% of f's flow), duplicated 3 instructions
; MOD-REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> t -> exit: duplicating 5 instructions would exceed the module's code growth budget (1 more allowed, -pathprof-superblock-max-module-growth=40)
; MOD-REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b2 -> join -> e -> exit: duplicating 5 instructions would exceed the module's code growth budget (1 more allowed, -pathprof-superblock-max-module-growth=40)
; MOD-REMARK-NOT:  remark
; MOD-LABEL: define i32 @f(
; MOD:         br label %join.sb
; MOD:         br i1 %b, label %t, label %e.sb
; MOD-LABEL: define i32 @g(
; MOD-NOT:     .sb
; MOD:         ret i32 %res

define i32 @f(i1 %a, i1 %b, i32 %x) {
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

define i32 @g(i1 %a, i1 %b, i32 %x) {
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
