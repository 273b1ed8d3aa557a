/* The program of the report tests. classify has three paths, taken 5, 3
   and 2 times; main calls work from two sites, so the calling context tree
   has two contexts of it, and emit runs one path that costs far more time
   than its count says. */
#include <stdio.h>

static int classify(int X) {
  if (X % 3 == 0)
    return 0;
  if (X % 5 == 0)
    return 1;
  return 2;
}

static long work(int N) {
  long Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += I % 7;
  return Sum;
}

static void emit(const int *Kinds, long Sum) {
  for (int K = 0; K < 3; ++K)
    printf("kind %d: %d\n", K, Kinds[K]);
  printf("sum %ld\n", Sum);
}

int main(void) {
  int Kinds[3] = {0, 0, 0};
  for (int I = 1; I <= 10; ++I)
    Kinds[classify(I)]++;
  long Sum = work(3000);
  Sum += work(1000);
  emit(Kinds, Sum);
  return 0;
}

/* The page embeds this file; text like </script> or <!-- must not end or
   change its script element. */
