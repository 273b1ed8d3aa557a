// Binary correlation (-pathprof-correlate=binary, the driver's
// -fprofile-path-correlate=binary): the names and CFG descriptions go into a
// section of the binary the loader does not map, the raw profile keeps the
// counts, the name MD5s and the binary's build id, and llvm-pathprof reads the
// rest from the binary given with --binary (a file, several, or a directory
// searched by build id). The profile it reads is the self-contained build's,
// path for path; a missing, wrong, stale or damaged binary is one clear error.
//
// RUN: rm -rf %t && mkdir -p %t/plain %t/bins && cd %t
// RUN: %clang_pathprof -O2 -fPIC -shared -mllvm -pathprof-correlate=binary %S/Inputs/shlib-linked.c %pathprof_rt -Wl,--build-id -o lib.so
// RUN: %clang_pathprof -O2 -mllvm -pathprof-correlate=binary %s lib.so %pathprof_rt -Wl,--build-id -Wl,-rpath,%t -o prog
// RUN: %clang_pathprof -O2 -fPIC -shared %S/Inputs/shlib-linked.c %pathprof_rt -o plain/lib.so
// RUN: %clang_pathprof -O2 %s plain/lib.so %pathprof_rt -Wl,-rpath,%t/plain -o plain/prog
//
// The section is not allocated (no A flag), and the names are not in the
// loaded data of the correlated build, where the self-contained one has them.
// RUN: llvm-readelf -S -W prog | FileCheck --check-prefix=SECTION %s
// SECTION: .pathprof_desc PROGBITS 0000000000000000 {{[0-9a-f]+}} {{[0-9a-f]+}} 00 0 0 8{{$}}
// RUN: llvm-objcopy --dump-section=.rodata=rodata-cor prog
// RUN: llvm-objcopy --dump-section=.rodata=rodata-plain plain/prog
// RUN: grep -c 'correlate-binary.c;helper' rodata-plain
// RUN: not grep -c 'correlate-binary.c;helper' rodata-cor
//
// The same run of each build: the same output and, read with the binaries,
// the same profile.
// RUN: env PATHPROF_FILE=%t/cor.pathraw ./prog > out-cor
// RUN: env PATHPROF_FILE=%t/plain.pathraw plain/prog > out-plain
// RUN: diff out-cor out-plain
// RUN: %python %S/Inputs/dump_raw.py cor.pathraw | FileCheck --check-prefix=DUMP %s
// Each module's compact segment follows its description, or comes last.
// DUMP-DAG: description at {{[0-9]+}}: functions: {{[0-9]+}} build id: {{([0-9a-f]{40}) packed$}}
// DUMP-DAG: description at {{[0-9]+}}: functions: {{[0-9]+}} build id: {{([0-9a-f]{40}) packed$}}
// DUMP-DAG: compact at {{[0-9]+}}: version {{[0-9]+}} functions: {{[0-9]+}} metrics: 0 (names in the binary)
// DUMP-DAG: compact at {{[0-9]+}}: version {{[0-9]+}} functions: {{[0-9]+}} metrics: 0 (names in the binary)
// RUN: %llvm-pathprof show --binary=prog,lib.so --json cor.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// RUN: %llvm-pathprof show --json plain.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck %s
// CHECK:      function {{.*}}shlib-linked.c;helper paths=2 entry=20 total=20
// CHECK-NEXT:   path 0 10
// CHECK-NEXT:   path 1 10
// CHECK-NEXT: function {{.*}}correlate-binary.c;helper paths=2 entry=10 total=10
// CHECK-NEXT:   path 0 4
// CHECK-NEXT:   path 1 6
// CHECK-NEXT: function linked_work paths=4 entry=1 total=21
// CHECK-NEXT:   path 1 1
// CHECK-NEXT:   path 2 1
// CHECK-NEXT:   path 3 19
// CHECK-NEXT: function main paths=4 entry=1 total=11
// CHECK-NEXT:   path 1 1
// CHECK-NEXT:   path 2 1
// CHECK-NEXT:   path 3 9
// CHECK-EMPTY:
// RUN: %llvm-pathprof show --binary=prog --binary=lib.so cor.pathraw > show-cor
// RUN: %llvm-pathprof show plain.pathraw > show-plain
// RUN: diff show-cor show-plain
// RUN: %llvm-pathprof merge --binary=prog,lib.so cor.pathraw -o cor.pathprof
// RUN: %llvm-pathprof merge plain.pathraw -o plain.pathprof
// RUN: cmp cor.pathprof plain.pathprof
//
// A directory stands for the binaries in it, and for those of its
// .build-id/xx/ subdirectories (a debug file directory), found by build id.
// RUN: cp prog bins/ && mkdir -p bins/.build-id/ab && cp lib.so bins/.build-id/ab/cdef.debug
// RUN: echo 'not a binary' > bins/README
// RUN: %llvm-pathprof show --binary=bins cor.pathraw > show-dir
// RUN: diff show-dir show-plain
//
// Without the binaries, or without one of them: the build id it needs (the
// library's description is first in the file: its constructor runs first).
// RUN: llvm-readelf -n prog lib.so | grep 'Build ID' > ids
// RUN: not %llvm-pathprof show cor.pathraw 2> err-none
// RUN: cat ids err-none | FileCheck --check-prefix=NONE %s
// NONE: Build ID: [[PROG:[0-9a-f]+]]
// NONE: Build ID: [[LIB:[0-9a-f]+]]
// NONE: llvm-pathprof: error: cor.pathraw: segment at offset 0: the names and CFG descriptions of this module are in its binary (build id [[LIB]]): give it with --binary=FILE{{$}}
// RUN: not %llvm-pathprof merge --binary=prog cor.pathraw -o x.pathprof 2> err-one
// RUN: cat ids err-one | FileCheck --check-prefix=ONE %s
// ONE: Build ID: [[PROG:[0-9a-f]+]]
// ONE: Build ID: [[LIB:[0-9a-f]+]]
// ONE: llvm-pathprof: error: cor.pathraw: segment at offset {{[0-9]+}}: the names and CFG descriptions of this module are in its binary (build id [[LIB]]), and no binary given has that build id: prog ([[PROG]]){{$}}
//
// Not a binary with descriptions: a text file, or the self-contained build.
// RUN: not %llvm-pathprof show --binary=bins/README cor.pathraw 2>&1 | FileCheck --check-prefix=NOTELF %s
// NOTELF: llvm-pathprof: error: bins/README: not an ELF file with PathProf descriptions (section .pathprof_desc): build it with -fprofile-path-correlate=binary, and keep the section when stripping it{{$}}
// RUN: not %llvm-pathprof show --binary=plain/prog cor.pathraw 2>&1 | FileCheck --check-prefix=PLAIN %s
// PLAIN: llvm-pathprof: error: plain/prog: not an ELF file with PathProf descriptions (section .pathprof_desc)
// RUN: not %llvm-pathprof show --binary=missing cor.pathraw 2>&1 | FileCheck --check-prefix=MISSING %s
// MISSING: llvm-pathprof: error: missing: No such file or directory{{$}}
//
// A damaged section, and a section that ends inside an entry.
// RUN: printf 'garbage!' > garbage && llvm-objcopy --update-section=.pathprof_desc=garbage prog bad
// RUN: not %llvm-pathprof show --binary=bad,lib.so cor.pathraw 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: llvm-pathprof: error: bad: section .pathprof_desc is corrupt at offset 0: bad magic 0x2165676162726167{{$}}
// RUN: llvm-objcopy --dump-section=.pathprof_desc=desc prog && head -c 48 desc > cut && llvm-objcopy --update-section=.pathprof_desc=cut prog cutprog
// RUN: not %llvm-pathprof show --binary=cutprog,lib.so cor.pathraw 2>&1 | FileCheck --check-prefix=CUT %s
// CUT: llvm-pathprof: error: cutprog: section .pathprof_desc is corrupt at offset 0: name of {{[0-9]+}} bytes and CFG description of {{[0-9]+}} do not fit the section{{$}}
//
// A binary with the same build id whose descriptions lack a function (a
// forged or mismatched file) names the function.
// RUN: printf '' > empty && llvm-objcopy --update-section=.pathprof_desc=empty prog nodesc
// RUN: not %llvm-pathprof show --binary=nodesc,lib.so cor.pathraw 2>&1 | FileCheck --check-prefix=LACK %s
// LACK: llvm-pathprof: error: cor.pathraw: segment at offset {{[0-9]+}}: function {{[0-9]+}} (name MD5 0x{{[0-9a-f]+}}, checksum 0x{{[0-9a-f]+}}) is not in nodesc, which has the build id the profile names{{$}}
//
// A damaged raw profile: the library's description (first in the file) has
// its regions FUNCTIONS, NAMES, NAME_REFS (a word per function) and BUILD_ID,
// whose directory entries are 32 bytes each from offset 224 (of the file
// with its packed segments unpacked).
// RUN: %python %S/../tools/Inputs/corrupt-profile.py cor.pathraw -o plain.pathraw
// RUN: %python -c "import struct,sys; d=bytearray(open('plain.pathraw','rb').read()); struct.pack_into('<Q', d, 224+2*32+16, 8); open('refs.pathraw','wb').write(d)"
// RUN: not %llvm-pathprof show --binary=prog,lib.so refs.pathraw 2>&1 | FileCheck --check-prefix=REFS %s
// REFS: llvm-pathprof: error: refs.pathraw: corrupt raw profile: segment at offset 0: name reference region has 8 bytes, but 2 records need 16{{$}}
// RUN: %python -c "import struct,sys; d=bytearray(open('plain.pathraw','rb').read()); struct.pack_into('<Q', d, 224+3*32, 99); open('noregion.pathraw','wb').write(d)"
// RUN: not %llvm-pathprof show --binary=prog,lib.so noregion.pathraw 2>&1 | FileCheck --check-prefix=NOIDREGION %s
// NOIDREGION: llvm-pathprof: error: noregion.pathraw: corrupt raw profile: segment at offset 0: a name reference region without a build id region{{$}}
//
// A stale binary: rebuilt from another source, so another build id.
// RUN: %clang_pathprof -O2 -mllvm -pathprof-correlate=binary -DSTALE %s lib.so %pathprof_rt -Wl,--build-id -o stale
// RUN: not %llvm-pathprof show --binary=stale,lib.so cor.pathraw 2>&1 | FileCheck --check-prefix=STALE %s
// STALE: and no binary given has that build id: stale ({{[0-9a-f]+}}), lib.so ({{[0-9a-f]+}}){{$}}
//
// Linked without a build id: the runtime says so once, and the one binary
// given is taken at its word.
// RUN: %clang_pathprof -O2 -mllvm -pathprof-correlate=binary %s lib.so %pathprof_rt -Wl,--build-id=none -Wl,-rpath,%t -o noid
// RUN: env PATHPROF_FILE=%t/noid.pathraw ./noid 2>&1 | FileCheck --check-prefix=NOID-EXEC %s
// NOID-EXEC: PathProf error: the module's names and CFG descriptions are in its binary (-fprofile-path-correlate=binary), but it has no build id to find it by; link it with -Wl,--build-id
// NOID-EXEC-NOT: PathProf error
// NOID-EXEC: done
// RUN: not %llvm-pathprof show --binary=noid,lib.so noid.pathraw 2>&1 | FileCheck --check-prefix=NOID %s
// NOID: which was linked without a build id: give that binary, and only it, with --binary=FILE{{$}}
//
// The verifier decodes paths with the descriptions in memory: not both.
// RUN: not %clang_pathprof -O2 -mllvm -pathprof-correlate=binary -mllvm -pathprof-verify -c %s -o verify.o 2>&1 | FileCheck --check-prefix=VERIFY %s
// VERIFY: error: -pathprof-verify needs the CFG descriptions in the program; it cannot be used with -pathprof-correlate=binary

#include <stdio.h>

static volatile int Sink;

__attribute__((noinline)) static void helper(int I) {
  if (I % 3)
    Sink += I;
}

void linked_work(int N);

int main(void) {
  for (int I = 0; I != 10; ++I)
    helper(I);
  linked_work(20);
#ifdef STALE
  Sink += 1;
#endif
  printf("done\n");
  return 0;
}
