; The use side reads an indexed profile through its index (version 5,
; docs/FileFormat.md, "Index"): a module reads the records of the functions
; it defines and checks only their checksums, so a profile whose other
; records are damaged still serves it, with the same numbers, while a module
; that defines a damaged function, and every reader of the whole file, say
; what is wrong. The profile's functions are f (0), main (1) and never (2).
;
; RUN: rm -rf %t && mkdir %t
; RUN: %opt_pathprof -passes=pathprof-instrument,pathprof-lower -S %s -o %t/inst.ll
; RUN: %clang -Wno-override-module %t/inst.ll %pathprof_rt -o %t/prog
; RUN: env PATHPROF_FILE=%t/prof.pathraw %t/prog
; RUN: %llvm-pathprof merge -o %t/prof.pathprof %t/prof.pathraw
; RUN: %llvm-pathprof merge --no-index -o %t/noindex.pathprof %t/prof.pathraw
; RUN: %python -c "import struct,sys; print('version %%d header %%d' %% struct.unpack_from('<QQ', open(sys.argv[1],'rb').read(), 8))" %t/prof.pathprof | FileCheck %s --check-prefix=V5
; V5: version 5 header 80
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %s | FileCheck %s --check-prefixes=ALL,F,REST
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/prof.pathprof -disable-output %S/Inputs/index-f.ll | FileCheck %s --check-prefixes=ALL,F,ONLYF
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/noindex.pathprof -disable-output %s | FileCheck %s --check-prefixes=ALL,F,REST
;
; main's path count made 0, the header's and the index's checksums made to
; agree: main's record no longer has the checksum its index entry says.
; RUN: %python %S/../../tools/Inputs/corrupt-profile.py %t/prof.pathprof -o %t/bad.pathprof --set-record 1:0:Count=0
; RUN: %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/bad.pathprof -disable-output %S/Inputs/index-f.ll | FileCheck %s --check-prefixes=ALL,F,ONLYF
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/bad.pathprof -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADMAIN
; BADMAIN: error: path profile '{{.*}}.pathprof': corrupt indexed profile: checksum mismatch in the record of function 1{{$}}
; RUN: not %llvm-pathprof show %t/bad.pathprof 2>&1 | FileCheck %s --check-prefix=SHOW
; SHOW: llvm-pathprof: error: {{.*}}bad.pathprof: corrupt indexed profile: function 'main' has a zero count for path 0{{$}}
; Without an index, every module reads, and refuses, the whole profile.
; RUN: %python %S/../../tools/Inputs/corrupt-profile.py %t/noindex.pathprof -o %t/bad-noindex.pathprof --set-record 1:0:Count=0
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/bad-noindex.pathprof -disable-output %S/Inputs/index-f.ll 2>&1 | FileCheck %s --check-prefix=NOINDEX
; NOINDEX: error: path profile '{{.*}}bad-noindex.pathprof': corrupt indexed profile: function 'main' has a zero count for path 0{{$}}
;
; A record that still parses but is not the one the index describes (main's
; count 1 made 7): the module that reads it refuses it; show finds the index
; stale.
; RUN: %python %S/../../tools/Inputs/corrupt-profile.py %t/prof.pathprof -o %t/stale.pathprof --set-record 1:0:Count=7
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/stale.pathprof -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADMAIN
; RUN: not %llvm-pathprof show %t/stale.pathprof 2>&1 | FileCheck %s --check-prefix=STALE
; STALE: llvm-pathprof: error: {{.*}}stale.pathprof: corrupt indexed profile: the index does not match the function records and sections (a stale index){{$}}
;
; The index itself damaged (its flags word), its checksum left alone.
; RUN: %python -c "import struct,sys; d=bytearray(open(sys.argv[1],'rb').read()); o=struct.unpack_from('<Q', d, 64)[0]; d[o]^=2; open(sys.argv[2],'wb').write(d)" %t/prof.pathprof %t/index.pathprof
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/index.pathprof -disable-output %S/Inputs/index-f.ll 2>&1 | FileCheck %s --check-prefix=INDEX
; INDEX: error: path profile '{{.*}}index.pathprof': corrupt indexed profile: index checksum mismatch{{$}}
; An index that starts elsewhere than where the header says.
; RUN: %python %S/../../tools/Inputs/corrupt-profile.py %t/prof.pathprof -o %t/offset.pathprof --set IndexOffset=80
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/offset.pathprof -disable-output %S/Inputs/index-f.ll 2>&1 | FileCheck %s --check-prefix=OFFSET
; OFFSET: error: path profile '{{.*}}offset.pathprof': corrupt indexed profile: the index at offset 80 does not end the file with an entry per section and function{{$}}

