// The program of estimate-paths.test: a loop of three paths whose
// frequencies are known (i % 3 and i % 5 decide them), in a function that
// is not inlined, and a recursive function, so that the estimator follows
// calls and returns, and an indirect call. Each arm calls a function of its own, so that no two
// arms can merge and none can become a select.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void one(int *V) { *V += 1; }
__attribute__((noinline)) void two(int *V) { *V ^= 2; }
__attribute__((noinline)) void three(int *V) { *V -= 3; }

__attribute__((noinline)) int classify(int N) {
  int V = 0;
  for (int I = 0; I < N; ++I) {
    if (I % 3 == 0)
      one(&V); // 1 in 3
    else if (I % 5 == 0)
      two(&V); // 2 in 15
    else
      three(&V); // 8 in 15
  }
  return V;
}

__attribute__((noinline)) int depth(int N) {
  if (N <= 1)
    return 1;
  return 1 + depth(N - 1) + (N % 2 ? depth(N - 2) : 0);
}

__attribute__((noinline)) int twice(int X) { return 2 * X; }
__attribute__((noinline)) int thrice(int X) { return 3 * X; }
// Called through: the indirect call's callees become a value profile.
int (*volatile Ops[2])(int) = {twice, thrice};

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 3000;
  int Acc = 0;
  for (int I = 0; I < 300; ++I)
    Acc += Ops[I % 3 == 0](I); // thrice 100 times, twice 200 times
  printf("%d %d %d\n", classify(N), depth(12), Acc);
  return 0;
}
