/* Short paths for the sampled tsc readings test (metrics-sampled-short.test).
   loop()'s paths (one per iteration, two of them) take a few ticks;
   calls()'s loop path calls an instrumented step() of one short path.
   main() measures each phase with its own rdtsc and prints it with its
   number of iterations, and the median of back-to-back rdtsc readings on
   this machine (the unit the test's bounds are in). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>

enum { Iterations = 4000000, Readings = 101 };
static volatile unsigned Sink;

__attribute__((noinline)) static unsigned loop(unsigned N, unsigned S) {
  for (unsigned I = 0; I != N; ++I) {
    S = S * 1103515245u + 12345u;
    if (S & 0x100000)
      S ^= S >> 7;
    else
      S += S << 3;
  }
  return S;
}

__attribute__((noinline)) static unsigned step(unsigned S) {
  return S * 2654435761u + 1;
}

__attribute__((noinline)) static unsigned calls(unsigned N, unsigned S) {
  for (unsigned I = 0; I != N; ++I)
    S = step(S) ^ I;
  return S;
}

static int compare(const void *A, const void *B) {
  uint64_t X = *(const uint64_t *)A, Y = *(const uint64_t *)B;
  return X < Y ? -1 : X > Y;
}

int main(void) {
  uint64_t D[Readings], Last = __rdtsc();
  for (int I = 0; I != Readings; ++I) {
    uint64_t Now = __rdtsc();
    D[I] = Now - Last;
    Last = Now;
  }
  qsort(D, Readings, sizeof(D[0]), compare);
  uint64_t T0 = __rdtsc();
  Sink = loop(Iterations, 7);
  uint64_t T1 = __rdtsc();
  Sink = calls(Iterations, Sink);
  uint64_t T2 = __rdtsc();
  printf("rdtsc %llu\n", (unsigned long long)D[Readings / 2]);
  printf("loop %d %llu\n", Iterations, (unsigned long long)(T1 - T0));
  printf("calls %d %llu\n", Iterations, (unsigned long long)(T2 - T1));
  return 0;
}
