; -pathprof-correlate=binary: a function's name and CFG description become an
; entry of .pathprof_desc, written as module assembly into a section without
; the alloc flag (a global's explicit section would be allocated), in the
; comdat group of the function's data record when it has one, so that the
; linker keeps the entry exactly when it keeps the record. The data record
; has no name or CFG pointer, keeps their sizes and carries the name's MD5
; (llvm::MD5Hash, the low 64 bits little-endian), the key of the entry with
; the checksum. No name or CFG constant is left in the loaded data.
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-correlate=binary -S %s > %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=NOGLOBALS < %t.ll
;
; The object: the section is PROGBITS without flags ("G" aside), and the
; group of inl's record holds inl's entry.
; RUN: llc -filetype=obj %t.ll -o %t.o
; RUN: llvm-readelf -S -W %t.o | FileCheck %s --check-prefix=SECTIONS
; RUN: llvm-readelf --section-groups %t.o | FileCheck %s --check-prefix=GROUPS
;
; Without the option, the MD5 is in the record too, and there is no entry.
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=DEFAULT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$inl = comdat any

; CHECK:      module asm "\09.pushsection .pathprof_desc,\22G\22,%progbits,\22__pathprof_data_inl.[[INL:[0-9a-f]+]]\22,comdat"
; CHECK-NEXT: module asm "\09.p2align 3"
; CHECK-NEXT: module asm "\09.quad 0x3130435345445050"
; CHECK-NEXT: module asm "\09.quad 0xbfa9788d026c52a3"
; CHECK-NEXT: module asm "\09.quad 0x[[INLSUM:[0-9a-f]+]]"
; CHECK-NEXT: module asm "\09.quad 0x3"
; CHECK-NEXT: module asm "\09.quad 0x[[INLCFG:[0-9a-f]+]]"
; CHECK-NEXT: module asm "\09.ascii \22inl\22"
; CHECK-NEXT: module asm "\09.p2align 3"
; CHECK-NEXT: module asm "\09.ascii \22\\001\\000\\000\\000\\003\\000\\000\\000\\005\\000\\000\\000entry{{.*}}big{{.*}}small{{.*}}\22"
; CHECK:      module asm "\09.p2align 3"
; CHECK-NEXT: module asm "\09.popsection"
; CHECK-NEXT: module asm "\09.pushsection .pathprof_desc,\22\22,%progbits"
; CHECK-NEXT: module asm "\09.p2align 3"
; CHECK-NEXT: module asm "\09.quad 0x3130435345445050"
; CHECK-NEXT: module asm "\09.quad 0xd70354f58471f7ab"
; CHECK-NEXT: module asm "\09.quad 0x{{[0-9a-f]+}}"
; CHECK-NEXT: module asm "\09.quad 0x3"
; CHECK-NEXT: module asm "\09.quad 0x{{[0-9a-f]+}}"
; CHECK-NEXT: module asm "\09.ascii \22ext\22"
; CHECK:      module asm "\09.popsection"
; CHECK-NOT:  module asm

; CHECK: @__pathprof_data_inl.[[INL]] = linkonce_odr hidden global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { ptr null, i64 3, ptr null, i64 {{[0-9]+}}, i64 {{-?[0-9]+}}, i64 2, ptr @__pathprof_cnts_inl.[[INL]], i64 0, ptr null, ptr null, i64 0, i64 0, i64 -4636041794374839645 }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, comdat, align 8
; CHECK: @__pathprof_data_ext = private global { ptr, i64, ptr, i64, i64, i64, ptr, i64, ptr, ptr, i64, i64, i64 } { ptr null, i64 3, ptr null, i64 {{[0-9]+}}, i64 {{-?[0-9]+}}, i64 1, ptr @__pathprof_cnts_ext, i64 0, ptr @ext, ptr null, i64 0, i64 0, i64 -2953423517159131221 }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8
; NOGLOBALS-NOT: @__pathprof_name_
; NOGLOBALS-NOT: @__pathprof_cfg_

; SECTIONS: .pathprof_desc PROGBITS 0000000000000000 {{[0-9a-f]+ [0-9a-f]+}} 00 G 0 0 8{{$}}
; SECTIONS: .pathprof_desc PROGBITS 0000000000000000 {{[0-9a-f]+ [0-9a-f]+}} 00 0 0 8{{$}}
; GROUPS:      COMDAT group section [{{ *[0-9]+}}] `.group' [__pathprof_data_inl.{{[0-9a-f]+}}] contains {{[0-9]+}} sections:
; GROUPS:      .pathprof_desc
; GROUPS:      __pathprof_data

; DEFAULT-NOT: module asm
; DEFAULT: @__pathprof_name_ext = private constant [3 x i8] c"ext"
; DEFAULT: @__pathprof_data_ext = private global {{.*}} { ptr @__pathprof_name_ext, i64 3, ptr @__pathprof_cfg_ext, {{.*}}, i64 -2953423517159131221 }, section "__pathprof_data", no_sanitize_address, no_sanitize_hwaddress, align 8

define linkonce_odr i32 @inl(i32 %x) comdat {
entry:
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %big, label %small
big:
  ret i32 1
small:
  ret i32 2
}

define i32 @ext(i32 %x) {
entry:
  ret i32 %x
}
