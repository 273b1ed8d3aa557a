/* A function of 65,536 paths (dense counters, the default limit: a 516 KB
   counter segment) that runs three of them, on three pages of counters:
   paths 0, 43690 and 65535. Exits with status 3. For compact-disk-full.c
   and sparse-segment.c. */
#include <stdio.h>

static volatile unsigned Sink;

#include "wide_diamonds.h"

int main(void) {
  wide(0);
  wide(0xaaaa);
  wide(0xffff);
  printf("sum %u\n", 0xffffu * 16);
  return 3;
}
