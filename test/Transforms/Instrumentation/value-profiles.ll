; Value profiles of indirect calls in a flow-only build: each indirect call
; site gets a value block in the counter section and a marker naming it, its
; call-site index (every call site counts, direct ones included:
; PathProf/ContextCallSites.h) and the called operand; pathprof-lower turns
; the marker into a call of the runtime with the block biased as the dense
; counters are. A function without indirect calls gets nothing, and its
; record has no value blocks; a function's record names the function only
; when it may be called indirectly (address taken, or not discardable).
; With -pathprof-context the tree records the callees: no value sites.
;
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=MARK
; MARK-DAG: @__pathprof_vals_dispatch = private global [36 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS:[0-9]+]]
; MARK-DAG: @__pathprof_data_dispatch = private global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { {{.*}}, ptr @__pathprof_cnts_dispatch, i64 0, ptr @dispatch, ptr @__pathprof_vals_dispatch, i64 2, i64 0, i64 {{-?[0-9]+}} }
; MARK-DAG: @__pathprof_data_target = private global {{.*}} ptr @__pathprof_cnts_target, i64 0, ptr @target, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK-DAG: @__pathprof_data_hidden_helper = private global {{.*}} ptr @__pathprof_cnts_hidden_helper, i64 0, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }
; MARK-LABEL: define i32 @dispatch(
; MARK:      call void @hidden_helper()
; MARK-NEXT: call void @__pathprof_value_site(ptr @__pathprof_vals_dispatch, i64 1, ptr %f)
; MARK-NEXT: %a = call i32 %f(i32 1)
; MARK-NEXT: call void @__pathprof_value_site(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_dispatch, i64 18), i64 2, ptr %g)
; MARK-NEXT: %b = call i32 %g(i32 %a)
; MARK-NEXT: %c = call i32 @target(i32 %b)
; MARK-NEXT: ret i32 %c
; MARK: attributes #[[BSS]] = { "bss-section"="__pathprof_cnts" }
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s --check-prefix=LOWER
; LOWER-LABEL: define i32 @dispatch(
; LOWER:      %pathprof.bias.vp = load i64, ptr %{{[0-9]+}}, align 8
; LOWER-NEXT: %pathprof.vblock = getelementptr i8, ptr @__pathprof_vals_dispatch, i64 %pathprof.bias.vp
; LOWER-NEXT: call void @__pathprof_value_target(ptr %pathprof.vblock, i64 1, ptr %f)
; LOWER-NEXT: %a = call i32 %f(i32 1)
; LOWER:      %pathprof.vblock{{[0-9]+}} = getelementptr i8, ptr getelementptr inbounds (i64, ptr @__pathprof_vals_dispatch, i64 18), i64 %pathprof.bias.vp{{[0-9]+}}
; LOWER-NEXT: call void @__pathprof_value_target(ptr %pathprof.vblock{{[0-9]+}}, i64 2, ptr %g)
; LOWER: declare hidden void @__pathprof_value_target(ptr, i64, ptr)
; LOWER-NOT: __pathprof_value_site
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=atomic -S %s | FileCheck %s --check-prefix=ATOMIC
; ATOMIC: %pathprof.bias.vp = load i64, ptr @__pathprof_counter_bias, align 8
; ATOMIC: call void @__pathprof_value_target_atomic(ptr %pathprof.vblock, i64 1, ptr %f)
;
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-value-profiles=false -S %s | FileCheck %s --check-prefix=OFF
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context -S %s | FileCheck %s --check-prefix=OFF
; OFF-NOT: __pathprof_vals
; OFF-NOT: __pathprof_value_site

define internal void @hidden_helper() {
  ret void
}

define i32 @target(i32 %x) {
  ret i32 %x
}

define i32 @dispatch(ptr %f, ptr %g) {
  call void @hidden_helper()
  %a = call i32 %f(i32 1)
  %b = call i32 %g(i32 %a)
  %c = call i32 @target(i32 %b)
  ret i32 %c
}
