/* A small program with a few distinct hot paths, shared by the driver tests. */
#include <stdio.h>

int classify(int X);

int main(void) {
  long Sum = 0;
  for (int I = 0; I < 1000; ++I)
    Sum += classify(I);
  printf("sum=%ld\n", Sum);
  return 0;
}
