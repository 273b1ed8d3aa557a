; Linkage, visibility, comdat and section of the globals that describe a
; function, by the function's linkage (docs/Design.md, "Symbols and comdat
; groups"). A function the linker may discard or replace by another object's
; copy (a comdat member, available_externally) gets a comdat group of its own,
; named after its data record, whose members are all linkonce_odr hidden and
; carry a layout hash in their names; every other function keeps private
; globals, in its own comdat if it has one. Code (the body and every inlined
; copy) refers only to global symbols of such a group.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s > %t.dense.ll
; RUN: FileCheck %s --check-prefix=GLOBALS < %t.dense.ll
; RUN: FileCheck %s --check-prefix=BODY < %t.dense.ll
;
; Hashed counters: no counter array, and code names the data record, which is
; global in the group. The layout hash differs from the dense one, so a dense
; and a hashed copy of the same function never merge.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-dense-limit=1 -S %s > %t.hashed.ll
; RUN: FileCheck %s --check-prefix=HASHED < %t.hashed.ll
; RUN: cat %t.dense.ll %t.hashed.ll | FileCheck %s --check-prefix=DIFFER
;
; Verify mode passes the data record to the runtime from the body.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -pathprof-verify -S %s | FileCheck %s --check-prefix=VERIFY
;
; Running the pass again on its own output changes nothing.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower,pathprof-instrument,pathprof-lower -S %s > %t.twice.ll
; RUN: diff %t.dense.ll %t.twice.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$inl = comdat any
$inst = comdat any
$local_c = comdat any

; GLOBALS: $__pathprof_data_inl.[[INL:[0-9a-f]+]] = comdat any
; GLOBALS: $__pathprof_data_inst.[[INST:[0-9a-f]+]] = comdat any
; GLOBALS: $__pathprof_data_ae.[[AE:[0-9a-f]+]] = comdat any
; GLOBALS-NOT: comdat any

