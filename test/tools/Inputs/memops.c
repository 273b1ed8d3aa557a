#include <stdio.h>
#include <string.h>

static char Buf[64];

/* Length 0 in three calls of four, 8 in the fourth. */
__attribute__((noinline)) void pad(unsigned I) {
  memset(Buf, 1, I % 4 == 3 ? 8 : 0);
}

int main(void) {
  for (unsigned I = 0; I != 400; ++I)
    pad(I);
  printf("%d\n", Buf[0] + Buf[7]);
  return 0;
}
