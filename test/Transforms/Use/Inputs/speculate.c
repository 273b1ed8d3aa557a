// Two diamonds the profile tells apart: pick()'s goes either way half of
// the time, rare()'s one way in 1024. See ../speculate-after-use.test.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) unsigned pick(const unsigned *V, unsigned I,
                                        unsigned J) {
  unsigned R;
  if (V[I] < V[J])
    R = I + 1;
  else
    R = J + 2;
  return R;
}

__attribute__((noinline)) unsigned rare(unsigned X, unsigned Y) {
  unsigned R = X;
  if (X % 1024 == 0)
    R = Y * 3;
  return R;
}

int main(int Argc, char **Argv) {
  unsigned N = Argc > 1 ? atoi(Argv[1]) : 100000;
  unsigned *V = malloc(N * sizeof *V);
  unsigned S = 12345, Sum = 0;
  for (unsigned K = 0; K < N; ++K) {
    S = S * 1103515245 + 12345;
    V[K] = S >> 8;
  }
  for (unsigned K = 0; K + 3 < N; ++K)
    Sum += pick(V, K, K + 1) + rare(K, Sum);
  printf("%u\n", Sum);
  free(V);
  return 0;
}
