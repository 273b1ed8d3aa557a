// Calls work(1000) and fill (work.s, which says how often each of their
// branches is taken), prints one line on stdout and one on stderr, and exits
// with argv[1].
#include <stdio.h>
#include <stdlib.h>

int work(int N);
void fill(char *Buffer, long N);

int main(int argc, char **argv) {
  char Buffer[1000];
  fill(Buffer, sizeof(Buffer));
  printf("multiples of 3: %d, filled %d\n", work(1000),
         Buffer[0] + Buffer[999]);
  fprintf(stderr, "a line on stderr\n");
  return argc > 1 ? atoi(argv[1]) : 0;
}
