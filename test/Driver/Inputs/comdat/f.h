// An inline function that a.cc and b.cc both emit (its address is taken)
// and inline (into g), for the comdat link tests.
inline int f(int x) {
  if (x > 3)
    return x * 2;
  return x + 1;
}
