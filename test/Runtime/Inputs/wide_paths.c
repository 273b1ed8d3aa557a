/* A function of 65,536 paths (dense counters, the default limit: a 516 KB
   counter segment) that runs three of them, on three pages of counters:
   paths 0, 43690 and 65535. Exits with status 3. For compact-disk-full.c
   and sparse-segment.c. */
#include <stdio.h>

static volatile unsigned Sink;

/* 16 if-else diamonds: 65,536 paths, dense counters (the default limit). */
#define DIAMOND(B)                                                             \
  if (X & (1u << B))                                                           \
    Sink += B;                                                                 \
  else                                                                         \
    Sink -= B;
__attribute__((noinline)) static void wide(unsigned X) {
  DIAMOND(15) DIAMOND(14) DIAMOND(13) DIAMOND(12) DIAMOND(11) DIAMOND(10)
  DIAMOND(9) DIAMOND(8) DIAMOND(7) DIAMOND(6) DIAMOND(5) DIAMOND(4) DIAMOND(3)
  DIAMOND(2) DIAMOND(1) DIAMOND(0)
}

int main(void) {
  wide(0);
  wide(0xaaaa);
  wide(0xffff);
  printf("sum %u\n", 0xffffu * 16);
  return 3;
}
