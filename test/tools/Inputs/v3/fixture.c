#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int parity(int X) { return X & 1; }

static int classify(int X) {
  if (X < 0)
    return -1;
  if (X == 0)
    return 0;
  if (X < 10)
    return 1;
  return 2;
}

static void work(int N) {
  for (int I = -1; I < N; ++I)
    classify(I + parity(I));
}

int main(int Argc, char **Argv) {
  int Children = Argc > 1 ? atoi(Argv[1]) : 0;
  for (int C = 0; C < Children; ++C)
    if (fork() == 0) {
      work(10 * (C + 1));
      _exit(0);
    }
  while (wait(0) > 0)
    ;
  work(5);
  return 0;
}
