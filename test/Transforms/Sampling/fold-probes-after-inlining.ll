; A block that calls is no foldable block, so pathprof-sample-probes gives
; it a probe; once the calls are inlined it may be one, and then its probes
; (its own and those of the inlined copies) keep SimplifyCFG from folding
; it into its predecessor's branch. The shape is std::vector's
; _M_check_len, `(len < size() || len > max_size()) ? max_size() : len`:
; -O2 makes it a umin and a select, and the benchmark program shapes, which
; has one per vector type, was 1.0121x -O2's .text with its three left as
; branches. pathprof-sample-fold-probes drops the probes of such blocks
; after inlining, as SimplifyCFG drops those of a block it speculates.
; RUN: %opt_pathprof -passes=pathprof-sample-probes -S %s | FileCheck %s --check-prefix=PROBES
; RUN: %opt_pathprof -passes='pathprof-sample-probes,cgscc(inline),function(simplifycfg,instcombine)' -S %s | FileCheck %s --check-prefix=KEPT
; RUN: %opt_pathprof -passes='pathprof-sample-probes,cgscc(inline),function(pathprof-sample-fold-probes,simplifycfg,instcombine)' -S %s | FileCheck %s --check-prefix=FOLDED
; RUN: %opt_pathprof -passes='pathprof-sample-probes,cgscc(inline),function(pathprof-sample-fold-probes,simplifycfg,instcombine)' -pathprof-sample-probe-foldable -S %s | FileCheck %s --check-prefix=KEPT
; The -O2 pipeline of the sampling build runs it (after each InstCombine of
; the function simplification pipeline); without -pathprof-sample, not.
; RUN: %opt_pathprof -passes='default<O2>' -pathprof-sample -S %s | FileCheck %s --check-prefix=FOLDED
; RUN: %opt_pathprof -passes='default<O2>' -pathprof-sample -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=SCHEDULED
; RUN: %opt_pathprof -passes='default<O2>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNSCHEDULED

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Before inlining, the second test calls, and has a probe (index 2), as the
; arm that calls max_size() does (index 3).
; PROBES-LABEL: define i64 @check_len
; PROBES:       test2:
; PROBES-NEXT:    call void @llvm.pseudoprobe(i64 [[#]], i64 2,
; PROBES:       big:
; PROBES-NEXT:    call void @llvm.pseudoprobe(i64 [[#]], i64 3,

; Inlined, the second test holds its probe and max_size's, and stays a
; branch.
; KEPT-LABEL: define i64 @check_len
; KEPT-NOT:     @llvm.umin
; KEPT:         br i1
; KEPT-NOT:     @llvm.umin
; KEPT:         br i1
; KEPT-NOT:     @llvm.umin
; KEPT:         ret i64

; Folded: one umin, one select, no branch. The probes of the entry, of the
; inlined size() and of the return block stay; the second test's are gone,
; and SimplifyCFG dropped the arm's when it speculated the arm.
; FOLDED-LABEL: define i64 @check_len
; FOLDED-NEXT:  entry:
; FOLDED-NEXT:    call void @llvm.pseudoprobe(i64 [[CHECK:-?[0-9]+]], i64 1,
; FOLDED-NEXT:    call void @llvm.pseudoprobe(i64 [[SIZE:-?[0-9]+]], i64 1,
; FOLDED-NOT:     br
; FOLDED-NOT:     pseudoprobe
; FOLDED:         [[UMIN:%.*]] = {{(tail )?}}call i64 @llvm.umin.i64(i64 %len, i64 1152921504606846975)
; FOLDED-NEXT:    %r = select i1 %wrapped, i64 1152921504606846975, i64 [[UMIN]]
; FOLDED-NEXT:    call void @llvm.pseudoprobe(i64 [[CHECK]], i64 4,
; FOLDED-NEXT:    ret i64 %r

; SCHEDULED: Running pass: pathprof::SampleProbeFoldPass on check_len
; UNSCHEDULED-NOT: SampleProbeFoldPass

define i64 @check_len(ptr %v, i64 %n) {
entry:
  %size = call i64 @size(ptr %v)
  %len = add i64 %size, %n
  %wrapped = icmp ult i64 %len, %size
  br i1 %wrapped, label %big, label %test2
test2:
  %max = call i64 @max_size()
  %over = icmp ugt i64 %len, %max
  br i1 %over, label %big, label %done
big:
  %max2 = call i64 @max_size()
  br label %done
done:
  %r = phi i64 [ %max2, %big ], [ %len, %test2 ]
  ret i64 %r
}

define linkonce_odr i64 @size(ptr %v) {
entry:
  %end.addr = getelementptr inbounds i8, ptr %v, i64 8
  %end = load ptr, ptr %end.addr, align 8
  %begin = load ptr, ptr %v, align 8
  %e = ptrtoint ptr %end to i64
  %b = ptrtoint ptr %begin to i64
  %bytes = sub i64 %e, %b
  %n = ashr exact i64 %bytes, 3
  ret i64 %n
}

define linkonce_odr i64 @max_size() {
entry:
  ret i64 1152921504606846975
}
