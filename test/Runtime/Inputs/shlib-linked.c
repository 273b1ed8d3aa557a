// A shared library linked into the executable of shared-libs.c. Its static
// helper has the same name as the executable's and the loaded library's.
static volatile int Sink;

__attribute__((noinline)) static void helper(int I) {
  if (I & 1)
    Sink += I;
}

void linked_work(int N) {
  for (int I = 0; I != N; ++I)
    helper(I);
}
