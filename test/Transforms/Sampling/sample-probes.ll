; pathprof-sample-probes (-fprofile-path-sample): no counter and no runtime
; call, but one llvm.pseudoprobe per block of the Ball-Larus DAG, with the
; block's node + 1 as index and the MD5 of the function's symbol (llvm::MD5Hash,
; low 64 bits little-endian) as GUID, each at line 0 of the function's own
; subprogram (so that only later inlining gives it an inline stack); one
; llvm.pseudo_probe_desc entry per function {GUID, CFG checksum, profile
; name}; and the name and CFG description in .pathprof_desc as for
; -pathprof-correlate=binary, in the function's comdat when it has one.
; The module is read from stdin so that the local function's profile name,
; "<stdin>;nodebug", does not depend on where the tree is checked out.
; RUN: %opt_pathprof -passes=pathprof-sample-probes -S < %s > %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=NOCOUNTERS < %t.ll
;
; Run twice (opt on its own output), nothing is added again.
; RUN: %opt_pathprof -passes=pathprof-sample-probes -S %t.ll | FileCheck %s --check-prefix=TWICE
;
; The object: both sections the decoder reads are not allocated (no A flag).
; RUN: llc -filetype=obj %t.ll -o %t.o
; RUN: llvm-readelf -S -W %t.o | FileCheck %s --check-prefix=SECTIONS
;
; The plugin's pipeline does the same with -pathprof-sample, and
; instruments nothing and runs no pre-inliner (its code must be -O2's),
; where the instrumenting pipeline runs one.
; RUN: %opt_pathprof -passes='default<O2>' -pathprof-sample -S %s | FileCheck %s --check-prefix=PIPELINE
; RUN: %opt_pathprof -passes='default<O2>' -S %s | FileCheck %s --check-prefix=GENERATE

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$inl = comdat any

; CHECK:      module asm "\09.pushsection .pathprof_desc,\22\22,%progbits"
; CHECK-NEXT: module asm "\09.p2align 3"
; CHECK-NEXT: module asm "\09.quad 0x3130435345445050"
; CHECK-NEXT: module asm "\09.quad 0x3bb32db61f988be4"
; CHECK-NEXT: module asm "\09.quad 0x9d862e1256b54dc6"
; CHECK-NEXT: module asm "\09.quad 0x4"
; CHECK:      module asm "\09.ascii \22loop\22"
; CHECK:      module asm "\09.pushsection .pathprof_desc,\22G\22,%progbits,\22inl\22,comdat"
; CHECK:      module asm "\09.ascii \22inl\22"
; CHECK:      module asm "\09.ascii \22<stdin>;nodebug\22"

; An entry block that only branches has no probe (more-foldable-blocks.ll).
; CHECK-LABEL: define i32 @loop(
; CHECK:       entry:
; CHECK-NEXT:    br label %header
; CHECK:       header:
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 4301832329306344420, i64 2, i32 0, i64 -1), !dbg [[LOC:![0-9]+]]
; CHECK:       even:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 4301832329306344420, i64 3, i32 0, i64 -1), !dbg [[LOC]]
; CHECK-NEXT:    call void @inl(), !dbg [[CALL:![0-9]+]]
; The indirect call (call site 1, after @inl's 0) gets a probe just before
; it whose index is past the 5 blocks: 5 + 1 + 1.
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 4301832329306344420, i64 7, i32 0, i64 -1), !dbg [[LOC]]
; CHECK-NEXT:    call void %fp()
; CHECK:       latch:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 4301832329306344420, i64 4, i32 0, i64 -1), !dbg [[LOC]]
; CHECK:       exit:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 4301832329306344420, i64 5, i32 0, i64 -1), !dbg [[LOC]]
; CHECK-NEXT:    ret i32 %i
define i32 @loop(i32 %n, ptr %fp) !dbg !5 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %latch
even:
  call void @inl(), !dbg !9
  call void %fp()
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %header
exit:
  ret i32 %i
}

