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

; MARKED !pathprof.preinlined = !{}
; INSTRUMENTED @__pathprof_data_version = linkonce_odr hidden constant i64 1

define internal i32 @twice(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @twice(i32 21)
  ret i32 %r
}
