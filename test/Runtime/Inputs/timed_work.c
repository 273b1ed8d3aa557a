/* work()'s long path spins three times as long as its short one (spin(),
   Inputs/spin.c, is built without PathProf, so it counts as its caller's);
   callee() spins on its own, called by caller(); main() measures its work
   with its own rdtsc and says whether the runtime reads tsc inline. The
   time metrics tests build it (metrics-time.test, metrics-inline-tsc.test). */
#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

/* The runtime's switch for the inline reading (hidden, linked statically). */
extern unsigned char __pathprof_metrics_tsc;

void spin(long N);
enum { Unit = 100000 };

/* The long path spins three times as long as the short one. */
__attribute__((noinline)) static void work(int Long) {
  if (Long)
    spin(3 * Unit);
  else
    spin(Unit);
}
/* An instrumented callee: exclusive metrics charge its spin to it. */
__attribute__((noinline)) static void callee(void) { spin(4 * Unit); }
__attribute__((noinline)) static void caller(void) { callee(); }

int main(void) {
  printf("inline-tsc %d\n", __pathprof_metrics_tsc);
  uint64_t T0 = __rdtsc();
  for (int I = 0; I != 20; ++I) {
    work(0);
    work(1);
  }
  for (int I = 0; I != 20; ++I)
    caller();
  uint64_t T1 = __rdtsc();
  printf("main-ticks %llu\n", (unsigned long long)(T1 - T0));
  return 0;
}
