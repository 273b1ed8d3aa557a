// 70,000 instructions between two taken branches: more than the 65,535 that
// a record's 16-bit CYCLES field holds.
int main(void) {
  __asm__ volatile("  jmp 1f\n"
                   "  nop\n"
                   "1:\n"
                   "  .rept 70000\n"
                   "  nop\n"
                   "  .endr\n"
                   "  jmp 2f\n"
                   "  nop\n"
                   "2:\n");
  return 0;
}
