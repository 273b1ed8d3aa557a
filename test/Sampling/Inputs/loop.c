// A loop whose taken branches are known exactly, for the generator's tests:
// work(1000) runs 1000 iterations, i = 0..999, of a body written in
// assembly so that its layout does not depend on the compiler, and
// returns how many i are multiples of 3 (334).
//
//   loop_head:     jne not_multiple  taken when i % 3 != 0:          666
//   not_multiple:  jne no_wrap       taken when i % 3 != 2:          667
//   no_wrap:       jl loop_head      the backedge, i = 0..998:       999
//   loop_exit:     ret                                                 1
//
// fill(Buffer, N) is one `rep stosb`, which QEMU runs one iteration per
// translation block: its N iterations are no branches, only its ret is.
// It prints one line on stdout and one on stderr, and exits with argv[1].
#include <stdio.h>
#include <stdlib.h>

int work(int N);
void fill(char *Buffer, long N);

__asm__(".text\n"
        ".globl work\n"
        ".type work,@function\n"
        "work:\n"
        "  xorl %ecx, %ecx\n"   // i
        "  xorl %r8d, %r8d\n"   // i % 3
        "  xorl %eax, %eax\n"   // multiples of 3
        "loop_head:\n"
        "  testl %r8d, %r8d\n"
        "  jne not_multiple\n"
        "  incl %eax\n"
        "not_multiple:\n"
        "  incl %r8d\n"
        "  cmpl $3, %r8d\n"
        "  jne no_wrap\n"
        "  xorl %r8d, %r8d\n"
        "no_wrap:\n"
        "  incl %ecx\n"
        "  cmpl %edi, %ecx\n"
        "  jl loop_head\n"
        "loop_exit:\n"
        "  ret\n"
        ".size work, .-work\n"
        ".globl fill\n"
        ".type fill,@function\n"
        "fill:\n"
        "  movq %rsi, %rcx\n"
        "  movb $1, %al\n"
        "  rep stosb\n"
        "  ret\n"
        ".size fill, .-fill\n");

int main(int argc, char **argv) {
  char Buffer[1000];
  fill(Buffer, sizeof(Buffer));
  printf("multiples of 3: %d, filled %d\n", work(1000),
         Buffer[0] + Buffer[999]);
  fprintf(stderr, "a line on stderr\n");
  return argc > 1 ? atoi(argv[1]) : 0;
}
