; A profile that cannot be read is one error naming the file, and the module
; is left alone; nothing crashes.
;
; RUN: rm -rf %t && mkdir %t
; RUN: not %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/missing.pathprof -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t/missing.pathprof
; MISSING: error: path profile '[[FILE]]': No such file or directory
;
; RUN: printf 'not a profile at all' > %t/garbage.pathprof
; RUN: not %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/garbage.pathprof -disable-output %s 2>&1 | FileCheck %s --check-prefix=GARBAGE
; GARBAGE: error: path profile '{{.*}}garbage.pathprof': not a path profile (bad magic 0x{{[0-9A-Fa-f]+}})
;
; A real indexed profile, cut short.
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: head -c 40 %t/prof.pathprof > %t/truncated.pathprof
; RUN: not %opt_pathprof -passes=pathprof-use -pathprof-profile-use=%t/truncated.pathprof -disable-output %s 2>&1 | FileCheck %s --check-prefix=TRUNCATED
; TRUNCATED: error: path profile '{{.*}}truncated.pathprof': {{.+}}
; TRUNCATED-NOT: error
;
; The pass without a profile to use.
; RUN: not %opt_pathprof -passes=pathprof-use -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOFILE
; NOFILE: error: pathprof-use needs a profile: -pathprof-profile-use=FILE
;
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=NOFILE

define i32 @main() {
entry:
  ret i32 0
}
