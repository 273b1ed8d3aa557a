; With a calling context profile, pathprof-use gives every indirect call the
; value profile IR PGO's use pass would: the callees its call site entered,
; summed over all contexts of the function, hottest first (equal counts by
; hash), at most -icp-max-annotations (3) of them, the total over all, each
; callee by the MD5 of its IR PGO name ("icp.c;local" for the static one).
; Inputs/indirect-calls.pptext is the hand-written profile; at dispatch's
; call site 0 (the smax call is an intrinsic, no call site):
;   t1 6; t4 4 + 1; rec 5 - 2 (its own recursive entries) + 2 (a recursive
;   call from the dispatch it calls, 1 level up); t2 3 + 1; local 2; t5 1
;   (its 2 entries through unknown code are no call of the site): 23.
; At rec's call site 0: rec 2 + 2 (its recursive calls), dispatch 3: 7.
; Direct calls get none.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %llvm-pathprof merge --text-input -o %t/ctx.pathprof %S/Inputs/indirect-calls.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/ctx.pathprof -S %s 2>&1 | FileCheck %s
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/ctx.pathprof -icp-max-annotations=6 -S %s 2>&1 | FileCheck %s --check-prefix=ALL
; ALL: ![[#]] = !{!"VP", i32 0, i64 23, i64 -861406228493635197, i64 6, i64 8059958135287337232, i64 5, i64 -6772604598268449781, i64 5, i64 -7366929324875021809, i64 4, i64 -3685873891428972735, i64 2, i64 -2458000347650317857, i64 1}
;
; A remark per function.
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/ctx.pathprof -pass-remarks=pathprof-use -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: gave 1 indirect call of dispatch the value profile of the callees its contexts entered
; REMARK: remark: <unknown>:0:0: gave 1 indirect call of rec the value profile of the callees its contexts entered
;
; The same profile without its tree (flow only): branch weights, no value
; profiles.
; RUN: sed -e '/^:context/,$d' %S/Inputs/indirect-calls.pptext > %t/flow.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/flow.pptext.pathprof %t/flow.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/flow.pptext.pathprof -S %s 2>&1 | FileCheck %s --check-prefix=FLOW
; FLOW: br i1 %c, label %big, label %work, !prof
; FLOW-NOT: !"VP"
;
; A flow-only profile with value profiles (text version 4, as every
; flow-only build records them): dispatch's call site 0 called t1 6, t4 5,
; t2 4, local 2 and unknown targets 3 (in the total, never named): the same
; annotation as from a tree, with an unknown share; rec's site 0 rec 7.
; RUN: sed -e 's/^:pathprof-text 1$/:pathprof-text 4/' -e '/^path 1 20$/a icall 0 3\nicall 0 2 icp.c;local\nicall 0 6 t1\nicall 0 4 t2\nicall 0 5 t4' -e '/^path 1 3$/a icall 0 7 rec' %t/flow.pptext > %t/values.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/values.pathprof %t/values.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/values.pathprof -icp-max-annotations=6 -S %s 2>&1 | FileCheck %s --check-prefix=VALUES
; VALUES-LABEL: define i32 @dispatch(
; VALUES:       %a = call i32 %f(i32 %m), !prof ![[VD:[0-9]+]]
; VALUES-NEXT:  %b = call i32 @t1(i32 %a){{$}}
; VALUES-LABEL: define i32 @rec(
; VALUES:       %v = call i32 %f(ptr %f, i32 %n), !prof ![[VR:[0-9]+]]
; VALUES-DAG: ![[VD]] = !{!"VP", i32 0, i64 20, i64 -861406228493635197, i64 6, i64 8059958135287337232, i64 5, i64 -7366929324875021809, i64 4, i64 -3685873891428972735, i64 2}
; VALUES-DAG: ![[VR]] = !{!"VP", i32 0, i64 7, i64 -6772604598268449781, i64 7}
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/values.pathprof -pass-remarks=pathprof-use -disable-output %s 2>&1 | FileCheck %s --check-prefix=VREMARK
; VREMARK: remark: <unknown>:0:0: gave 1 indirect call of dispatch the value profile of the callees its value profiles recorded
; A recorded site that is a direct call now is a stale profile.
; RUN: sed -e 's/^icall 0 7 rec$/icall 1 7 rec/' %t/values.pptext > %t/vstale.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/vstale.pathprof %t/vstale.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/vstale.pathprof -pass-remarks-missed=pathprof-use -disable-output %s 2>&1 | FileCheck %s --check-prefix=VSTALE
; VSTALE: remark: <unknown>:0:0: path profile not used for rec: {{.*}} (stale profile)
;
; Call sites that disagree with the profile's leave the function alone, with
; the stale profile warning: a call site it does not have...
; RUN: sed -e 's/^context 2 1 direct 10 /context 2 3 direct 10 /' %S/Inputs/indirect-calls.pptext > %t/site.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/site.pathprof %t/site.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/site.pathprof -pass-remarks-missed=pathprof-use -S %s -o %t/site.ll 2>&1 | FileCheck %s --check-prefix=SITE -DFILE=%t/site.pathprof
; SITE: remark: <unknown>:0:0: path profile not used for dispatch: it has 2 call sites, the profile has callees at call site 3 (stale profile)
; SITE: warning: path profile '[[FILE]]': 1 function of icp.c has a stale path profile and was not optimized with it: dispatch{{$}}
; RUN: FileCheck %s --check-prefix=STALE < %t/site.ll
; ...a direct call of another function than the one recorded there...
; RUN: sed -e 's/^context 2 1 direct 7 paths 0x17e2d0b4013087ea t1$/context 2 1 direct 7 paths 0x17e2d0b4013087ea t2/' %S/Inputs/indirect-calls.pptext > %t/callee.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/callee.pathprof %t/callee.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/callee.pathprof -pass-remarks-missed=pathprof-use -S %s -o %t/callee.ll 2>&1 | FileCheck %s --check-prefix=CALLEE
; CALLEE: remark: <unknown>:0:0: path profile not used for dispatch: its call site 1 calls t1, the profile has it enter t2 (stale profile)
; CALLEE: warning: path profile '{{.*}}': 1 function of icp.c has a stale path profile
; RUN: FileCheck %s --check-prefix=STALE < %t/callee.ll
; ...a call-site table (text version 2) of another length than the
; function's call sites: a call added or removed leaves the CFG checksum as it
; was but renumbers the sites after it. A table of the right length is used.
; RUN: sed -e 's/^:pathprof-text 1$/:pathprof-text 2/' -e '/^path 1 20$/i callsites 2\ncallsite 0 0\ncallsite 0 0' %S/Inputs/indirect-calls.pptext > %t/table.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/table.pathprof %t/table.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/table.pathprof -S %s 2>&1 | FileCheck %s
; RUN: sed -e 's/^callsites 2$/callsites 3\ncallsite 0 0/' %t/table.pptext > %t/table3.pptext
; RUN: %llvm-pathprof merge --text-input -o %t/table3.pathprof %t/table3.pptext
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/table3.pathprof -pass-remarks-missed=pathprof-use -S %s -o %t/table3.ll 2>&1 | FileCheck %s --check-prefix=TABLE
; TABLE: remark: <unknown>:0:0: path profile not used for dispatch: it has 2 call sites, the profile's call-site table has 3 (stale profile)
; TABLE: warning: path profile '{{.*}}': 1 function of icp.c has a stale path profile
; RUN: FileCheck %s --check-prefix=STALE < %t/table3.ll
; ...and, as before, a CFG that changed (its checksum differs).
; RUN: sed -e '/edited/s/label %big, label %work/label %work, label %big/' %s > %t/cfg.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/ctx.pathprof -S %t/cfg.ll -o %t/cfg.out.ll 2>&1 | FileCheck %s --check-prefix=CFG
; CFG: warning: path profile '{{.*}}': 1 function of icp.c has a stale path profile and was not optimized with it: dispatch{{$}}
; RUN: FileCheck %s --check-prefix=STALE < %t/cfg.out.ll
; STALE:      define i32 @dispatch(ptr %f, i32 %x) {
; STALE-NOT:  !prof
; STALE:      define i32 @rec(
; STALE:      %v = call i32 %f(ptr %f, i32 %n), !prof ![[#]]

source_filename = "icp.c"

define i32 @t1(i32 %x) {
  ret i32 %x
}
define i32 @t2(i32 %x) {
  %y = add i32 %x, 2
  ret i32 %y
}
define i32 @t4(i32 %x) {
  %y = add i32 %x, 4
  ret i32 %y
}
define i32 @t5(i32 %x) {
  %y = add i32 %x, 5
  ret i32 %y
}
define internal i32 @local(i32 %x) {
  %y = sub i32 0, %x
  ret i32 %y
}

declare i32 @llvm.smax.i32(i32, i32)

; CHECK-LABEL: define i32 @dispatch(
; CHECK:       br i1 %c, label %big, label %work, !prof
; CHECK:       %a = call i32 %f(i32 %m), !prof ![[DISPATCH:[0-9]+]]
; CHECK-NEXT:  %b = call i32 @t1(i32 %a){{$}}
define i32 @dispatch(ptr %f, i32 %x) {
entry:
  %m = call i32 @llvm.smax.i32(i32 %x, i32 0)
  %c = icmp sgt i32 %m, 100
  br i1 %c, label %big, label %work ; edited
big:
  ret i32 0
work:
  %a = call i32 %f(i32 %m)
  %b = call i32 @t1(i32 %a)
  ret i32 %b
}

; CHECK-LABEL: define i32 @rec(
; CHECK:       %v = call i32 %f(ptr %f, i32 %n), !prof ![[REC:[0-9]+]]
define i32 @rec(ptr %f, i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %more, label %done
more:
  %n = sub i32 %x, 1
  %v = call i32 %f(ptr %f, i32 %n)
  ret i32 %v
done:
  ret i32 0
}

; CHECK-LABEL: define i32 @main(
; CHECK:       %a = call i32 @dispatch(ptr @t1, i32 1){{$}}
; CHECK-NEXT:  %b = call i32 @dispatch(ptr @local, i32 2){{$}}
; CHECK-NEXT:  %c = call i32 @rec(ptr @rec, i32 3){{$}}
define i32 @main() {
entry:
  %a = call i32 @dispatch(ptr @t1, i32 1)
  %b = call i32 @dispatch(ptr @local, i32 2)
  %c = call i32 @rec(ptr @rec, i32 3)
  ret i32 0
}

; CHECK-DAG: ![[DISPATCH]] = !{!"VP", i32 0, i64 23, i64 -861406228493635197, i64 6, i64 8059958135287337232, i64 5, i64 -6772604598268449781, i64 5}
; CHECK-DAG: ![[REC]] = !{!"VP", i32 0, i64 7, i64 -6772604598268449781, i64 4, i64 -7762558725055652451, i64 3}
