// Runs processFile over a few inputs, one of which throws, and uses the
// same templates directly.
#include "stats.h"

#include <cstdio>

int main() {
  std::vector<std::vector<std::string>> Files = {
      {"a 1", "b 2", "a 3", "junk", "c 0"},
      {"x 5", "y -2", "z 1"},
      {"big 60", "bigger 70", "small 1"},
  };
  int Errors = 0;
  for (const auto &F : Files) {
    std::string R = processFile(F);
    Errors += R.rfind("error", 0) == 0;
    std::printf("%s\n", R.c_str());
  }
  Stats<long> Direct;
  Direct.add("direct", 7);
  std::printf("direct=%ld classify=%d,%d,%d errors=%d\n", Direct.get("direct"),
              classify(-3L), classify(0L), classify(9L), Errors);
  return Errors;
}
