/* The other half of Inputs/branchy.c, for separate compile and link tests. */
int classify(int X) {
  int R = 0;
  if (X % 3 == 0)
    R += 1;
  else
    R += 2;
  if (X % 5 == 0)
    R *= 3;
  return R;
}
