/* Three paths: 'A' for multiples of 3, 'C' for multiples of 5 (not of 3),
   'B' for the rest. */
char grade(int Score) {
  if (Score % 3 == 0)
    return 'A';
  if (Score % 5 == 0)
    return 'C';
  return 'B';
}
