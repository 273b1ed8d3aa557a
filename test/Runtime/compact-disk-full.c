// A disk that fills (a tmpfs of a few hundred kilobytes; mounting it needs
// root and a kernel that allows it: lit feature mount-tmpfs): the
// program's output and exit status never change, the runtime prints one
// error line, and the file holds what fit or nothing, never a corrupt
// profile. wide() reserves 65,536 dense counters (a 516 KB counter
// segment); the description takes a page.
//
// REQUIRES: mount-tmpfs, linux
// RUN: %clang_pathprof -O1 -g %s %pathprof_rt -o %t
// RUN: rm -rf %t.mnt %t.out && mkdir -p %t.mnt %t.out
//
// 300 KB: the description fits, the counter segment does not: one error at
// start-up, no counts, and a file that reads as a profile with none.
// RUN: mount -t tmpfs -o size=300k tmpfs %t.mnt
// RUN: env PATHPROF_FILE=%t.mnt/a.pathraw sh -c '%t; echo "exit status $?"' > %t.out/small.out 2> %t.out/small.err; cp %t.mnt/a.pathraw %t.out/small.pathraw; umount %t.mnt
// RUN: FileCheck --check-prefix=OUT %s < %t.out/small.out
// RUN: FileCheck --check-prefix=NOSEG --implicit-check-not='PathProf error' %s < %t.out/small.err
// RUN: %llvm-pathprof show %t.out/small.pathraw | FileCheck --check-prefix=NONE %s
// OUT: sum 1048560
// OUT-NEXT: exit status 3
// NOSEG: PathProf error: cannot create profile '{{.*}}a.pathraw': No space left on device
// NONE: Total path count: 0
//
// 524 KB: the segment fits and counts, but at exit there is no room for the
// compact file next to it: one error, and the dense profile stays, every
// count in it.
// RUN: mount -t tmpfs -o size=524k tmpfs %t.mnt
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
// COUNTS:      function {{.*}}compact-disk-full.c;wide paths=65536 entry=3 total=3
// COUNTS-NEXT:   path 0 1
// COUNTS-NEXT:   path 43690 1
// COUNTS-NEXT:   path 65535 1

#include <stdio.h>

static volatile unsigned Sink;

/* 16 if-else diamonds: 65,536 paths, dense counters (the default limit). */
#define DIAMOND(B)                                                             \
  if (X & (1u << B))                                                           \
    Sink += B;                                                                 \
  else                                                                         \
    Sink -= B;
__attribute__((noinline)) static void wide(unsigned X) {
  DIAMOND(15) DIAMOND(14) DIAMOND(13) DIAMOND(12) DIAMOND(11) DIAMOND(10)
  DIAMOND(9) DIAMOND(8) DIAMOND(7) DIAMOND(6) DIAMOND(5) DIAMOND(4) DIAMOND(3)
  DIAMOND(2) DIAMOND(1) DIAMOND(0)
}

int main(void) {
  wide(0);
  wide(0xaaaa);
  wide(0xffff);
  printf("sum %u\n", 0xffffu * 16);
  return 3;
}
