#include <cstdio>

extern "C" char grade(int Score);

int main() {
  int Counts[3] = {0, 0, 0};
  for (int I = 1; I <= 30; ++I)
    ++Counts[grade(I) - 'A'];
  std::printf("A=%d B=%d C=%d\n", Counts[0], Counts[1], Counts[2]);
  return 0;
}
