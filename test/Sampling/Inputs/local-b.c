// local-names.test: the other static helper().
#include <stdio.h>
#include <stdlib.h>

static inline int helper(int I) {
  if (I % 3 == 0)
    return I ^ 7;
  return I - 2;
}

__attribute__((noinline)) int sumB(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += helper(I);
  return S;
}

int sumA(int N);

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 1200;
  printf("%d %d\n", sumA(N), sumB(N));
  return 0;
}