; An index whose keys are not sorted (the first entry's key made the
; largest; the checksums recomputed): the search could miss functions the
; file has, so it is an error, not a missing profile.
; RUN: %python -c "import struct,sys; d=open(sys.argv[1],'rb').read(); o=struct.unpack_from('<Q', d, 64)[0]; n=struct.unpack_from('<Q', d, 48)[0]; print('%%d=0xffffffffffffffff' %% (o + 8 * (1 + 4 * n)))" %t/prof.pathprof > %t/poke.txt
; RUN: %python %S/../../tools/Inputs/corrupt-profile.py %t/prof.pathprof -o %t/unsorted.pathprof --poke `cat %t/poke.txt`
; RUN: not %opt_pathprof -passes='print<pathprof-use>' -pathprof-profile-use=%t/unsorted.pathprof -disable-output %S/Inputs/index-f.ll 2>&1 | FileCheck %s --check-prefix=UNSORTED
; UNSORTED: error: path profile '{{.*}}unsorted.pathprof': corrupt indexed profile: the index is not sorted by symbol hash at entry 1 (a stale index){{$}}

; The whole program's function count and flow come from the header and the
; summary, whatever the module defines.
; ALL: PathProf profile: 3 functions, program flow 16
; F-LABEL: PathProf profile for 'f': checksum 0x{{[0-9a-f]+}}, 8 paths
; F-NEXT:  entry count: 2, flow: 15, paths run: 5
; F-NEXT:  path 7 count 8: ENTRY => loop -> else -> latch => EXIT
; F-NEXT:  path 5 count 3: ENTRY => loop -> then -> latch => EXIT
; F-NEXT:  path 1 count 2: entry -> loop -> then -> latch => EXIT
; F-NEXT:  path 4 count 1: ENTRY => loop -> then -> latch -> exit -> EXIT
; F-NEXT:  path 6 count 1: ENTRY => loop -> else -> latch -> exit -> EXIT
; F-NEXT:  edge entry -> loop: 2
; F-NEXT:  edge loop -> then: 6
; F-NEXT:  edge loop -> else: 9
; F-NEXT:  edge then -> latch: 6
; F-NEXT:  edge else -> latch: 9
; F-NEXT:  edge latch -> exit: 2
; F-NEXT:  edge latch -> loop: 13 (path break)
; F-NEXT:  block entry: 2
; F-NEXT:  block loop: 15
; F-NEXT:  block then: 6
; F-NEXT:  block else: 9
; F-NEXT:  block latch: 15
; F-NEXT:  block exit: 2
; REST-NEXT: PathProf profile for 'never': checksum 0x{{[0-9a-f]+}}, 2 paths
; REST-NEXT:  entry count: 0, flow: 0, paths run: 0
; REST-NEXT: PathProf profile for 'main': checksum 0x{{[0-9a-f]+}}, 1 paths
; REST-NEXT:  entry count: 1, flow: 1, paths run: 1
; REST-NEXT:  path 0 count 1: entry -> EXIT
; REST-NEXT:  block entry: 1
; ONLYF-NOT: {{.}}
; REST-NOT: {{.}}

define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %r = urem i32 %i, 3
  %c = icmp eq i32 %r, 0
  br i1 %c, label %then, label %else
then:
  %s1 = add i32 %s, 10
  br label %latch
else:
  %s2 = add i32 %s, 1
  br label %latch
latch:
  %s.next = phi i32 [ %s1, %then ], [ %s2, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i32 @never(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
pos:
  ret i32 1
neg:
  ret i32 -1
}

define i32 @main() {
entry:
  %a = call i32 @f(i32 10)
  %b = call i32 @f(i32 5)
  ret i32 0
}
