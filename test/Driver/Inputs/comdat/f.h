// An inline function that a.cc and b.cc both emit (its address is taken)
// and inline (into g), for the comdat link tests. -DWIDER_F gives it a
// different CFG (an ODR violation), for comdat-odr.test.
#ifdef WIDER_F
inline int f(int x) {
  if (x > 3)
    return x * 2;
  if (x < -7)
    return 7;
  if (x == 2)
    return 5;
  return x + 1;
}
#else
inline int f(int x) {
  if (x > 3)
    return x * 2;
  return x + 1;
}
#endif
