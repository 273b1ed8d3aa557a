// pathprof-clang++ instruments C++ and links the C runtime into a C++ program.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: pathprof-clang++ -O2 -fprofile-path-generate %s -o prog
// RUN: ./prog | FileCheck %s --check-prefix=OUT
// RUN: llvm-pathprof merge -o merged.pathprof default.pathraw
// RUN: llvm-pathprof show merged.pathprof | FileCheck %s --check-prefix=SHOW
// OUT: odd=500
// SHOW: main
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> V;
  for (int I = 0; I < 1000; ++I)
    V.push_back(I);
  int Odd = 0;
  for (int X : V)
    if (X & 1)
      ++Odd;
  std::printf("odd=%d\n", Odd);
  return 0;
}
