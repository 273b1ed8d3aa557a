#!/usr/bin/env python3
"""Writes a C program whose function `many` has K sequential if-statements,
so 2^K acyclic paths: with K > 64 the count does not fit 64 bits."""
import sys

k = int(sys.argv[1])
print("#include <stdio.h>")
print("unsigned many(unsigned long long X, unsigned long long Y) {")
print("  unsigned S = 0;")
for i in range(k):
    print("  if ((X >> %d ^ Y >> %d) & 1) S += %d;" % (i % 64, (i * 7) % 64, i + 1))
print("  return S;")
print("}")
print("int main(void) {")
print("  unsigned long long X = 88172645463325252ULL; unsigned T = 0;")
print("  for (int I = 0; I < 200; ++I) {")
print("    X ^= X << 13; X ^= X >> 7; X ^= X << 17;")
print("    T += many(X, X * 2654435761ULL);")
print("  }")
print('  printf("%u\\n", T);')
print("  return 0;")
print("}")
