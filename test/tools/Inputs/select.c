/* Two selects in clamp(): a rare 'S += 5' the pre-inliner speculates, and
   a ternary. Usage: select [N]. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int clamp(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I) {
    if (I % 7 == 3)
      S += 5;
    S = S > 100 ? S - 100 : S + 1;
  }
  return S;
}

int main(int argc, char **argv) {
  printf("%d\n", clamp(argc > 1 ? atoi(argv[1]) : 700));
  return 0;
}
