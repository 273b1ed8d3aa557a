// The program of estimated-use.test: step() is small enough for the
// pre-inliner, which copies its branch into count()'s loop in the builds
// that run it (-fprofile-path-generate, -fprofile-path-use of an exact
// profile) and not in the sampling build, whose code must be -O2's.
#include <stdio.h>
#include <stdlib.h>

static int step(int V, int I) {
  if (I % 4 == 0)
    return V * 3 + 1;
  return V ^ I;
}

__attribute__((noinline)) int count(int N) {
  int V = 0;
  for (int I = 0; I < N; ++I) {
    if (I % 7 == 0)
      V += 5;
    V = step(V, I);
  }
  return V;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 1000;
  printf("%d\n", count(N));
  return 0;
}
