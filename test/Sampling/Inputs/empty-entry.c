// The program of empty-entry.test: hashKey starts with its loop, so its
// entry block only branches and gets no probe; inlined into main's loop,
// each call's first path starts at the loop header in the binary.
#include <stdio.h>
#include <stdlib.h>

static unsigned hashKey(const char *K) {
  unsigned H = 2166136261u;
  while (*K)
    H = (H ^ (unsigned char)*K++) * 16777619u;
  return H;
}

static const char *Keys[] = {"a", "bc", "def"};

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 300;
  unsigned Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += hashKey(Keys[I % 3]);
  printf("%u\n", Sum);
  return 0;
}
