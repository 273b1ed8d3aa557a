/* The other half of Inputs/branchy.c, for separate compile and link tests.
   The stores to Trace keep the branches: without them the cleanup that runs
   before PathProf numbers paths at -O1 and above (as IR PGO's does) turns
   the function into selects, with one path. */
static volatile int Trace;

int classify(int X) {
  int R = 0;
  if (X % 3 == 0) {
    Trace = 1;
    R += 1;
  } else {
    Trace = 2;
    R += 2;
  }
  if (X % 5 == 0) {
    Trace = 3;
    R *= 3;
  }
  return R;
}
