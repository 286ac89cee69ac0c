/* leon3-grlib start-up and trap handling: a minimal SPARC V8 runtime for a
 * real LEON3. No MMU (the SRMMU stays off, as GRMON leaves it), no FPU.
 *
 * _start: supervisor, traps off, CWP 0 with window 1 invalid, our trap
 * table, the stack at __stack_top, .bss cleared, board_init(), traps on
 * (PIL 15 until irq_global_enable), main(), board_exit_c(main's value).
 *
 * Traps: window overflow/underflow (tt 5/6) are the classic handlers for
 * NWINDOWS windows. Every other trap goes to trap_entry, which saves the
 * globals and %y below the interrupted %sp, calls leon3_trap(tt) with
 * ET = 1 and PIL = 15 (so the C code may take window traps), restores and
 * returns to the trapped instruction pair. leon3_trap reports and stops on
 * anything that is not an interrupt. */
#define NWINDOWS 8            /* = board_config.hpp kNWindows, checked at run time */
#define WIM_MASK ((1 << NWINDOWS) - 1)
#define PSR_ET 0x20
#define PSR_PS 0x40
#define PSR_S 0x80
#define PSR_PIL_MASK 0xf00
#define PSR_CWP_MASK 0x1f
#define MIN_FRAME 96          /* register save area + struct return + 6 args */
#define TRAP_FRAME (MIN_FRAME + 32)   /* + %g1..%g7 and %y */

	.macro TRAP_TO handler, tt
	mov	%psr, %l0
	sethi	%hi(\handler), %l4
	jmp	%l4 + %lo(\handler)
	 mov	\tt, %l3
	.endm

	/* 256 entries x 16 bytes; TBR needs 4 KiB alignment (linker script). */
	.section .text.traptable, "ax"
	.align 4096
	.global trap_table
trap_table:
	.set tt, 0
	.rept 256
	.if tt == 5
	TRAP_TO window_overflow, tt
	.elseif tt == 6
	TRAP_TO window_underflow, tt
	.else
	TRAP_TO trap_entry, tt
	.endif
	.set tt, tt + 1
	.endr

	.section .text.start, "ax"
	.global _start
	.type _start, #function
_start:
	wr	%g0, PSR_S | PSR_PS | PSR_PIL_MASK, %psr	/* ET = 0, CWP = 0 */
	nop; nop; nop
	wr	%g0, 1 << 1, %wim
	set	trap_table, %g1
	wr	%g1, %tbr
	nop; nop; nop
	set	__stack_top, %fp
	sub	%fp, MIN_FRAME, %sp
	mov	%g0, %fp
	set	__bss_start, %g2
	set	__bss_end, %g3
1:	cmp	%g2, %g3
	bgeu	2f
	 nop
	st	%g0, [%g2]
	ba	1b
	 add	%g2, 4, %g2
2:	call	board_init
	 nop
	wr	%g0, PSR_S | PSR_PS | PSR_PIL_MASK | PSR_ET, %psr
	nop; nop; nop
	call	main
	 nop
	call	board_exit_c
	 nop
3:	ba	3b
	 nop
	.size _start, . - _start

	.section .text.trap, "ax"
	.align 4

/* SAVE into the invalid window (we are in it): spill the window below it
 * (the oldest live one) to its %sp and make that one invalid. */
window_overflow:
	mov	%wim, %l3
	mov	%g1, %l7
	srl	%l3, 1, %g1			/* WIM rotated right by one */
	sll	%l3, NWINDOWS - 1, %l4
	or	%l4, %g1, %g1
	and	%g1, WIM_MASK, %g1
	save
	wr	%g1, %wim
	nop; nop; nop
	std	%l0, [%sp + 0]
	std	%l2, [%sp + 8]
	std	%l4, [%sp + 16]
	std	%l6, [%sp + 24]
	std	%i0, [%sp + 32]
	std	%i2, [%sp + 40]
	std	%i4, [%sp + 48]
	std	%i6, [%sp + 56]
	restore
	mov	%l7, %g1
	jmp	%l1				/* redo the SAVE */
	 rett	%l2

/* RESTORE into the invalid window: refill it from its %sp and move the
 * invalid mark one further up. */
