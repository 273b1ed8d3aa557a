/* Built without PathProf: what spin() costs counts as its caller's path. */
void spin(long N) {
  for (volatile long I = 0; I < N; ++I)
    ;
}
