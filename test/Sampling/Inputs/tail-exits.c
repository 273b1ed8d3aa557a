// Two functions of the same shape, each a loop and then a tail call of one
// of two functions (tail-exits.test).
#include <stdio.h>

__attribute__((noinline)) int after(int X) { return X ^ 5; }
__attribute__((noinline)) int other(int X) { return X + 11; }

__attribute__((noinline)) int loop(const int *A, int N, int K) {
  int S = 0;
#pragma clang loop vectorize(disable) unroll(disable)
  for (int I = 0; I < N; ++I)
    S += A[I] * K;
  if (K & 1)
    return after(S);
  return other(S);
}

__attribute__((noinline)) int loop2(const int *A, int N, int K) {
  int S = 1;
#pragma clang loop vectorize(disable) unroll(disable)
  for (int I = 0; I < N; ++I)
    S -= A[I] * K;
  if (K & 2)
    return after(S);
  return other(S);
}

int main(void) {
  static int A[64];
  int T = 0;
  for (int R = 0; R < 10; ++R) {
    for (int I = 0; I < 64; ++I)
      A[I] = (I * 7 + R) % 13;
    T += loop(A, 64, R) + loop2(A, 64, R);
  }
  printf("%d\n", T);
  return 0;
}
