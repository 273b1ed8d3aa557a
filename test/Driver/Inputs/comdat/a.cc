// Emits f out of line (pa) and inlines it into g.
#include "f.h"
int (*pa)(int) = f;
int g(int x) { return f(x) + 1; }
