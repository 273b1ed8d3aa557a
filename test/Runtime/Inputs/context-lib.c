/* A shared library for context-dso.c: libWork calls its own helper and
   calls back into the program. */
__attribute__((noinline)) static int libHelper(int X) { return X * 2; }

int libWork(int (*Callback)(int), int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += Callback(libHelper(I));
  return S;
}
