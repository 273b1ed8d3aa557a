// Calls work(1000) and fill (work.s, which says how often each of their
// branches is taken), prints one line on stdout and one on stderr, and exits
// with argv[1], or, if argv[1] is "abort", calls work(1000) again and aborts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int work(int N);
void fill(char *Buffer, long N);

int main(int argc, char **argv) {
  char Buffer[1000];
  fill(Buffer, sizeof(Buffer));
  printf("multiples of 3: %d, filled %d\n", work(1000),
         Buffer[0] + Buffer[999]);
  fprintf(stderr, "a line on stderr\n");
  if (argc > 1 && !strcmp(argv[1], "abort")) {
    work(1000);
    abort();
  }
  return argc > 1 ? atoi(argv[1]) : 0;
}
