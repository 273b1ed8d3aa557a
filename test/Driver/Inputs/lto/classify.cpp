// Three paths with counts that depend on nothing but the loop in main.cpp:
// X % 3 == 0, == 1 and == 2 each happen 333 times for X in [0, 999). The
// stores to Trace keep the branches, which -O2's early cleanup would turn
// into selects before PathProf numbers the paths.
static volatile int Trace;

int classify(int X) {
  if (X % 3 == 0) {
    Trace = 7;
    return 7;
  }
  if (X % 3 == 1) {
    Trace = 8;
    return 8;
  }
  return 0;
}