window_underflow:
	mov	%wim, %l3
	sll	%l3, 1, %l4			/* WIM rotated left by one */
	srl	%l3, NWINDOWS - 1, %l5
	or	%l5, %l4, %l5
	and	%l5, WIM_MASK, %l5
	wr	%l5, %wim
	nop; nop; nop
	restore
	restore
	ldd	[%sp + 0], %l0
	ldd	[%sp + 8], %l2
	ldd	[%sp + 16], %l4
	ldd	[%sp + 24], %l6
	ldd	[%sp + 32], %i0
	ldd	[%sp + 40], %i2
	ldd	[%sp + 48], %i4
	ldd	[%sp + 56], %i6
	save
	save
	jmp	%l1				/* redo the RESTORE */
	 rett	%l2

/* In the trap window T: %l0 = PSR, %l1 = pc, %l2 = npc, %l3 = tt. */
	.global trap_entry
trap_entry:
	/* If T is the invalid window, the window below it is the oldest live
	 * one and the C call would SAVE over it: spill it first. */
	mov	%wim, %l4
	srl	%l4, %l0, %l5			/* shift count = PSR[4:0] = T */
	andcc	%l5, 1, %g0
	be	1f
	 nop
	mov	%g1, %l7
	srl	%l4, 1, %g1
	sll	%l4, NWINDOWS - 1, %l5
	or	%l5, %g1, %g1
	and	%g1, WIM_MASK, %g1
	save
	wr	%g1, %wim
	nop; nop; nop
	std	%l0, [%sp + 0]
	std	%l2, [%sp + 8]
	std	%l4, [%sp + 16]
	std	%l6, [%sp + 24]
	std	%i0, [%sp + 32]
	std	%i2, [%sp + 40]
	std	%i4, [%sp + 48]
	std	%i6, [%sp + 56]
	restore
	mov	%l7, %g1
1:
	/* A frame below the interrupted %sp (our %fp). */
	sub	%fp, TRAP_FRAME, %sp
	st	%g1, [%sp + MIN_FRAME + 0]
	std	%g2, [%sp + MIN_FRAME + 8]
	std	%g4, [%sp + MIN_FRAME + 16]
	std	%g6, [%sp + MIN_FRAME + 24]
	rd	%y, %l5
	st	%l5, [%sp + MIN_FRAME + 4]

	or	%l0, PSR_PIL_MASK | PSR_ET, %l5
	wr	%l5, %psr
	nop; nop; nop
	call	leon3_trap
	 mov	%l3, %o0
	wr	%l0, %psr			/* ET = 0, the trapped PIL and icc, CWP = T */
	nop; nop; nop

	ld	[%sp + MIN_FRAME + 4], %l5
	wr	%l5, %y
	ld	[%sp + MIN_FRAME + 0], %g1
	ldd	[%sp + MIN_FRAME + 8], %g2
	ldd	[%sp + MIN_FRAME + 16], %g4
	ldd	[%sp + MIN_FRAME + 24], %g6

	/* RETT enters T+1: if the C code's window traffic spilled it, fill it
	 * back from its %sp now (a window_underflow here, with ET = 0, would
	 * put the CPU in error mode). */
	mov	%wim, %l5
	sll	%l5, NWINDOWS, %l6
	or	%l6, %l5, %l6			/* WIM twice: bit T+1 exists for T = NWINDOWS-1 */
	and	%l0, PSR_CWP_MASK, %l7
	add	%l7, 1, %l7
	srl	%l6, %l7, %l6
	andcc	%l6, 1, %g0
	be	2f
	 nop
	sll	%l5, 1, %l6			/* invalid mark moves to T+2 */
	srl	%l5, NWINDOWS - 1, %l7
	or	%l6, %l7, %l6
	and	%l6, WIM_MASK, %l6
	wr	%l6, %wim
	nop; nop; nop
	restore					/* T+1 */
	ldd	[%sp + 0], %l0
	ldd	[%sp + 8], %l2
	ldd	[%sp + 16], %l4
	ldd	[%sp + 24], %l6
	ldd	[%sp + 32], %i0
	ldd	[%sp + 40], %i2
	ldd	[%sp + 48], %i4
	ldd	[%sp + 56], %i6
	save					/* T */
2:
	jmp	%l1
	 rett	%l2

	.section .note.GNU-stack, "", @progbits
