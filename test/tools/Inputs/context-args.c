/* A program whose calling context tree depends on its argument: a calls
   leaf N times, b recurses N times through leaf when N is odd. */
#include <stdlib.h>

__attribute__((noinline)) static int leaf(int X) {
  return X & 1 ? X * 3 : X / 2;
}

__attribute__((noinline)) static int a(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += leaf(I);
  return S;
}

__attribute__((noinline)) static int b(int N) {
  return N ? leaf(N) + b(N - 1) : 0;
}

int main(int Argc, char **Argv) {
  int N = Argc > 1 ? atoi(Argv[1]) : 3;
  int S = a(N);
  if (N % 2)
    S += b(N);
  return S == -1;
}
