// Emits f out of line too (pb) and calls it through the pointer, so which
// object's copy of f the linker keeps decides where that call counts.
#include "f.h"
int (*pb)(int) = f;
int g(int);
int main(int c, char **) { return pb(c) + g(c) - 5; }
