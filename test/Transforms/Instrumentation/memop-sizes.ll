; Value profiles of memory-operation lengths: every memcpy, memmove and
; memset whose length is not a constant (PathProf/ProfiledMemOps.h), in
; instruction order, gets a value block after those of the indirect calls
; and before the select counters, and a marker naming it, its index among
; such operations and the length as an i64; pathprof-lower turns the marker
; into a call of the runtime with the block biased as the dense counters
; are. Constant lengths are not recorded; the record counts every block.
;
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=MARK
; MARK-DAG: @__pathprof_vals_ops = private global [55 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8
; MARK-DAG: @__pathprof_data_ops = private global {{.*}} ptr @__pathprof_vals_ops, i64 3, i64 1, i64 {{-?[0-9]+}} }
; MARK-LABEL: define void @ops(
; MARK:      call void @__pathprof_value_site(ptr @__pathprof_vals_ops, i64 0, ptr %f)
; MARK-NEXT: call void %f()
; MARK-NEXT: %pathprof.len = zext i32 %n to i64
; MARK-NEXT: call void @__pathprof_size_site(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_ops, i64 18), i64 0, i64 %pathprof.len)
; MARK-NEXT: call void @llvm.memset.p0.i32(ptr %p, i8 0, i32 %n, i1 false)
; MARK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
; MARK-NEXT: call void @__pathprof_size_site(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_ops, i64 36), i64 1, i64 %m)
; MARK-NEXT: call void @llvm.memmove.p0.p0.i64(ptr %p, ptr %q, i64 %m, i1 false)
; MARK-NEXT: call void @__pathprof_select(ptr getelementptr inbounds (i64, ptr @__pathprof_vals_ops, i64 54), i1 %c)
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s | FileCheck %s --check-prefix=LOWER
; LOWER-LABEL: define void @ops(
; LOWER:      %pathprof.len = zext i32 %n to i64
; LOWER:      %pathprof.bias.vp{{[0-9]*}} = load i64, ptr %{{[0-9]+}}, align 8
; LOWER-NEXT: %pathprof.vblock{{[0-9]*}} = getelementptr i8, ptr getelementptr inbounds (i64, ptr @__pathprof_vals_ops, i64 18), i64 %pathprof.bias.vp{{[0-9]*}}
; LOWER-NEXT: call void @__pathprof_value_size(ptr %pathprof.vblock{{[0-9]*}}, i64 0, i64 %pathprof.len)
; LOWER:      call void @__pathprof_value_size(ptr %pathprof.vblock{{[0-9]*}}, i64 1, i64 %m)
; LOWER: declare hidden void @__pathprof_value_size(ptr, i64, i64)
; LOWER-NOT: __pathprof_size_site
;
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-counters=atomic -S %s | FileCheck %s --check-prefix=ATOMIC
; ATOMIC: call void @__pathprof_value_size_atomic(ptr %pathprof.vblock{{[0-9]*}}, i64 0, i64 %pathprof.len)
;
; Without -pathprof-memop-sizes: the indirect call's block and the select
; counter only.
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-memop-sizes=false -S %s | FileCheck %s --check-prefix=OFF
; OFF: @__pathprof_vals_ops = private global [19 x i64]
; OFF-NOT: __pathprof_size_site

define void @ops(ptr %p, ptr %q, i32 %n, i64 %m, ptr %f, i1 %c) {
  call void %f()
  call void @llvm.memset.p0.i32(ptr %p, i8 0, i32 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 16, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %p, ptr %q, i64 %m, i1 false)
  %s = select i1 %c, i32 1, i32 2
  store i32 %s, ptr %p
  ret void
}

declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
