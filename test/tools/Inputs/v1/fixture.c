#include <stdio.h>
static int parity(int X) {
  if (X & 1)
    return 1;
  return 0;
}
int main(void) {
  int Odd = 0;
  for (int I = 0; I < 7; ++I)
    Odd += parity(I);
  printf("%d\n", Odd);
  return 0;
}
