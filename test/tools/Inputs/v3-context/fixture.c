__attribute__((noinline)) static int fib(int N) {
  return N < 2 ? N : fib(N - 1) + fib(N - 2);
}
__attribute__((noinline)) static int twice(int N) { return fib(N) + fib(N + 1); }
int main(void) { return twice(3) == 5 ? 0 : 1; }
