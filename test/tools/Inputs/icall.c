/* value-profiles-format.test: one indirect call site (in apply) that calls
   dbl 50 times, add1 41 times and neg 10 times. */
#include <stdio.h>
int neg(int X) { return -X; }
static int add1(int X) { return X + 1; }
static int dbl(int X) { return X * 2; }
typedef int (*Fn)(int);
__attribute__((noinline)) int apply(Fn F, int X) { return F(X); }
int main(void) {
  Fn Fs[3] = {add1, dbl, neg};
  int S = 0;
  for (int I = 0; I < 100; ++I)
    S += apply(Fs[I % 10 == 0 ? 2 : I % 2], I);
  S += apply(add1, 3);
  printf("%d\n", S);
  return 0;
}
