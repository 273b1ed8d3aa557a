; Blocks that are never duplicated. Each function has the hot path
; entry -> b1 -> join -> exit whose first side entrance is join (from b2);
; join, or a block after it, is something a copy cannot be made of. When the
; first block to copy is refused there is no superblock; when a later one is,
; the superblock ends before it. The IR must be unchanged in the first case.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=1000 -pathprof-superblock-max-module-growth=1000 \
; RUN:   -pathprof-superblock-paths='addr:entry,b1,join,exit:90;addr:entry,b2,join,exit:5;ibr:entry,b1,join,exit:90;ibr:entry,b2,join,exit:5;eh:entry,b1,join:90;eh:entry,b2,join:5;cbr:entry,b1,join,exit:90;cbr:entry,b2,join,exit:5;token:entry,b1,join,exit:90;token:entry,b2,join,exit:5;conv:entry,b1,join,exit:90;conv:entry,b2,join,exit:5;nodup:entry,b1,join,exit:90;nodup:entry,b2,join,exit:5;rtwice:entry,b1,join,exit:90;rtwice:entry,b2,join,exit:5;later:entry,b1,join,mid,exit:90;later:entry,b2,join,mid,exit:5;small:entry,b1,join,exit:90;small:entry,b2,join,exit:5;coro:entry,b1,join,exit:90;coro:entry,b2,join,exit:5' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err

; REMARK:      remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: its address is taken (blockaddress)
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it has an indirectbr predecessor
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join: block join cannot be duplicated: it is an exception handling pad
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it has a callbr predecessor
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it defines a token value
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it contains a convergent call
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it contains a noduplicate call
; REMARK-NEXT: remark: <unknown>:0:0: no superblock along path entry -> b1 -> join -> exit: block join cannot be duplicated: it contains a returns_twice call
; REMARK-NEXT: remark: <unknown>:0:0: formed superblock of 3 blocks along path entry -> b1 -> join -> mid -> exit (94.7% of later's flow), duplicated 2 instructions
; REMARK-NEXT: remark: <unknown>:0:0: superblock along path entry -> b1 -> join -> mid -> exit ends before block mid: it contains a noduplicate call
; REMARK-NEXT: remark: <unknown>:0:0: no superblocks in small: it is optimized for size
; REMARK-NEXT: remark: <unknown>:0:0: no superblocks in coro: it is a coroutine
; REMARK-NOT:  remark

declare void @g()
declare void @conv_fn() convergent
declare void @nodup_fn() noduplicate
declare i32 @setjmp(ptr) returns_twice
declare void @may_throw()
declare i32 @__gxx_personality_v0(...)
declare token @llvm.call.preallocated.setup(i32)

@ba = global ptr blockaddress(@addr, %join)

; CHECK-LABEL: define void @addr(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @addr(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @ibr(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @ibr(i1 %a, ptr %p) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  indirectbr ptr %p, [label %join]
join:
  call void @g()
  br label %exit
exit:
  ret void
}

; The hot path leaves b1 through its unwind edge.
; CHECK-LABEL: define void @eh(
; CHECK-NOT:   .sb
; CHECK:       resume
define void @eh(i1 %a) personality ptr @__gxx_personality_v0 {
entry:
  br i1 %a, label %b1, label %b2
b1:
  invoke void @may_throw() to label %exit unwind label %join
b2:
  invoke void @may_throw() to label %exit unwind label %join
join:
  %lp = landingpad { ptr, i32 } cleanup
  call void @g()
  resume { ptr, i32 } %lp
exit:
  ret void
}

; CHECK-LABEL: define void @cbr(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @cbr(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  callbr void asm "", "!i"() to label %join [label %exit]
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @token(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @token(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  %t = call token @llvm.call.preallocated.setup(i32 0)
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @conv(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @conv(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @conv_fn()
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @nodup(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @nodup(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @nodup_fn()
  br label %exit
exit:
  ret void
}

; The use pass splits blocks so that setjmp begins one, which no path enters
; from another block; a returns_twice call anywhere else is refused too.
; CHECK-LABEL: define void @rtwice(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @rtwice(i1 %a, ptr %buf) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  %r = call i32 @setjmp(ptr %buf)
  br label %exit
exit:
  ret void
}

; The superblock ends before mid: join is copied, mid and exit are not.
; CHECK-LABEL: define void @later(
; CHECK:       b1:
; CHECK-NEXT:    br label %join.sb
; CHECK:       join.sb:
; CHECK-NEXT:    call void @g()
; CHECK-NEXT:    br label %mid
; CHECK-NOT:   .sb:
; CHECK:       mid:
; CHECK-NEXT:    call void @nodup_fn()
; CHECK-NOT:   .sb:
; CHECK:       ret void
define void @later(i1 %a) {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %mid
mid:
  call void @nodup_fn()
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @small(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @small(i1 %a) optsize {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @coro(
; CHECK-NOT:   .sb
; CHECK:       ret void
define void @coro(i1 %a) presplitcoroutine {
entry:
  br i1 %a, label %b1, label %b2
b1:
  br label %join
b2:
  br label %join
join:
  call void @g()
  br label %exit
exit:
  ret void
}
