; A function whose CFG changed since it was profiled (its checksum differs)
; keeps no annotation from the profile, and the module gets one warning that
; counts and names them; -pathprof-warn-mismatch=false silences it. A
; function the profile does not know is left alone.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
;
; The IR the profile was made from: no warning.
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -disable-output %s 2>&1 | count 0
;
; Every branch marked 'edited' now goes one way: five stale functions.
; RUN: sed -e '/edited/s/label %no/label %yes/' %s > %t/five.ll
; RUN: echo 'define void @added() { ret void }' >> %t/five.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -S %t/five.ll -o %t/five.out.ll 2>&1 | FileCheck %s --check-prefix=FIVE -DFILE=%t/prof.pathprof -DSRC=%t/five.ll
; FIVE: warning: path profile '[[FILE]]': 5 functions of [[SRC]] have stale path profiles and were not optimized with them: g1, g2, g3 (+2 more)
; FIVE-NOT: warning
; RUN: FileCheck %s --check-prefix=IR < %t/five.out.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -pathprof-warn-mismatch-names=5 -disable-output %t/five.ll 2>&1 | FileCheck %s --check-prefix=ALL
; ALL: 5 functions of {{.*}}five.ll have stale path profiles and were not optimized with them: g1, g2, g3, g4, g5{{$}}
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -pathprof-warn-mismatch=false -disable-output %t/five.ll 2>&1 | count 0
;
; Remarks say which functions were skipped and why.
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -pathprof-warn-mismatch=false -pass-remarks-missed=pathprof-use -disable-output %t/five.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: path profile not used for g1: its CFG checksum 0x{{[0-9a-f]+}} matches none of its profiles (stale profile)
; REMARK: remark: <unknown>:0:0: no path profile for added
;
; One stale function.
; RUN: sed -e '/g1 edited/s/label %no/label %yes/' %s > %t/one.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathprof -disable-output %t/one.ll 2>&1 | FileCheck %s --check-prefix=ONE
; ONE: warning: path profile '{{.*}}': 1 function of {{.*}}one.ll has a stale path profile and was not optimized with it: g1{{$}}
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %t/one.ll | FileCheck %s --check-prefix=PRINT
; PRINT: PathProf profile for 'g1': stale (checksum 0x{{[0-9a-f]+}} matches none of its 1 profiles)
; PRINT: PathProf profile for 'g2': checksum

; IR: define i32 @g1(i32 %x) {
; IR: define i32 @keep(i32 %x) {{.*}}!prof
; IR: br i1 %c, label %yes, label %no, !prof
; IR: define void @added() {

define i32 @g1(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no ; g1 edited
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @g2(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no ; g2 edited
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @g3(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no ; g3 edited
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @g4(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no ; g4 edited
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @g5(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no ; g5 edited
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @keep(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 2
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @main() {
entry:
  %a = call i32 @g1(i32 3)
  %b = call i32 @g2(i32 3)
  %c = call i32 @g3(i32 3)
  %d = call i32 @g4(i32 3)
  %e = call i32 @g5(i32 3)
  %f = call i32 @keep(i32 3)
  %g = call i32 @keep(i32 1)
  ret i32 0
}
