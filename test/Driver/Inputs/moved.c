/* A static function with a branch, in a file whose build tree moves. */
#include <stdio.h>

static int scale(int X) {
  if (X % 4 == 0)
    return X * 3;
  return X + 1;
}

int main(void) {
  long Sum = 0;
  for (int I = 0; I < 100; ++I)
    Sum += scale(I);
  printf("sum=%ld\n", Sum);
  return 0;
}
