/* Eight threads each make Calls calls of touch() that write to 4 fresh
   pages (path 1: 4 page faults every time) and Calls calls that write
   nothing (path 0), with a mix of loops and calls in between, so that
   sampled metrics are checked against exact counts under threads
   (metrics-sampled-threads.test). */
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>

enum { Threads = 8, Calls = 3000, Pages = 4, Page = 4096 };
static volatile int Sink;

__attribute__((noinline)) static void touch(char *P, int Fresh) {
  if (Fresh) {
    P[0] = 1;
    P[1 * Page] = 1;
    P[2 * Page] = 1;
    P[3 * Page] = 1;
    madvise(P, (size_t)Pages * Page, MADV_DONTNEED);
  } else {
    Sink = Sink + 1;
  }
}

__attribute__((noinline)) static int spin(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += (I & 3) ? I : -I;
  return S;
}

static void *thread(void *Arg) {
  char *Mem = Arg;
  for (int I = 0; I != Calls; ++I) {
    touch(Mem, 0);
    touch(Mem, 1);
    Sink = spin(I & 15);
  }
  return 0;
}

int main(void) {
  pthread_t T[Threads];
  char *Mem[Threads];
  for (int I = 0; I != Threads; ++I) {
    Mem[I] = mmap(0, (size_t)Pages * Page, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    madvise(Mem[I], (size_t)Pages * Page, MADV_NOHUGEPAGE);
  }
  for (int I = 0; I != Threads; ++I)
    pthread_create(&T[I], 0, thread, Mem[I]);
  for (int I = 0; I != Threads; ++I)
    pthread_join(T[I], 0);
  printf("done\n");
  return 0;
}
