// -fprofile-path-use=FILE: how the wrapper rewrites it, and a rebuild from a
// training run that annotates the program, reports what it did, and changes
// nothing the program prints. Errors and stale-profile warnings come out as
// clang diagnostics.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
//
// The rewriting: plugin flags and the profile option on compiles only.
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -O2 -fprofile-path-use=prof.pathprof -c a.c | FileCheck %s --check-prefix=ECHO
// ECHO: clang{{[^ ]*}} -Xclang -load -Xclang {{[^ ]*}}/lib/PathProf.so -fpass-plugin={{[^ ]*}}/lib/PathProf.so -Xclang -mllvm -Xclang -pathprof-profile-use=prof.pathprof -O2 -c a.c{{$}}
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-use=prof.pathprof -fno-profile-path-use -c a.c | FileCheck %s --check-prefix=CANCEL
// CANCEL: clang{{[^ ]*}} -c a.c{{$}}
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -fprofile-path-use=prof.pathprof a.o -o prog | FileCheck %s --check-prefix=LINKONLY
// LINKONLY: clang{{[^ ]*}} a.o -o prog {{[^ ]*}}/lib/libpathprof_rt.a{{$}}
//
// Train, merge, rebuild.
// RUN: pathprof-clang -O2 -g -fprofile-path-generate %s %S/Inputs/classify.c -o gen
// RUN: env PATHPROF_FILE=train.pathraw ./gen > gen.out
// RUN: llvm-pathprof merge -o prog.pathprof train.pathraw
// RUN: pathprof-clang -O2 -g -fprofile-path-use=prog.pathprof -Rpass=pathprof-use %s %S/Inputs/classify.c -o use 2> use.err
// RUN: FileCheck %s --check-prefix=REMARK < use.err
// REMARK-DAG: branchy.c:6:1: remark: annotated main from the path profile: entry count 1, 3 of 4 paths ran, 1 branch weight [-Rpass=pathprof-use]
// REMARK-DAG: classify.c:7:1: remark: annotated classify from the path profile: entry count 1000, 4 of 4 paths ran, 2 branch weights [-Rpass=pathprof-use]
// RUN: ./use > use.out
// RUN: cmp gen.out use.out
// The raw profile works as well, and so does the plain plugin form.
// RUN: %clang_pathprof -O2 -g -mllvm -pathprof-profile-use=train.pathraw -S -emit-llvm %s -o main.ll
// RUN: FileCheck %s --check-prefix=IR < main.ll
// IR: define {{.*}}i32 @main() {{.*}}!prof [[ENTRY:![0-9]+]]
// IR: !{!"ProfileFormat", !"InstrProf"}
// IR: [[ENTRY]] = !{!"function_entry_count", i64 1}
//
// A profile that cannot be read fails the compile.
// RUN: not pathprof-clang -O2 -fprofile-path-use=missing.pathprof -c %s -o x.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: path profile 'missing.pathprof': No such file or directory
// MISSING: 1 error generated.
//
// classify() changed since training: one warning, in clang's backend-plugin
// group, which -Wno-backend-plugin (or -mllvm -pathprof-warn-mismatch=false)
// silences and -Werror makes an error.
// RUN: sed -e 's/R \*= 3;/{ R *= 3; if (X > 500) { Trace = 4; return R + 1; } }/' %S/Inputs/classify.c > classify2.c
// RUN: pathprof-clang -O2 -fprofile-path-use=prog.pathprof -c classify2.c -o c2.o 2>&1 | FileCheck %s --check-prefix=STALE
// STALE: warning: path profile 'prog.pathprof': 1 function of classify2.c has a stale path profile and was not optimized with it: classify [-Wbackend-plugin]
// RUN: pathprof-clang -O2 -fprofile-path-use=prog.pathprof -Wno-backend-plugin -c classify2.c -o c2.o 2>&1 | count 0
// RUN: pathprof-clang -O2 -fprofile-path-use=prog.pathprof -mllvm -pathprof-warn-mismatch=false -c classify2.c -o c2.o 2>&1 | count 0
// The wrapper's own flag, as clang's -Wno-profile-instr-mismatch; the last
// of -Wno-profile-path-mismatch and -Wprofile-path-mismatch wins.
// RUN: pathprof-clang -O2 -fprofile-path-use=prog.pathprof -Wno-profile-path-mismatch -c classify2.c -o c2.o 2>&1 | count 0
// RUN: pathprof-clang -O2 -fprofile-path-use=prog.pathprof -Wno-profile-path-mismatch -Wprofile-path-mismatch -c classify2.c -o c2.o 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -O2 -fprofile-path-use=p.pathprof -Wno-profile-path-mismatch -c a.c | FileCheck %s --check-prefix=ECHO-NOWARN
// ECHO-NOWARN: -Xclang -mllvm -Xclang -pathprof-profile-use=p.pathprof -Xclang -mllvm -Xclang -pathprof-warn-mismatch=false -O2 -c a.c{{$}}
// Without -fprofile-path-use the flag has nothing to silence and is dropped.
// RUN: env PATHPROF_CLANG_ECHO=1 pathprof-clang -O2 -Wno-profile-path-mismatch -c a.c | FileCheck %s --check-prefix=ECHO-DROP
// ECHO-DROP: clang{{[^ ]*}} -O2 -c a.c{{$}}
// RUN: not pathprof-clang -O2 -fprofile-path-use=prog.pathprof -Werror -c classify2.c -o c2.o 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: path profile 'prog.pathprof': 1 function of classify2.c has a stale path profile {{.*}} [-Werror,-Wbackend-plugin]
//
// -O0 builds match their -O0 profile too.
// RUN: pathprof-clang -O0 -fprofile-path-generate %s %S/Inputs/classify.c -o gen0
// RUN: env PATHPROF_FILE=train0.pathraw ./gen0 > /dev/null
// RUN: pathprof-clang -O0 -fprofile-path-use=train0.pathraw -c %S/Inputs/classify.c -o c0.o 2>&1 | count 0
#include "Inputs/branchy.c"
