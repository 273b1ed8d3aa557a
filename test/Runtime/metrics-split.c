// A function with metrics keeps its path table split (PATHPROF_FUNC_SPLIT,
// raw version 9): its NumPaths counts first, as without metrics, then the
// paths' metric blocks, so that counting touches the pages of counts alone
// and a block only when its path is measured. dump_raw.py prints a dense
// function's first NumPaths words as its counts: with the split table they
// are exactly the path counts, where interleaved records would show metric
// words among them. Exact mode, so that every block is written.
//
// RUN: %clang_pathprof -O1 -mllvm -pathprof-metrics=1 %s %pathprof_rt -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env PATHPROF_EVENTS=tsc PATHPROF_METRIC_PERIOD=1 PATHPROF_FILE=%t.d/s.pathraw %t | FileCheck --check-prefix=OUT %s
// OUT: 700
// RUN: %python %S/Inputs/dump_raw.py %t.d/s.pathraw | FileCheck --check-prefix=DUMP %s
// DUMP: function {{.*}}metrics-split.c;classify: paths 3 checksum {{[0-9a-f]+}} cfg v1 {{[0-9]+}} blocks counts 500 300 200{{$}}
//
// The blocks are the paths' own: every path measured once per execution
// (k = count), each with its own time.
// RUN: %llvm-pathprof show --function=classify %t.d/s.pathraw | FileCheck --check-prefix=SHOW %s
// SHOW: Path 0: count 500
// SHOW-NEXT: Metrics: tsc={{[1-9][0-9]*}}{{$}}
// SHOW: Path 1: count 300
// SHOW-NEXT: Metrics: tsc={{[1-9][0-9]*}}{{$}}
// SHOW: Path 2: count 200
// SHOW-NEXT: Metrics: tsc={{[1-9][0-9]*}}{{$}}
//
// The reader takes the flag only from version 9 on, and only on a dense
// function with metrics that counts paths: description segment 0, function
// classify, with the flag and without metrics, or hashed.
// RUN: %llvm-pathprof show --json %t.d/s.pathraw | %python -c "import json,sys; fs=json.load(sys.stdin)['functions']; print([f['name'].endswith(';classify') for f in fs].index(True))" > %t.d/index
// RUN: %python %S/../tools/Inputs/corrupt-profile.py %t.d/s.pathraw -o %t.d/nometrics.pathraw --set-function $(cat %t.d/index):Flags=0x18
// RUN: not %llvm-pathprof show %t.d/nometrics.pathraw 2>&1 | FileCheck --check-prefix=NOMETRICS %s
// NOMETRICS: corrupt raw profile: {{.*}}function '{{.*}}metrics-split.c;classify': unknown flags 0x18
// RUN: %python %S/../tools/Inputs/corrupt-profile.py %t.d/s.pathraw -o %t.d/hashed.pathraw --set-function $(cat %t.d/index):Flags=0x119
// RUN: not %llvm-pathprof show %t.d/hashed.pathraw 2>&1 | FileCheck --check-prefix=HASHED %s
// HASHED: corrupt raw profile: {{.*}}function '{{.*}}metrics-split.c;classify': unknown flags 0x119
// RUN: %python %S/../tools/Inputs/corrupt-profile.py %t.d/s.pathraw -o %t.d/v8.pathraw --set Version=8
// RUN: not %llvm-pathprof show %t.d/v8.pathraw 2>&1 | FileCheck --check-prefix=V8 %s
// V8: corrupt raw profile: {{.*}}unknown flags 0x118

#include <stdio.h>

static volatile int Seen[3];

__attribute__((noinline)) static int classify(int X) {
  if (X < 500) {
    Seen[0]++;
    return 0;
  }
  if (X < 800) {
    Seen[1]++;
    return 1;
  }
  Seen[2]++;
  return 2;
}

int main(void) {
  int Sum = 0;
  for (int I = 0; I < 1000; ++I)
    Sum += classify(I);
  printf("%d\n", Sum);
  return 0;
}
