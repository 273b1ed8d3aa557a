// int asm_seven(void): 7, from the preprocessed assembly file of the
// wrapper's assembly tests (the #define needs the C preprocessor).
#define SEVEN 7
  .text
  .globl asm_seven
  .type asm_seven, @function
asm_seven:
  movl $SEVEN, %eax
  ret
  .size asm_seven, . - asm_seven
  .section .note.GNU-stack, "", @progbits
