// 100 rounds of 200 jumps, each to the next instruction but one, at 200
// different addresses: a sequence of taken branches that repeats only
// every 201 branches (with the loop's backedge), so that two samples' windows
// overlap in one way only (sample-intervals.py).
int main(void) {
  __asm__ volatile("  movl $100, %%ecx\n"
                   "1:\n"
                   "  .rept 200\n"
                   "  jmp 2f\n"
                   "  nop\n"
                   "2:\n"
                   "  .endr\n"
                   "  decl %%ecx\n"
                   "  jnz 1b\n"
                   :
                   :
                   : "ecx", "cc");
  return 0;
}
