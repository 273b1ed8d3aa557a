// local-names.test: a static helper whose name local-b.c's has too, each
// inlined into its own caller.
static inline int helper(int I) {
  if (I % 4 == 0)
    return I * 3;
  return I + 1;
}

__attribute__((noinline)) int sumA(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += helper(I);
  return S;
}
