// What the metrics runtime says about events it cannot count: one
// "PathProf error:" line each, naming the event and why; the program prints
// what it prints and exits with its own status, counting paths and the
// events that are left.
//
// DEFINE: %{long} = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=2 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
//
// An unknown name, a name given twice, more names than the 2 accumulators.
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=bogus-event,tsc,tsc,page-faults,task-clock PATHPROF_FILE=%t.d/a.pathraw not %t > %t.d/a.out 2> %t.d/a.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/a.out
// RUN: FileCheck --check-prefix=ERR-A --implicit-check-not=PathProf %s < %t.d/a.err
// ERR-A: PathProf error: unknown event 'bogus-event' in PATHPROF_EVENTS: event not found; not counted
// ERR-A-NEXT: PathProf error: event 'tsc' appears twice in PATHPROF_EVENTS; counted once
// ERR-A-NEXT: PathProf error: PATHPROF_EVENTS names more events than the 2 metrics per path this program was built with (-fprofile-path-metrics=2); 'task-clock' and later events not counted
// RUN: %llvm-pathprof show --text %t.d/a.pathraw | FileCheck --check-prefix=KEPT %s
// KEPT: :metric tsc ticks sum source=tsc{{$}}
// KEPT-NEXT: :metric page-faults events sum source=read{{$}}
// KEPT: path 0 3 {{[0-9]+}} {{[0-9]+$}}
// KEPT-NEXT: path 1 2 {{[0-9]+}} {{[0-9]+$}}
//
// A raw profile whose metric table names an event twice is corrupt.
// (corrupt-profile.py unpacks the packed segments first: the name is then
// found where the plain file has it.)
// RUN: %python %S/../tools/Inputs/corrupt-profile.py %t.d/a.pathraw -o %t.d/plain.pathraw
// RUN: %python -c "import sys; d=open(sys.argv[1],'rb').read(); print(d.find(b'page-faults'))" %t.d/plain.pathraw > %t.d/name-off
// RUN: %python %S/../tools/Inputs/corrupt-profile.py %t.d/plain.pathraw -o %t.d/twice.pathraw \
// RUN:   --poke `cat %t.d/name-off`=0x637374 --poke $((`cat %t.d/name-off` - 8))=3
// RUN: not %llvm-pathprof show %t.d/twice.pathraw 2>&1 | FileCheck --check-prefix=TWICE %s
// TWICE: error: {{.*}}twice.pathraw: corrupt raw profile: segment at offset {{[0-9]+}}: metric 1 repeats the name 'tsc'
//
// A name too long for the profile.
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=tsc,%{long} PATHPROF_FILE=%t.d/b.pathraw not %t > %t.d/b.out 2> %t.d/b.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/b.out
// RUN: FileCheck --check-prefix=ERR-B --implicit-check-not=PathProf %s < %t.d/b.err
// ERR-B: PathProf error: event '{{x+}}' in PATHPROF_EVENTS: the name is longer than 95 bytes; not counted
//
// Nothing left to count: the paths are still counted, without metrics.
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=bogus-event PATHPROF_FILE=%t.d/c.pathraw not %t > %t.d/c.out 2> %t.d/c.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/c.out
// RUN: %llvm-pathprof show --text %t.d/c.pathraw | FileCheck --check-prefix=NONE %s
// NONE-NOT: :metric
// NONE: path 0 3{{$}}
// NONE-NEXT: path 1 2{{$}}
//
// An event the kernel refuses: cycles, on a machine without hardware
// counters (most virtual machines). Unset, PATHPROF_EVENTS means cycles
// where there are hardware counters, else tsc, without a word.
// RUN: %if no-hw-counters %{ env PATHPROF_METRIC_PERIOD=1 PATHPROF_EVENTS=cycles,tsc PATHPROF_FILE=%t.d/d.pathraw not %t > %t.d/d.out 2> %t.d/d.err %}
// RUN: %if no-hw-counters %{ FileCheck --check-prefix=ERR-D --implicit-check-not=PathProf %s < %t.d/d.err %}
// RUN: %if no-hw-counters %{ %llvm-pathprof show --text %t.d/d.pathraw | FileCheck --check-prefix=TSC %s %}
// ERR-D: PathProf error: event 'cycles': No such file or directory (the kernel or the machine does not offer it); not counted
// RUN: env PATHPROF_METRIC_PERIOD=1 PATHPROF_FILE=%t.d/e.pathraw not %t > %t.d/e.out 2> %t.d/e.err
// RUN: FileCheck --check-prefix=OUT %s < %t.d/e.out
// RUN: count 0 < %t.d/e.err
// RUN: %if no-hw-counters %{ %llvm-pathprof show --text %t.d/e.pathraw | FileCheck --check-prefix=TSC %s %}
// RUN: %if hw-counters %{ %llvm-pathprof show --text %t.d/e.pathraw | FileCheck --check-prefix=CYCLES %s %}
// TSC: :metric tsc ticks sum source=tsc{{$}}
// TSC-NOT: :metric
// CYCLES: :metric cycles events sum source={{rdpmc|read|rdpmc\+read}}{{$}}
// CYCLES-NOT: :metric
//
// OUT: odd 2 even 3
// OUT-NOT: PathProf


#include <stdio.h>

static int Odd, Even;

__attribute__((noinline)) static void count(int I) {
  if (I & 1)
    ++Odd;
  else
    ++Even;
}

int main(void) {
  for (int I = 0; I != 5; ++I)
    count(I);
  printf("odd %d even %d\n", Odd, Even);
  return 3;
}
