// A shared library that shared-libs.c and control-api.c load with dlopen.
// Its static helper has the same name as the executable's and the linked
// library's.
static volatile int Sink;

__attribute__((noinline)) static void helper(int I) {
  if (I % 3 == 0)
    Sink += I;
  else if (I % 3 == 1)
    Sink -= I;
}

void loaded_work(int N) {
  for (int I = 0; I != N; ++I)
    helper(I);
}
