// Without -fprofile-path-generate the wrapper builds an ordinary program:
// no plugin loaded, the runtime archive contributes nothing, no profile written.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: pathprof-clang -O2 '-DGREETING="hello world"' %s -o plain
// RUN: ./plain | FileCheck %s
// RUN: not ls *.pathraw
// CHECK: hello world
#include <stdio.h>
int main(void) {
  puts(GREETING);
  return 0;
}