; An inline function (C++ `inline`, a template): linkonce_odr in a comdat.
; GLOBALS: @__pathprof_name_inl.[[INL]] = linkonce_odr hidden constant [3 x i8] c"inl", no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_inl.[[INL]]){{$}}
; GLOBALS: @__pathprof_cfg_inl.[[INL]] = linkonce_odr hidden constant [{{[0-9]+}} x i8] c"{{.*}}", no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_inl.[[INL]]){{$}}
; GLOBALS: @__pathprof_cnts_inl.[[INL]] = linkonce_odr hidden global [2 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_inl.[[INL]]), align 8 #[[BSS:[0-9]+]]
; GLOBALS: @__pathprof_data_inl.[[INL]] = linkonce_odr hidden global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { ptr @__pathprof_name_inl.[[INL]], i64 3, ptr @__pathprof_cfg_inl.[[INL]], i64 {{[0-9]+}}, i64 {{-?[0-9]+}}, i64 2, ptr @__pathprof_cnts_inl.[[INL]], i64 0, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat, align 8
; BODY-LABEL: define linkonce_odr i32 @inl(i32 %x)
; BODY-SAME:    comdat {
; BODY:         getelementptr i8, ptr @__pathprof_cnts_inl.[[INL:[0-9a-f]+]], i64 %pathprof.bias
; BODY:         getelementptr i8, ptr getelementptr inbounds (i64, ptr @__pathprof_cnts_inl.[[INL]], i64 1), i64 %pathprof.bias
; BODY:       }
; HASHED:     @__pathprof_data_inl.[[HINL:[0-9a-f]+]] = linkonce_odr hidden global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { ptr @__pathprof_name_inl.[[HINL]], i64 3, ptr @__pathprof_cfg_inl.[[HINL]], i64 {{[0-9]+}}, i64 {{-?[0-9]+}}, i64 2, ptr null, i64 1, ptr null, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat, align 8
; HASHED-LABEL: define linkonce_odr i32 @inl(i32 %x)
; HASHED:       call void @__pathprof_hash_inc(ptr @__pathprof_data_inl.[[HINL]], i64
; HASHED:       call void @__pathprof_hash_inc(ptr @__pathprof_data_inl.[[HINL]], i64
; DIFFER:     @__pathprof_data_inl.[[DINL:[0-9a-f]+]] = linkonce_odr
; DIFFER:     define void @use_inl()
; DIFFER-NOT: @__pathprof_data_inl.[[DINL]] =
; DIFFER:     @__pathprof_data_inl.{{[0-9a-f]+}} = linkonce_odr
; DIFFER-NOT: @__pathprof_data_inl.[[DINL]] =
; VERIFY-LABEL: define linkonce_odr i32 @inl(i32 %x)
; VERIFY:       call i64 @__pathprof_verify_enter(ptr @__pathprof_data_inl.{{[0-9a-f]+}})
define linkonce_odr i32 @inl(i32 %x) comdat {
entry:
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %big, label %small
big:
  ret i32 1
small:
  ret i32 2
}

; An explicit template instantiation: weak_odr in a comdat.
; GLOBALS: @__pathprof_cnts_inst.[[INST]] = linkonce_odr hidden global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_inst.[[INST]]), align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_inst.[[INST]] = linkonce_odr hidden global {{.*}} section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat, align 8
define weak_odr i32 @inst(i32 %x) comdat {
entry:
  ret i32 %x
}

; A weak function without a comdat: every object keeps its copy (nothing is
; discarded as a group) and nothing can inline it, so its globals stay
; private; the copy the linker does not choose keeps a record of zeros.
; GLOBALS: @__pathprof_name_weak_fn = private constant [7 x i8] c"weak_fn", no_sanitize_address, no_sanitize_hwaddress{{$}}
; GLOBALS: @__pathprof_cnts_weak_fn = private global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_weak_fn = private global {{.*}} ptr @__pathprof_cnts_weak_fn, i64 0, ptr @weak_fn, ptr null, i64 0, i64 0, i64 {{-?[0-9]+}} }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8
define weak i32 @weak_fn(i32 %x) {
entry:
  ret i32 %x
}

; available_externally: the body is only there to be inlined; the counters
; its inlined copies use must be emitted here, once per program.
; GLOBALS: @__pathprof_name_ae.[[AE]] = linkonce_odr hidden constant [2 x i8] c"ae", no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_ae.[[AE]]){{$}}
; GLOBALS: @__pathprof_cnts_ae.[[AE]] = linkonce_odr hidden global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, comdat($__pathprof_data_ae.[[AE]]), align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_ae.[[AE]] = linkonce_odr hidden global {{.*}} section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat, align 8
define available_externally i32 @ae(i32 %x) {
entry:
  ret i32 %x
}

; Internal functions: private globals named after the function, unchanged.
; GLOBALS: @__pathprof_name_local = private constant [{{[0-9]+}} x i8] c"{{.*}}comdat.ll;local", no_sanitize_address, no_sanitize_hwaddress{{$}}
; GLOBALS: @__pathprof_cnts_local = private global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_local = private global {{.*}} section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8
define internal i32 @local(i32 %x) {
entry:
  ret i32 %x
}

; An internal function in a comdat: its globals join that comdat.
; GLOBALS: @__pathprof_cnts_local_c = private global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, comdat($local_c), align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_local_c = private global {{.*}} section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat($local_c), align 8
define internal i32 @local_c(i32 %x) comdat {
entry:
  ret i32 %x
}

; An external function: one definition per program, private globals.
; GLOBALS: @__pathprof_cnts_ext = private global [1 x i64] zeroinitializer, no_sanitize_address, no_sanitize_hwaddress, align 8 #[[BSS]]
; GLOBALS: @__pathprof_data_ext = private global {{.*}} section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8
; GLOBALS: @llvm.used = appending global [8 x ptr] [ptr @__pathprof_data_inl.[[INL]], ptr @__pathprof_data_inst.[[INST]], ptr @__pathprof_data_weak_fn, ptr @__pathprof_data_ae.[[AE]], ptr @__pathprof_data_local, ptr @__pathprof_data_local_c, ptr @__pathprof_data_ext, ptr @__pathprof_data_use_inl], section "llvm.metadata"
; GLOBALS: attributes #[[BSS]] = { "bss-section"="__pathprof_cnts" }
define i32 @ext(i32 %x) {
entry:
  %a = call i32 @local(i32 %x)
  %b = call i32 @local_c(i32 %a)
  ret i32 %b
}

define void @use_inl() {
entry:
  %a = call i32 @inl(i32 1)
  %b = call i32 @inst(i32 1)
  %c = call i32 @ae(i32 1)
  ret void
}

; Every instrumented body is marked, so that it is not instrumented again.
; BODY: attributes #{{[0-9]+}} = { "pathprof-instrumented" }
