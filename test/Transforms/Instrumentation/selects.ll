; Select profiles: every select of a scalar condition that is not a constant
; gets a counter after the function's value blocks, in the counter section,
; and a marker naming it and the condition; pathprof-lower turns the marker
; into adding the condition (0 or 1) to the counter, biased as the dense
; counters are, and marked for counter promotion, or into an atomic add.
; Selects of vectors and of constants are not counted (PathProf/
; ProfiledSelects.h). The data record says how many selects it counts.
;
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=MARK
; @both: one value block (18 words) and two select counters.
; MARK-DAG: @__pathprof_vals_both = private global [20 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS:[0-9]+]]
; MARK-DAG: @__pathprof_data_both = private global {{.*}} ptr @__pathprof_vals_both, i64 1, i64 2, i64 {{-?[0-9]+}} }
; MARK-DAG: @__pathprof_vals_pick = private global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS]]
; MARK-DAG: @__pathprof_data_pick = private global {{.*}} ptr @__pathprof_vals_pick, i64 0, i64 1, i64 {{-?[0-9]+}} }
; MARK-DAG: @__pathprof_data_none = private global {{.*}} ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK-LABEL: define i32 @pick(
; MARK:      call void @__pathprof_select(ptr @__pathprof_vals_pick, i1 %c)
; MARK-NEXT: %v = select i1 %c, i32 %a, i32 %b
; MARK-LABEL: define i32 @both(
; MARK:      call void @__pathprof_select(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_both, i64 18), i1 %c)
; MARK-NEXT: %x = select i1 %c, i32 %a, i32 1
; MARK-NEXT: call void @__pathprof_value_site(ptr @__pathprof_vals_both, i64 0, ptr %f)
; MARK:      call void @__pathprof_select(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_both, i64 19), i1 %d)
; MARK-NEXT: %z = select i1 %d, i32 %y, i32 %x
; MARK-LABEL: define <2 x i32> @none(
; MARK-NOT:  __pathprof_select
; MARK:      ret <2 x i32>
; MARK: attributes #[[BSS]] = { "bss-section"="__pathprof_cnts" }
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s --check-prefix=LOWER
; LOWER-LABEL: define i32 @pick(
; LOWER:      %pathprof.select = getelementptr i8, ptr @__pathprof_vals_pick, i64 %pathprof.bias
; LOWER-NEXT: [[STEP:%[0-9]+]] = zext i1 %c to i64
; LOWER-NEXT: [[OLD:%pathprof.count[0-9]*]] = load i64, ptr %pathprof.select, align 8, !pathprof.counter
; LOWER-NEXT: [[SUM:%[0-9]+]] = add i64 [[OLD]], [[STEP]]
; LOWER-NEXT: store i64 [[SUM]], ptr %pathprof.select, align 8, !pathprof.counter
; LOWER-NEXT: %v = select i1 %c, i32 %a, i32 %b
; LOWER-NOT: __pathprof_select(
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=atomic -S %s | FileCheck %s --check-prefix=ATOMIC
; ATOMIC-LABEL: define i32 @pick(
; ATOMIC:      %pathprof.select = getelementptr i8, ptr @__pathprof_vals_pick, i64 %pathprof.bias
; ATOMIC-NEXT: [[STEP:%[0-9]+]] = zext i1 %c to i64
; ATOMIC-NEXT: atomicrmw add ptr %pathprof.select, i64 [[STEP]] monotonic, align 8
; ATOMIC-NEXT: %v = select i1 %c, i32 %a, i32 %b
;
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-select-profiles=false -S %s | FileCheck %s --check-prefix=OFF
; OFF-NOT: __pathprof_vals_pick
; OFF-NOT: __pathprof_select

define i32 @pick(i1 %c, i32 %a, i32 %b) {
  %v = select i1 %c, i32 %a, i32 %b
  ret i32 %v
}

define i32 @both(ptr %f, i1 %c, i1 %d, i32 %a) {
  %x = select i1 %c, i32 %a, i32 1
  %y = call i32 %f(i32 %x)
  %z = select i1 %d, i32 %y, i32 %x
  ret i32 %z
}

define <2 x i32> @none(<2 x i1> %c, <2 x i32> %a, <2 x i32> %b) {
  %v = select <2 x i1> %c, <2 x i32> %a, <2 x i32> %b
  %w = select i1 true, <2 x i32> %v, <2 x i32> %a
  ret <2 x i32> %w
}
