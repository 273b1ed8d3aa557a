#include <stdlib.h>
int parseA(const char *S) { return atoi(S); }
