; With -pathprof-context, a function's CFG description (version 2) ends with
; the table of its call sites' source locations, by call-site index: a
; call's own line and column (t.c:7:3); for a call inlined into the function
; before instrumentation, the outermost location of its inlined-at chain,
; the line of this function it came from (h's call at t.c:20:5, inlined at
; t.c:8:9, is t.c:8:9); no debug location, line 0 (and no file or column).
; Without contexts the description is version 1: it ends with its one edge
; (0 -> 1, kind ret, Val 0), no table (docs/FileFormat.md, "CFG
; description").
;
; RUN: %opt_pathprof -passes=pathprof-instrument -pathprof-context -S %s | FileCheck %s --check-prefix=CTX
; CTX: @__pathprof_cfg_f = private constant [{{[0-9]+}} x i8] c"\02\00\00\00\01\00\00\00{{.*}}\03\00\00\00\03\00\00\00t.c\07\00\00\00\03\00\00\00\03\00\00\00t.c\08\00\00\00\09\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00"
; A function without calls has an empty table.
; CTX: @__pathprof_cfg_g = private constant [{{[0-9]+}} x i8] c"\02\00\00\00\01\00\00\00{{.*}}\00\00\00\00"
;
; RUN: %opt_pathprof -passes=pathprof-instrument -S %s | FileCheck %s --check-prefix=FLOW
; FLOW: @__pathprof_cfg_f = private constant [{{[0-9]+}} x i8] c"\01\00\00\00\01\00\00\00{{.*}}t.c\07\00\00\00\0A\00\00\00\01\00\00\00\00\00\00\00\01\00\00\00\03\00\00\00\00\00\00\00\00\00\00\00"
; FLOW: @__pathprof_cfg_g = private constant [{{[0-9]+}} x i8] c"\01\00\00\00\01\00\00\00

define void @f() !dbg !5 {
entry:
  call void @g(), !dbg !8
  call void @h(), !dbg !9
  call void @h()
  ret void, !dbg !11
}

define void @g() !dbg !12 {
entry:
  ret void, !dbg !13
}

declare void @h()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 6, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!6 = distinct !DISubprogram(name: "inl", scope: !1, file: !1, line: 19, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DILocation(line: 7, column: 3, scope: !5)
!9 = !DILocation(line: 20, column: 5, scope: !6, inlinedAt: !10)
!10 = distinct !DILocation(line: 8, column: 9, scope: !5)
!11 = !DILocation(line: 10, column: 1, scope: !5)
!12 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 12, type: !2, spFlags: DISPFlagDefinition, unit: !0)
!13 = !DILocation(line: 12, column: 14, scope: !12)
