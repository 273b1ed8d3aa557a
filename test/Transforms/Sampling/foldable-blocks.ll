; pathprof-sample-probes gives no probe to a block that SimplifyCFG folds
; into its only predecessor: a probe is a call, which no block is speculated
; past, so it would keep -O2's code from forming. The second half of an
; `a && b` test (the digit test of a number parser) and the short arm of an
; `if (c) v += k;` triangle run only right after their predecessor's branch;
; the estimator bridges them. A block with a call, or with more than three
; instructions, keeps its probe, as does every block with
; -pathprof-sample-probe-foldable.
; RUN: %opt_pathprof -passes=pathprof-sample-probes -S %s | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-sample-probes -pathprof-sample-probe-foldable -S %s | FileCheck %s --check-prefix=ALL
;
; With the probes left out, SimplifyCFG folds both as it does without probes
; (one test of the digit range, a select for the triangle); with them, it
; folds neither.
; RUN: %opt_pathprof -passes='pathprof-sample-probes,function(simplifycfg,instcombine)' -S %s | FileCheck %s --check-prefix=FOLDED
; RUN: %opt_pathprof -passes='pathprof-sample-probes,function(simplifycfg,instcombine)' -pathprof-sample-probe-foldable -S %s | FileCheck %s --check-prefix=KEPT

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i1 @digit(
; CHECK:       entry:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[G:-?[0-9]+]], i64 1,
; CHECK:       upper:
; CHECK-NEXT:    %le = icmp
; CHECK:       yes:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[G]], i64 3,
; CHECK:       no:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[G]], i64 4,
; ALL-LABEL:   define i1 @digit(
; ALL:         upper:
; ALL-NEXT:      call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 2,
; FOLDED-LABEL: define i1 @digit(
; FOLDED:         add i8 %c, -48
; FOLDED-NEXT:    icmp ult i8 {{%.*}}, 10
; FOLDED-NOT:     icmp
; FOLDED:       }
; KEPT-LABEL:  define i1 @digit(
; KEPT:          icmp sgt i8 %c, 47
; KEPT:          icmp slt i8 %c, 58
define i1 @digit(i8 %c) {
entry:
  %ge = icmp sgt i8 %c, 47
  br i1 %ge, label %upper, label %no
upper:
  %le = icmp slt i8 %c, 58
  br i1 %le, label %yes, label %no
yes:
  call void @external()
  ret i1 true
no:
  call void @external()
  ret i1 false
}

; CHECK-LABEL: define i32 @triangle(
; CHECK:       entry:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[T:-?[0-9]+]], i64 1,
; CHECK:       then:
; CHECK-NEXT:    %add = add
; CHECK:       join:
; CHECK-NEXT:    %v = phi
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[T]], i64 3,
; FOLDED-LABEL: define i32 @triangle(
; FOLDED:         select
; FOLDED-NOT:     br i1
; FOLDED:       }
; KEPT-LABEL:  define i32 @triangle(
; KEPT:          br i1
define i32 @triangle(i32 %x, i1 %rare) {
entry:
  br i1 %rare, label %then, label %join
then:
  %add = add i32 %x, 7
  br label %join
join:
  %v = phi i32 [ %x, %entry ], [ %add, %then ]
  ret i32 %v
}

; Not foldable: a block with a call, and a block of four instructions.
; CHECK-LABEL: define i32 @kept(
; CHECK:       calls:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[K:-?[0-9]+]], i64 2,
; CHECK:       big:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 [[K]], i64 4,
define i32 @kept(i32 %x, i1 %a, i1 %b) {
entry:
  br i1 %a, label %calls, label %mid
calls:
  call void @external()
  br label %mid
mid:
  br i1 %b, label %big, label %join
big:
  %1 = add i32 %x, 1
  %2 = mul i32 %1, 3
  %3 = xor i32 %2, 5
  %4 = add i32 %3, %x
  br label %join
join:
  %v = phi i32 [ %x, %mid ], [ %4, %big ]
  ret i32 %v
}

declare void @external()

; A block that ends in unreachable (the error report of a program, which
; the code generator merges with the other reports' identical tails only
; where no probe tells them apart) gets no probe, even with
; -pathprof-sample-probe-foldable: it ends no path that returns.
; CHECK-LABEL: define i32 @fatal(
; CHECK:       die:
; CHECK-NEXT:    call void @exit(i32 1)
; CHECK:       ok:
; CHECK-NEXT:    call void @llvm.pseudoprobe(i64 {{-?[0-9]+}}, i64 3,
; ALL-LABEL:   define i32 @fatal(
; ALL:         die:
; ALL-NEXT:      call void @exit(i32 1)
define i32 @fatal(i32 %x) {
entry:
  %bad = icmp slt i32 %x, 0
  br i1 %bad, label %die, label %ok
die:
  call void @exit(i32 1)
  unreachable
ok:
  call void @external()
  ret i32 %x
}

declare void @exit(i32) noreturn
