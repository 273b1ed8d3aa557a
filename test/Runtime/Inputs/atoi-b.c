#include <stdio.h>
#include <stdlib.h>
int parseA(const char *S);
int main(void) {
  char Buf[8];
  int Sum = 0;
  for (int I = 0; I < 3; ++I) {
    snprintf(Buf, sizeof(Buf), "%d", 10 + I);
    Sum += atoi(Buf) + parseA("30");
  }
  printf("%d\n", Sum);
  return 0;
}
