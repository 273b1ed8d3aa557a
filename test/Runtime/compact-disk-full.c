// A disk that fills (a tmpfs of a few pages; mounting it needs root and a
// kernel that allows it: lit feature mount-tmpfs): the program's output and
// exit status never change, the runtime prints one error line per thing it
// could not do, and the file holds what fit or nothing, never a corrupt
// profile. wide() reserves 65,536 dense counters (a 516 KB counter
// segment, sparse: only the pages counters are written to take room); the
// description takes two pages, the segment's header one, which also holds
// wide()'s counter of path 0 and main()'s; paths 43690 and 65535 count on
// a page each.
//
// REQUIRES: mount-tmpfs, linux
// RUN: %clang_pathprof -O1 -g %S/Inputs/wide_paths.c %pathprof_rt -o %t
// RUN: rm -rf %t.mnt %t.out && mkdir -p %t.mnt %t.out
//
// 8 KB: the description fits, the segment's header does not: one error at
// start-up, no counts, and a file that reads as a profile with none.
// RUN: mount -t tmpfs -o size=8k tmpfs %t.mnt
// RUN: env PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/small.out 2> %t.out/small.err; cp %t.mnt/a.pathraw %t.out/small.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/small.out
// RUN: FileCheck --check-prefix=NOSEG --implicit-check-not='PathProf error' %s < %t.out/small.err
// RUN: %llvm-pathprof show %t.out/small.pathraw | FileCheck --check-prefix=NONE %s
// OUT: sum 1048560
// OUT-NEXT: exit status 3
// NOSEG: PathProf error: cannot create profile '{{.*}}a.pathraw': No space left on device
// NONE: Total path count: 0
//
// 16 KB: the segment is made, and the first counter page written after
// the header's fits; the next has no room. One error when it is written
// (the SIGBUS the kernel answers with is the runtime's: PathProfGuard.c),
// one more at exit, where the compact file does not fit either; the dense
// profile stays with every count that fit.
// RUN: mount -t tmpfs -o size=16k tmpfs %t.mnt
// RUN: env PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/part.out 2> %t.out/part.err; cp %t.mnt/a.pathraw %t.out/part.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/part.out
// RUN: FileCheck --check-prefix=LOST --implicit-check-not='PathProf error' %s < %t.out/part.err
// RUN: %llvm-pathprof show --json %t.out/part.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=PART %s
// LOST:      PathProf error: no room in the file system for the profile's counters; counts that do not fit are not kept
// LOST-NEXT: PathProf error: cannot compact profile '{{.*}}a.pathraw': No space left on device; it keeps the counts in their dense form
// PART:      function {{.*}}wide_paths.c;wide paths=65536 entry=2 total=2
// PART-NEXT:   path 0 1
// PART-NEXT:   path 43690 1
// PART-NEXT: function main paths=1 entry=1 total=1
//
// 20 KB: every counter page fits, but at exit there is no room for the
// compact file next to it: one error, and the dense profile stays, every
// count in it.
// RUN: mount -t tmpfs -o size=20k tmpfs %t.mnt
// RUN: env PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/tight.out 2> %t.out/tight.err; cp %t.mnt/a.pathraw %t.out/tight.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/tight.out
// RUN: FileCheck --check-prefix=NOCOMPACT --implicit-check-not='PathProf error' %s < %t.out/tight.err
// RUN: %llvm-pathprof show --segments %t.out/tight.pathraw | FileCheck --check-prefix=DENSE %s
// RUN: %llvm-pathprof show --json %t.out/tight.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=COUNTS %s
// NOCOMPACT: PathProf error: cannot compact profile '{{.*}}a.pathraw': No space left on device; it keeps the counts in their dense form
// DENSE: Segments: 2
// DENSE: Holds: counts (of one module instance)
//
// 1 MB: room for both: the compact profile, the same counts.
// RUN: mount -t tmpfs -o size=1m tmpfs %t.mnt
// RUN: env PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/room.out 2> %t.out/room.err; cp %t.mnt/a.pathraw %t.out/room.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/room.out
// RUN: count 0 < %t.out/room.err
// RUN: %llvm-pathprof show --segments %t.out/room.pathraw | FileCheck --check-prefix=COMPACT %s
// RUN: %llvm-pathprof show --json %t.out/room.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=COUNTS %s
// COMPACT: Holds: compact counts
// COUNTS:      function {{.*}}wide_paths.c;wide paths=65536 entry=3 total=3
// COUNTS-NEXT:   path 0 1
// COUNTS-NEXT:   path 43690 1
// COUNTS-NEXT:   path 65535 1
//
// PATHPROF_SPARSE=0 reserves the whole segment at start-up, as a shared
// library's runtime always does: 300 KB holds the description but not the
// 516 KB segment, so there is no segment and one error, as at 8 KB.
// RUN: mount -t tmpfs -o size=300k tmpfs %t.mnt
// RUN: env PATHPROF_SPARSE=0 PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/reserve.out 2> %t.out/reserve.err; cp %t.mnt/a.pathraw %t.out/reserve.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/reserve.out
// RUN: FileCheck --check-prefix=NOSEG --implicit-check-not='PathProf error' %s < %t.out/reserve.err
// RUN: %llvm-pathprof show %t.out/reserve.pathraw | FileCheck --check-prefix=NONE %s
