// A program for the branch weight cross-check (agree-clang.test): invokes of
// a call that throws one time in five, caught in the caller, so that both
// the normal and the unwind edges carry counts.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

static int check(int x) {
  if (x % 5 == 0)
    throw std::runtime_error("multiple of five");
  return x * 2;
}

int guarded(int x) {
  try {
    return check(x) + check(x + 1);
  } catch (const std::exception &) {
    return -1;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 50;
  long s = 0;
  for (int i = 0; i < n; i++)
    s += guarded(i);
  std::printf("%ld\n", s);
  return 0;
}
