// Three paths with counts that depend on nothing but the loop in main.cpp:
// X % 3 == 0, == 1 and == 2 each happen 333 times for X in [0, 999).
int classify(int X) {
  if (X % 3 == 0)
    return 7;
  if (X % 3 == 1)
    return 8;
  return 0;
}
