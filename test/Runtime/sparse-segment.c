// A running program's counter segment is sparse: the file is as long as the
// segment, but only the pages counters were written to take disk space.
// wide() reserves 65,536 dense counters (a 516 KB segment) and writes three
// of them; with PATHPROF_COMPACT=0 the file stays as it was while running.
//
// RUN: %clang_pathprof -O1 %S/Inputs/wide_paths.c %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: not env PATHPROF_COMPACT=0 PATHPROF_FILE=%t.d/a.pathraw %t > %t.d/a.out
// RUN: %python -c "import os, sys; s = os.stat(sys.argv[1]); print('size', 'large' if s.st_size > 512 * 1024 else s.st_size, 'on disk', 'small' if s.st_blocks * 512 <= 64 * 1024 else s.st_blocks * 512)" %t.d/a.pathraw | FileCheck --check-prefix=SPARSE %s
// SPARSE: size large on disk small
// RUN: %llvm-pathprof show --json %t.d/a.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=COUNTS %s
// COUNTS:      function {{.*}}wide_paths.c;wide paths=65536 entry=3 total=3
// COUNTS-NEXT:   path 0 1
// COUNTS-NEXT:   path 43690 1
// COUNTS-NEXT:   path 65535 1
//
// A PATHPROF_SPARSE that is neither 0 nor 1: one error, the segment is
// reserved whole as with 0, and the program and its counts are the same.
// RUN: env PATHPROF_SPARSE=yes PATHPROF_FILE=%t.d/b.pathraw sh -c '%t; echo "exit status $?"' > %t.d/b.out 2> %t.d/b.err
// RUN: FileCheck --check-prefix=BAD --implicit-check-not='PathProf error' %s < %t.d/b.err
// BAD: PathProf error: PATHPROF_SPARSE='yes' is neither 0 nor 1; reserving the counters' file space
// RUN: FileCheck --check-prefix=OUT %s < %t.d/b.out
// OUT:      sum 1048560
// OUT-NEXT: exit status 3
// RUN: %llvm-pathprof show --json %t.d/b.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=COUNTS %s
