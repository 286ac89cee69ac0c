/* SPDX-License-Identifier: Apache-2.0 */
/* LEON3 start-up (qemu-leon3, leon3-grlib). On QEMU the -kernel stub jumps here with the MMU off,
 * traps enabled and CWP = 7. We take over: supervisor, traps off, CWP 0 with
 * window 1 invalid, our trap table, a stack at __stack_top, .bss cleared,
 * traps on (PIL 15), then board_init() (SRMMU, timer, IRQMP) and main(); main's return value
 * goes to board::exit. The image has no constructors (the linker script
 * asserts it), so none are called. */
#include "sparc/board_asm.h"

	.section .text.start, "ax"
	.global _start
	.type _start, #function
_start:
	/* S = 1, PS = 1, PIL = 15, ET = 0, CWP = 0; EF = 1: firmware built for
	 * the hard-float ABI (GCC's default for -mcpu=leon3) may use the FPU.
	 * A LEON3 without one keeps EF = 0, and the FSR is then not touched. */
	set	PSR_S | PSR_PS | PSR_PIL_MASK | PSR_EF, %g1	/* past a 13-bit immediate */
	wr	%g1, %psr
	nop; nop; nop
	mov	%psr, %g1
	sethi	%hi(PSR_EF), %g2
	andcc	%g1, %g2, %g0
	be	9f
	 nop
	/* FSR = 0: round to nearest, no trap enabled, no flag set. */
	set	fsr_zero, %g1
	ld	[%g1], %fsr
	nop; nop; nop
9:
	/* Window 1 invalid: SAVEs go 0 -> 7 -> ... -> 2, the next one overflows. */
	wr	%g0, 1 << 1, %wim
	set	trap_table, %g1
	wr	%g1, %tbr
	nop; nop; nop

	set	__stack_top, %fp
	sub	%fp, MIN_FRAME, %sp
	mov	%g0, %fp		/* end of the frame chain */

	set	__bss_start, %g2
	set	__bss_end, %g3
1:	cmp	%g2, %g3
	bgeu	2f
	 nop
	st	%g0, [%g2]		/* .bss is 8-aligned and 8-sized */
	st	%g0, [%g2 + 4]
	ba	1b
	 add	%g2, 8, %g2
2:
	/* Traps on before any C: a call chain deeper than the six free
	 * windows takes a window overflow trap, which with ET = 0 would stop
	 * the processor (error mode). Interrupts stay masked by PIL = 15 until
	 * irq_global_enable. */
	set	PSR_S | PSR_PS | PSR_PIL_MASK | PSR_ET | PSR_EF, %g1
	wr	%g1, %psr
	nop; nop; nop
	call	board_init
	 nop
	call	main
	 nop
	call	board_exit_c
	 nop
3:	ba	3b
	 nop
	.size _start, . - _start

	.section .rodata.fsr_zero, "a"
	.align 4
fsr_zero:
	.word	0

	.section .note.GNU-stack, "", @progbits
