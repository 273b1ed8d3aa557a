/* touch() has two paths: path 1 writes 8 fresh pages itself, path 0 calls
   fault4(), which writes 4 fresh pages (its one path). main() calls each
   path 10 times. With exclusive metrics (the default) the callee's page
   faults are its own, so path 0 of touch() holds none of them; inclusive,
   they are also path 0's and main's. Built dense or hashed, the numbers are
   the same (metrics-hashed-callee.test). */
#include <stdio.h>
#include <sys/mman.h>

enum { Calls = 10, Page = 4096, PagesPerCall = 12 };
static char *Mem;
static volatile int Sink;

__attribute__((noinline)) static void fault4(long First) {
  char *P = Mem + First * Page;
  P[0] = 1;
  P[1 * Page] = 1;
  P[2 * Page] = 1;
  P[3 * Page] = 1;
}

__attribute__((noinline)) static void touch(int Fresh, long First) {
  if (Fresh) {
    char *P = Mem + First * Page;
    P[0] = 1;
    P[1 * Page] = 1;
    P[2 * Page] = 1;
    P[3 * Page] = 1;
    P[4 * Page] = 1;
    P[5 * Page] = 1;
    P[6 * Page] = 1;
    P[7 * Page] = 1;
  } else {
    fault4(First);
    Sink = Sink + 1;
  }
}

int main(void) {
  size_t Size = (size_t)Page * PagesPerCall * Calls;
  Mem = mmap(0, Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
             0);
  madvise(Mem, Size, MADV_NOHUGEPAGE);
  for (long I = 0; I != Calls; ++I) {
    touch(0, I * PagesPerCall);
    touch(1, I * PagesPerCall + 4);
  }
  printf("done\n");
  return 0;
}
