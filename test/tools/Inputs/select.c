/* Two selects in clamp(), ternaries of constants clang emits as selects,
   and a rare update that stays a branch. Usage: select [N]. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int clamp(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I) {
    S += I % 7 == 3 ? 5 : 0;
    S += S > 100 ? -100 : 1;
    if (I % 50 == 7)
      S ^= 1;
  }
  return S;
}

int main(int argc, char **argv) {
  printf("%d\n", clamp(argc > 1 ? atoi(argv[1]) : 700));
  return 0;
}
