; SSA repair. The trace stops before the loop header, so only pre is copied;
; %v, defined in pre, is then defined twice, and its uses in the loop and
; after it read a new phi in the header. The header's own phis get an entry
; for the copy. Debug values follow: the copy's refers to the copy's value,
; the one after the loop to the new phi.
; RUN: %opt_pathprof -passes='pathprof-superblock,verify' -pathprof-superblock-model=false \
; RUN:   -pathprof-superblock-max-growth=100 -pathprof-superblock-max-module-growth=100 \
; RUN:   -pathprof-superblock-paths='ssa:entry,b1,pre,header:80;ssa:entry,b2,pre,header:20;ssa:header:300;ssa:header,exit:100' \
; RUN:   -pass-remarks=pathprof-superblock -pass-remarks-missed=pathprof-superblock \
; RUN:   -pass-remarks-analysis=pathprof-superblock -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err

; A one-block path is no trace; the path into the exit has no side entrance.
; REMARK:      remark: ssa.c:5:3: path header -> exit has no side entrance
; REMARK-NEXT: remark: ssa.c:2:7: formed superblock of 3 blocks along path entry -> b1 -> pre -> header (16% of ssa's flow), duplicated 2 instructions
; REMARK-NEXT: remark: ssa.c:2:7: superblock along path entry -> b1 -> pre -> header ends before block header: it is a loop header
; REMARK-NOT:  remark

; CHECK-LABEL: define i32 @ssa(
; CHECK:       b1:
; CHECK-NEXT:    %x1 = add i32 %x, 1
; CHECK-NEXT:    br label %pre.sb
; CHECK:       pre.sb:
; CHECK-NEXT:    %v.sb = mul i32 %x1, %x1
; CHECK-NEXT:      #dbg_value(i32 %v.sb, [[V:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    br label %header
; CHECK:       pre:
; CHECK-NEXT:    %y = phi i32 [ %x, %b2 ]
; CHECK-NEXT:    %v = mul i32 %y, %y
; CHECK-NEXT:      #dbg_value(i32 %v, [[V]], !DIExpression(),
; CHECK-NEXT:    br label %header
; CHECK:       header:
; CHECK-NEXT:    %v1 = phi i32 [ %v, %pre ], [ %v1, %header ], [ %v.sb, %pre.sb ]
; CHECK-NEXT:    %i = phi i32 [ 0, %pre ], [ %i.next, %header ], [ 0, %pre.sb ]
; CHECK-NEXT:    %s = phi i32 [ %v, %pre ], [ %s.next, %header ], [ %v.sb, %pre.sb ]
; CHECK-NEXT:    %s.next = add i32 %s, %v1
; CHECK:       exit:
; CHECK-NEXT:      #dbg_value(i32 %v1, [[V]], !DIExpression(),
; CHECK-NEXT:    %r = add i32 %s.next, %v1
; CHECK-NEXT:    ret i32 %r

define i32 @ssa(i1 %a, i32 %x, i32 %n) !dbg !5 {
entry:
  br i1 %a, label %b1, label %b2, !dbg !12
b1:
  %x1 = add i32 %x, 1, !dbg !12
  br label %pre
b2:
  br label %pre
pre:
  %y = phi i32 [ %x1, %b1 ], [ %x, %b2 ]
  %v = mul i32 %y, %y, !dbg !13
  call void @llvm.dbg.value(metadata i32 %v, metadata !9, metadata !DIExpression()), !dbg !13
  br label %header
header:
  %i = phi i32 [ 0, %pre ], [ %i.next, %header ]
  %s = phi i32 [ %v, %pre ], [ %s.next, %header ]
  %s.next = add i32 %s, %v, !dbg !14
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %header, label %exit
exit:
  call void @llvm.dbg.value(metadata i32 %v, metadata !9, metadata !DIExpression()), !dbg !14
  %r = add i32 %s.next, %v
  ret i32 %r
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "ssa.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "ssa", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !{!9}
!9 = !DILocalVariable(name: "v", scope: !5, file: !1, line: 3, type: !11)
!11 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = !DILocation(line: 2, column: 7, scope: !5)
!13 = !DILocation(line: 3, column: 11, scope: !5)
!14 = !DILocation(line: 5, column: 3, scope: !5)
