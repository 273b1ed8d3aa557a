// Only emits f out of line, so that a shared library built from a.o and k.o
// holds two copies of f's comdat group, as the executable of b.o and a.o does.
#include "f.h"
int (*pk)(int) = f;
