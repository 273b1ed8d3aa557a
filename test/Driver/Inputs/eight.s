# int asm_eight(void): 8, from the plain assembly file of the wrapper's
# assembly tests.
  .text
  .globl asm_eight
  .type asm_eight, @function
asm_eight:
  movl $8, %eax
  ret
  .size asm_eight, . - asm_eight
  .section .note.GNU-stack, "", @progbits
