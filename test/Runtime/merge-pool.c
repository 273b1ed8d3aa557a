// Merge mode (%m, %Nm): runs merge into a pool of files instead of each
// writing its own. 50 processes at once with %4m: at most 4 files, and every
// count of every process is there. Sequential runs fold the dead segments
// into one, so a pool file stays small; a run killed with SIGKILL keeps its
// counts, and the next run folds them in too; so is the remnant of a process
// killed while it set its segment up. An unwritable pool directory
// and a pool file that is not a profile of this version are one error each,
// never a changed exit status or a damaged file; in default mode such a file
// is overwritten.
//
// RUN: %clang_pathprof -O2 -g %s %pathprof_rt -o %t
// RUN: rm -rf %t.pool %t.seq %t.bad && mkdir %t.pool %t.seq %t.bad
//
// RUN: for I in $(seq 50); do env PATHPROF_FILE=%t.pool/pool_%%4m.pathraw %t & done; wait
// RUN: ls %t.pool | wc -l | FileCheck --check-prefix=POOL %s
// POOL: {{^ *[1-4]$}}
// RUN: %llvm-pathprof merge -o %t.pool.prof %t.pool/*
// RUN: %llvm-pathprof show --json %t.pool.prof | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=FIFTY %s
// FIFTY: function {{.*}}merge-pool.c;step paths=2 entry=100000 total=100000
// FIFTY-NEXT: path 0 50000
// FIFTY-NEXT: path 1 50000
//
// Five runs one after the other: each normal exit folds the dead segments
// into one compact segment, the only counts of the file.
// RUN: for I in 1 2 3 4 5; do env PATHPROF_FILE=%t.seq/seq_%%m.pathraw %t; done
// RUN: %python %S/Inputs/dump_raw.py %t.seq/seq_*.pathraw | grep -c -E '(segment|compact) at' | FileCheck --check-prefix=SOLE %s
// SOLE: 1
// RUN: %llvm-pathprof show --json %t.seq/seq_*.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=FIVE %s
// FIVE: function {{.*}}merge-pool.c;step paths=2 entry=10000 total=10000
//
// Killed half-way: its 1000 calls are in the file, and stay after the next run.
// RUN: env PATHPROF_FILE=%t.seq/seq_%%m.pathraw not --crash %t kill
// RUN: %llvm-pathprof show --json %t.seq/seq_*.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=KILLED %s
// KILLED: function {{.*}}merge-pool.c;step paths=2 entry=11000 total=11000
// RUN: env PATHPROF_FILE=%t.seq/seq_%%m.pathraw %t
// RUN: %python %S/Inputs/dump_raw.py %t.seq/seq_*.pathraw | grep -c -E '(segment|compact) at' | FileCheck --check-prefix=SOLE %s
// RUN: %llvm-pathprof show --json %t.seq/seq_*.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=NEXT %s
// NEXT: function {{.*}}merge-pool.c;step paths=2 entry=13000 total=13000
//
// A process killed while it appended its segment leaves zeros at the end;
// the next run cuts them off before it appends.
// RUN: %python -c "import glob; open(glob.glob('%t.seq/seq_*')[0], 'ab').write(bytes(4096))"
// RUN: %python %S/Inputs/dump_raw.py %t.seq/seq_*.pathraw | FileCheck --check-prefix=CUT %s
// CUT: incomplete: 4096 bytes at
// RUN: env PATHPROF_FILE=%t.seq/seq_%%m.pathraw %t
// RUN: %python %S/Inputs/dump_raw.py %t.seq/seq_*.pathraw | FileCheck --check-prefix=WHOLE %s
// WHOLE-NOT: incomplete
// RUN: %llvm-pathprof show --json %t.seq/seq_*.pathraw 2>&1 | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=AFTERCUT %s
// AFTERCUT: function {{.*}}merge-pool.c;step paths=2 entry=15000 total=15000
//
// RUN: env PATHPROF_FILE=/proc/pathprof-no-such-dir/pool_%%4m.pathraw \
// RUN:   sh -c '%t; echo "exit status $?"' > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=STATUS %s < %t.out
// RUN: FileCheck --check-prefix=NODIR --implicit-check-not='PathProf error' %s < %t.err
// STATUS: exit status 0
// NODIR: PathProf error: cannot create profile '/proc/pathprof-no-such-dir/pool_{{[0-9a-f]+}}_{{[0-3]}}.pathraw': No such file or directory
//
// RUN: env PATHPROF_FILE=%t.bad/bad_%%m.pathraw %t
// RUN: %python -c "import glob; open(glob.glob('%t.bad/bad_*')[0], 'w').write('not a profile\n')"
// RUN: cp %t.bad/bad_* %t.garbage
// RUN: env PATHPROF_FILE=%t.bad/bad_%%m.pathraw sh -c '%t; echo "exit status $?"' > %t.out 2> %t.err
// RUN: FileCheck --check-prefix=STATUS %s < %t.out
// RUN: FileCheck --check-prefix=GARBAGE --implicit-check-not='PathProf error' %s < %t.err
// GARBAGE: PathProf error: '{{.*}}bad_{{[0-9a-f]+}}_0.pathraw' is not a PathProf raw profile; not merging into it
// RUN: cmp %t.garbage %t.bad/bad_*
// RUN: cp %S/../tools/Inputs/v1/v1.pathraw %t.bad/bad_*
// RUN: env PATHPROF_FILE=%t.bad/bad_%%m.pathraw %t 2>&1 | FileCheck -DRAW_VERSION=%raw_version --check-prefix=V1 %s
// V1: PathProf error: '{{.*}}bad_{{[0-9a-f]+}}_0.pathraw' is a PathProf raw profile of version 1; this runtime writes version [[RAW_VERSION]]; not merging into it
// RUN: cmp %S/../tools/Inputs/v1/v1.pathraw %t.bad/bad_*
//
// Default mode overwrites it.
// RUN: cp %t.garbage %t.bad/plain.pathraw
// RUN: env PATHPROF_FILE=%t.bad/plain.pathraw %t 2>&1 | count 0
// RUN: %llvm-pathprof show --json %t.bad/plain.pathraw | %python %S/Inputs/paths.py --no-blocks | FileCheck --check-prefix=ONE %s
// ONE: function {{.*}}merge-pool.c;step paths=2 entry=2000 total=2000

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int Sink;

__attribute__((noinline)) static void step(int I) {
  if (I & 1)
    Sink += I;
  else
    Sink -= I;
}

int main(int Argc, char **Argv) {
  for (int I = 0; I != 1000; ++I)
    step(I);
  if (Argc > 1 && strcmp(Argv[1], "kill") == 0)
    kill(getpid(), SIGKILL);
  usleep(10000); /* let the 50 processes overlap */
  for (int I = 0; I != 1000; ++I)
    step(I);
  return 0;
}
