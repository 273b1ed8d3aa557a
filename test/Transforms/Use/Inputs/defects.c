/* Three ways a path-profile rebuild lost to -fprofile-use. score(): rare
 * updates that SimplifyCFG made selects before the profile was taken. main():
 * a loop whose exit is never taken, the input ending in exit() inside
 * readLine(). mix(): a loop with a constant trip count whose hot path keeps
 * a loop value unchanged. Usage: defects [LINES [SEED]]. */
#include <stdio.h>
#include <stdlib.h>

static unsigned char Line[64];
static unsigned long Seed, Total;
static long Lines, MaxLines;
int Broken;

__attribute__((noinline)) static int readLine(void) {
  if (Lines++ == MaxLines) {
    printf("%lu\n", Total);
    exit(0);
  }
  for (int I = 0; I < 64; ++I) {
    Seed = Seed * 6364136223846793005UL + 1442695040888963407UL;
    Line[I] = (unsigned char)(Seed >> 33);
  }
  return !Broken;
}

static unsigned score(const unsigned char *P) {
  unsigned V = 0;
  for (int I = 0; I < 64; ++I) {
    unsigned B = P[I];
    if (B == 0x11) V += 3;
    if (B == 0x22) V += 5;
    if (B == 0x33) V += 7;
    if (B == 0x44) V += 11;
    if (B == 0x55) V ^= 13;
    if (B == 0x66) V += 17;
  }
  return V;
}

static unsigned mix(unsigned V, const unsigned char *P) {
  unsigned Best = 0;
  for (int I = 0; I < 40; ++I) {
    V = V * 31 + P[I];
    if (P[I] > Best + 200)
      Best = P[I];
  }
  return V + Best;
}

int main(int argc, char **argv) {
  MaxLines = argc > 1 ? atol(argv[1]) : 100000;
  Seed = argc > 2 ? strtoul(argv[2], 0, 10) : 1;
  while (readLine())
    Total += mix(score(Line), Line);
  return 1;
}