; No debug info: a probe without a location.
; CHECK-LABEL: define linkonce_odr void @inl()
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 -4636041794374839645, i64 1, i32 0, i64 -1){{$}}
define linkonce_odr void @inl() comdat {
  ret void
}

; A local function, whose symbol other translation units may have too (a
; static helper of a header), gets a symbol of its own, made unique by its
; profile name, which it keeps (!pathprof.name): "nodebug.__uniq." followed
; by the MD5 of "<stdin>;nodebug" (9274242668325789073). The GUID is the MD5
; of the new symbol, -6295345835688243279 (that of "nodebug" is
; 3642427663031195299).
; CHECK-LABEL: define internal void @nodebug.__uniq.9274242668325789073()
; CHECK-SAME:    !pathprof.name [[NAME:![0-9]+]] {
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 -6295345835688243279, i64 1, i32 0, i64 -1){{$}}
define internal void @nodebug() {
  ret void
}

; With debug info, the new symbol is also the subprogram's linkage name,
; from which the code generator takes the GUID of an inlined caller:
; MD5("withdebug.__uniq.692160679726635734") is -8358470302510667202.
; CHECK-LABEL: define internal void @withdebug.__uniq.692160679726635734()
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 -8358470302510667202, i64 1, i32 0, i64 -1), !dbg
define internal void @withdebug() !dbg !10 {
  ret void
}

; CHECK-LABEL: declare void @external()
declare void @external()

; Checksums as in the descriptions (0x9d862e1256b54dc6 is
; -7095933506576626234), names as the profile names them.
; CHECK:      !llvm.pseudo_probe_desc = !{[[D1:![0-9]+]], [[D2:![0-9]+]], [[D3:![0-9]+]], [[D4:![0-9]+]]}
; CHECK:      [[D1]] = !{i64 4301832329306344420, i64 -7095933506576626234, !"loop"}
; CHECK-NEXT: [[D2]] = !{i64 -4636041794374839645, i64 1721167479141599210, !"inl"}
; CHECK-NEXT: [[D3]] = !{i64 -6295345835688243279, i64 1721167479141599210, !"<stdin>;nodebug"}
; CHECK-NEXT: [[D4]] = !{i64 -8358470302510667202, i64 1721167479141599210, !"<stdin>;withdebug"}
; CHECK:      [[LOC]] = !DILocation(line: 0, scope: [[SP:![0-9]+]])
; CHECK:      [[NAME]] = !{!"<stdin>;nodebug"}
; CHECK:      distinct !DISubprogram(name: "withdebug", linkageName: "withdebug.__uniq.692160679726635734",

; NOCOUNTERS-NOT: __pathprof
; NOCOUNTERS-NOT: pathprof_cnts

; TWICE-COUNT-5: call void @llvm.pseudoprobe(i64 4301832329306344420,
; TWICE-NOT:     call void @llvm.pseudoprobe(i64 4301832329306344420,
; TWICE:         !llvm.pseudo_probe_desc = !{!{{[0-9]+}}, !{{[0-9]+}}, !{{[0-9]+}}, !{{[0-9]+}}}

; SECTIONS: .pathprof_desc PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0
; SECTIONS: .pseudo_probe_desc PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0
; SECTIONS: .pseudo_probe PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} {{[0-9a-f]+}} 00 L

; PIPELINE: call void @llvm.pseudoprobe(i64 4301832329306344420, i64 2,
; PIPELINE-NOT: __pathprof_
; PIPELINE-NOT: !pathprof.preinlined
; PIPELINE: !llvm.pseudo_probe_desc
; PIPELINE-NOT: !pathprof.preinlined
; GENERATE: !pathprof.preinlined = !{}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "sp.c", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "loop", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!9 = !DILocation(line: 5, column: 7, scope: !5)
!10 = distinct !DISubprogram(name: "withdebug", scope: !1, file: !1, line: 9, type: !6, scopeLine: 9, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !0)
