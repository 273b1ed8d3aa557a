# spin(Flag, Until, Started) sets *Started and loops until *Flag >= Until,
# then returns its number of iterations N; its backedge is taken N - 1
# times. A signal whose handler moves *Flag interrupts the loop at a block
# boundary, which is always just after the backedge: the branch the
# interrupted block ended in was taken (threads.test).

        .text
        .globl  spin
        .type   spin, @function
spin:
        movl    $1, (%rdx)              # *Started = 1
        xorl    %eax, %eax              # iterations
spin_head:
        incl    %eax
        cmpl    %esi, (%rdi)
        jl      spin_head
        ret
        .size   spin, .-spin

        .section .note.GNU-stack,"",@progbits
