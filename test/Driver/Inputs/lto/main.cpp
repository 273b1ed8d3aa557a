// Calls classify() across translation units, so that only LTO can inline it.
#include <cstdio>

int classify(int X);

int main() {
  int Sum = 0;
  for (int I = 0; I < 999; ++I)
    Sum += classify(I);
  std::printf("sum=%d\n", Sum);
  return 0;
}
