# Functions whose taken branches are known exactly, for the generator's
# tests, in assembly so that their layout does not depend on the compiler.
#
# work(N) runs N iterations, i = 0..N-1, and returns how many i are
# multiples of 3; for N = 1000 (334):
#
#   loop_head:     jne not_multiple  taken when i % 3 != 0:          666
#   not_multiple:  jne no_wrap       taken when i % 3 != 2:          667
#   no_wrap:       jl loop_head      the backedge, i = 0..998:       999
#   loop_exit:     ret                                                 1
#
# fill(Buffer, N) is one `rep stosb`, which QEMU runs one iteration per
# translation block: its N iterations are no branches, only its ret is.

        .text
        .globl  work
        .type   work, @function
work:
        xorl    %ecx, %ecx              # i
        xorl    %r8d, %r8d              # i % 3
        xorl    %eax, %eax              # multiples of 3
loop_head:
        testl   %r8d, %r8d
        jne     not_multiple
        incl    %eax
not_multiple:
        incl    %r8d
        cmpl    $3, %r8d
        jne     no_wrap
        xorl    %r8d, %r8d
no_wrap:
        incl    %ecx
        cmpl    %edi, %ecx
        jl      loop_head
loop_exit:
        ret
        .size   work, .-work

        .globl  fill
        .type   fill, @function
fill:
        movq    %rsi, %rcx
        movb    $1, %al
        rep stosb
        ret
        .size   fill, .-fill

        .section .note.GNU-stack,"",@progbits
