; pathprof-preinline inlines small callees (IR PGO's pre-inliner) and marks
; the module, so that running it again, as the ThinLTO backend's pipeline
; does, changes nothing; it also leaves instrumented modules alone.
;
; RUN: %opt_pathprof -passes=pathprof-preinline -S %s | FileCheck %s
; CHECK-NOT:   define internal i32 @twice(
; CHECK-LABEL: define i32 @main()
; CHECK-NOT:   call
; CHECK:       ret i32
; CHECK:       !pathprof.preinlined = !{}
;
; Marked already, or instrumented already: nothing is inlined.
; RUN: sed 's/^; MARKED //' %s | %opt_pathprof -passes=pathprof-preinline -S | FileCheck %s --check-prefix=KEEP
; RUN: sed 's/^; INSTRUMENTED //' %s | %opt_pathprof -passes=pathprof-preinline -S | FileCheck %s --check-prefix=KEEP
; KEEP: define internal i32 @twice(
; KEEP: call i32 @twice(i32 21)

;
; Its cleanup speculates no block into a select: the rare update in @rare
; stays a branch, for the paths to count and the use pass to weigh (the
; selects that form anyway are counted as IR PGO counts them: selects.ll).
; RUN: %opt_pathprof -passes=pathprof-preinline -S %s | FileCheck %s --check-prefix=BRANCH
; BRANCH-LABEL: define i32 @rare(
; BRANCH-NOT:   select
; BRANCH:       br i1 %is, label %then, label %join
; BRANCH:     then:
; BRANCH-NEXT:  %sum = add i32 %v, 3
; BRANCH:     join:
; BRANCH-NEXT:  %r = phi i32 [ %sum, %then ], [ %v, %entry ]
; Without the plugin's pre-inliner, SimplifyCFG would make it a select.
; RUN: %opt_pathprof -passes=simplifycfg -S %s | FileCheck %s --check-prefix=SELECT
; SELECT-LABEL: define i32 @rare(
; SELECT:       select i1 %is, i32 %sum, i32 %v

; MARKED !pathprof.preinlined = !{}
; INSTRUMENTED @__pathprof_data_version = linkonce_odr hidden constant i64 3

define internal i32 @twice(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @twice(i32 21)
  ret i32 %r
}

define i32 @rare(i32 %v, i8 %b) {
entry:
  %is = icmp eq i8 %b, 17
  br i1 %is, label %then, label %join
then:
  %sum = add i32 %v, 3
  br label %join
join:
  %r = phi i32 [ %sum, %then ], [ %v, %entry ]
  ret i32 %r
}
