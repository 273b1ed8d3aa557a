/* Four threads each make 10 calls of touch() that write to 16 fresh pages,
   one per iteration of its loop (path 2 enters the loop and writes the
   first page, path 4 is one more iteration), and 10 calls that write
   nothing (path 3). The metrics tests of threads build it
   (metrics-threads.test, metrics-hashed.test). */
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>

enum { Threads = 4, Calls = 10, PagesPerCall = 16, Page = 4096 };
static volatile int Sink;

__attribute__((noinline)) static void touch(char *P, int Fresh) {
  if (Fresh) {
    for (int I = 0; I != PagesPerCall; ++I)
      P[I * Page] = 1;
    Sink = Sink + 1;
  } else {
    Sink = Sink + 2;
  }
}

static void *thread(void *Arg) {
  char *Mem = Arg;
  for (int I = 0; I != Calls; ++I) {
    touch(Mem, 0);
    touch(Mem + I * PagesPerCall * Page, 1);
  }
  return 0;
}

int main(void) {
  pthread_t T[Threads];
  char *Mem[Threads];
  for (int I = 0; I != Threads; ++I) {
    size_t Size = (size_t)Calls * PagesPerCall * Page;
    Mem[I] = mmap(0, Size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                  -1, 0);
    madvise(Mem[I], Size, MADV_NOHUGEPAGE);
  }
  for (int I = 0; I != Threads; ++I)
    pthread_create(&T[I], 0, thread, Mem[I]);
  for (int I = 0; I != Threads; ++I)
    pthread_join(T[I], 0);
  printf("done\n");
  return 0;
}
