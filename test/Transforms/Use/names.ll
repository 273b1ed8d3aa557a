; A local function keeps its profile name when it is renamed after it was
; instrumented, as ThinLTO promotion renames foo to foo.llvm.<n>: the
; instrumentation records the name as !pathprof.name, which naming reads
; first; IR PGO's !PGOFuncName ("<path>:<name>") leads back the same way, and
; so does a bare .llvm.<n> suffix on a hidden function.
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: FileCheck %s --check-prefix=INST < %t/inst.ll
; INST: define internal i32 @foo(i32 %x) {{.*}}!pathprof.name [[NAME:![0-9]+]] {
; INST: define i32 @main() {{(#[0-9]+ )?}}{
; INST: [[NAME]] = !{!"dir/src.c;foo"}
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
;
; Renamed, with the recorded name: the profile applies (3 of the 10 calls
; take the branch).
; RUN: sed -e 's/@foo\b/@renamed/; s/define internal i32 @renamed(i32 %%x) {/define hidden i32 @renamed(i32 %%x) !pathprof.name !9 {/' %s > %t/md.ll
; RUN: echo '!9 = !{!"dir/src.c;foo"}' >> %t/md.ll
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathraw -disable-output %t/md.ll | FileCheck %s --check-prefix=PRINT
; PRINT: PathProf profile for 'dir/src.c;foo': checksum 0x{{[0-9a-f]+}}, 2 paths
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathraw -pathprof-superblocks=false -S %t/md.ll | FileCheck %s --check-prefix=USE -DFN=renamed
; USE: define hidden i32 @[[FN]](i32 %x) {{.*}}!prof [[ENTRY:![0-9]+]]
; USE: br i1 %c, label %yes, label %no, !prof [[W:![0-9]+]]
; USE: [[ENTRY]] = !{!"function_entry_count", i64 10}
; USE: [[W]] = !{!"branch_weights", i32 3, i32 7}
;
; Renamed, with IR PGO's name.
; RUN: sed -e 's/@foo\b/@other/; s/define internal i32 @other(i32 %%x) {/define hidden i32 @other(i32 %%x) !PGOFuncName !9 {/' %s > %t/pgo.ll
; RUN: echo '!9 = !{!"dir/src.c:foo"}' >> %t/pgo.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathraw -pathprof-superblocks=false -S %t/pgo.ll | FileCheck %s --check-prefix=USE -DFN=other
;
; Promoted without metadata.
; RUN: sed -e 's/@foo\b/@foo.llvm.123/; s/define internal/define hidden/' %s > %t/promoted.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathraw -pathprof-superblocks=false -S %t/promoted.ll | FileCheck %s --check-prefix=USE -DFN=foo.llvm.123
;
; Renamed without any of these: no profile, and a warning, since no function
; of the module was found.
; RUN: sed -e 's/@foo\b/@lost/; s/define internal/define hidden/' %s > %t/lost.ll
; RUN: sed -i -e 's/@main/@main2/' %t/lost.ll
; RUN: %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/prof.pathraw -pass-remarks-missed=pathprof-use -disable-output %t/lost.ll 2>&1 | FileCheck %s --check-prefix=LOST
; LOST-DAG: remark: <unknown>:0:0: no path profile for lost
; LOST-DAG: remark: <unknown>:0:0: no path profile for main2
; LOST-DAG: warning: path profile '{{.*}}prof.pathraw': 2 of 2 functions of dir/src.c have no path profile: was the profile made from this build?

source_filename = "dir/src.c"

define internal i32 @foo(i32 %x) {
entry:
  %c = icmp slt i32 %x, 3
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %r = call i32 @foo(i32 %i)
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 10
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
