// A program for the branch weight cross-check (agree-clang.test): a switch
// with shared cases, nested ifs with early returns, recursion, loops with
// break and continue, and a loop exit in the middle of the body. It prints a
// sum so that both instrumented builds can be checked to behave alike.
#include <stdio.h>
#include <stdlib.h>

static int classify(int c) {
  switch (c % 7) {
  case 0:
    return 1;
  case 1:
  case 2:
    return 2;
  case 3:
    if (c > 20)
      return 3;
    return 4;
  case 5:
    return 5;
  default:
    return 0;
  }
}

int nested(int a, int b) {
  if (a < 0)
    return -1;
  if (a > b) {
    if (a % 2)
      return a - b;
    if (b % 3 == 0)
      return b;
  } else if (a == b) {
    return 0;
  }
  return a + b;
}

int fib(int n) {
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

int search(const int *v, int n, int key) {
  for (int i = 0; i < n; i++) {
    if (v[i] == key)
      return i;
    if (v[i] > key && (i & 1))
      break;
  }
  return -1;
}

long work(int n) {
  long s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i % 5; j++) {
      if ((i + j) % 3 == 0)
        continue;
      s += classify(i * j);
    }
    s += nested(i % 11 - 2, i % 7);
  }
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  int v[64];
  for (int i = 0; i < 64; i++)
    v[i] = (i * 37) % 101;
  long s = work(n);
  for (int k = 0; k < n; k++)
    s += search(v, 64, k % 101);
  s += fib(n % 20);
  printf("%ld\n", s);
  return 0;
}
