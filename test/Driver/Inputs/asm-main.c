// The C half of the wrapper's assembly tests: pick() has three paths, each
// taken 333 times, two of them through a function written in assembly.
#include <stdio.h>

int asm_seven(void);
int asm_eight(void);

__attribute__((noinline)) int pick(int X) {
  if (X % 3 == 0)
    return asm_seven();
  if (X % 3 == 1)
    return asm_eight();
  return 0;
}

int main(void) {
  int Sum = 0;
  for (int I = 0; I < 999; ++I)
    Sum += pick(I);
  printf("sum=%d\n", Sum);
  return 0;
}
