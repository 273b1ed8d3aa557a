/* wide(X): a function of 16 if-else diamonds, 65,536 paths (dense
   counters, the default limit: a 516 KB counter segment), which runs path
   X. Shared by the runtime tests that need a counter segment of many
   pages (compact-exit.c, and through wide_paths.c compact-disk-full.c and
   sparse-segment.c). The includer defines Sink, a volatile integer. */
#define DIAMOND(B)                                                             \
  if (X & (1u << B))                                                           \
    Sink += B;                                                                 \
  else                                                                         \
    Sink -= B;
__attribute__((noinline)) static void wide(unsigned X) {
  DIAMOND(15) DIAMOND(14) DIAMOND(13) DIAMOND(12) DIAMOND(11) DIAMOND(10)
  DIAMOND(9) DIAMOND(8) DIAMOND(7) DIAMOND(6) DIAMOND(5) DIAMOND(4) DIAMOND(3)
  DIAMOND(2) DIAMOND(1) DIAMOND(0)
}
#undef DIAMOND
