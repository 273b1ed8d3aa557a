#include <stdio.h>

char grade(int Score);

int main(void) {
  int As = 0;
  for (int I = 1; I <= 9; ++I)
    As += grade(I) == 'A';
  printf("As=%d\n", As);
  return 0;
}
