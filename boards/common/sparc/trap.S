/* SPDX-License-Identifier: Apache-2.0 */
/* The LEON3 boards' trap table and trap entry (qemu-leon3, leon3-grlib).
 *
 * Window traps (tt 5/6) are the classic SPARC V8 spill/fill handlers
 * (NWINDOWS = 8, one invalid window). Every other trap goes to trap_entry,
 * which builds a board::TrapFrame on the stack below the interrupted %sp
 * and runs board_trap_dispatch() with ET = 1 and PIL = 15. ET = 1 makes the
 * path reentrant: an emulated MMIO access (tt 0x29) inside an interrupt
 * handler nests a second frame below the first, and window traps taken by the
 * C code are served normally. Nothing here keeps global state.
 *
 * Register use in the trap window T (CWP after the trap):
 *   %l0 = PSR at the trap (CWP = T), %l1 = pc, %l2 = npc, %l3 = tt,
 *   %l4 = TrapFrame*, %l5..%l7 scratch.
 * The trapped window is T+1. Its %o registers are T's %i registers; its %l
 * and %i registers are reached by a RESTORE into T+1 with the frame pointer
 * in %g1 (the only register both windows see), and written back the same way.
 */
#include "sparc/board_asm.h"
#include "sparc/trap_frame.hpp"

#define WIM_MASK ((1 << NWINDOWS) - 1)
/* Above the TrapFrame: %f0..%f31 and the FSR of code that runs with the
 * FPU on (EF = 1), 8-aligned for std/ldd. */
#define FP_AREA_BYTES (32 * 4 + 8)
#define FP_FSR (32 * 4)
#define TRAP_FRAME_BYTES (MIN_FRAME + PMU_TF_SIZE + FP_AREA_BYTES)

/* %l0..%l7 and %i0..%i7 of the current window to [base + off, +64): the
 * layout of a register-window save area, and of TrapFrame r[16..31]. */
	.macro STORE_LOCALS_INS base, off
	std	%l0, [\base + \off + 0]
	std	%l2, [\base + \off + 8]
	std	%l4, [\base + \off + 16]
	std	%l6, [\base + \off + 24]
	std	%i0, [\base + \off + 32]
	std	%i2, [\base + \off + 40]
	std	%i4, [\base + \off + 48]
	std	%i6, [\base + \off + 56]
	.endm

	.macro LOAD_LOCALS_INS base, off
	ldd	[\base + \off + 0], %l0
	ldd	[\base + \off + 8], %l2
	ldd	[\base + \off + 16], %l4
	ldd	[\base + \off + 24], %l6
	ldd	[\base + \off + 32], %i0
	ldd	[\base + \off + 40], %i2
	ldd	[\base + \off + 48], %i4
	ldd	[\base + \off + 56], %i6
	.endm

/* We are in the invalid window T; \wim holds %wim. Spill window T-1 (the
 * oldest live one) to its stack and make it the invalid window. Uses %l7
 * and \tmp of T; %g1 is preserved. */
	.macro SPILL_OLDEST wim, tmp
	mov	%g1, %l7
	srl	\wim, 1, %g1			/* new WIM = WIM rotated right by one */
	sll	\wim, NWINDOWS - 1, \tmp
	or	\tmp, %g1, %g1
	and	%g1, WIM_MASK, %g1
	save					/* into T-1 (still valid under the old WIM) */
	wr	%g1, %wim
	nop; nop; nop
	STORE_LOCALS_INS %sp, 0
	restore
	mov	%l7, %g1
	.endm

/* All 32 FP registers (the SPARC ABI saves none across a call) to or from
 * [\base, +128), as 16 doubles. */
	.macro FP_REGISTERS save, base
	.irp n, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30
	.if \save
	std	%f\n, [\base + 4 * \n]
	.else
	ldd	[\base + 4 * \n], %f\n
	.endif
	.endr
	.endm

	.macro TRAP_ENTRY handler, tt
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
	TRAP_ENTRY window_overflow, tt
	.elseif tt == 6
	TRAP_ENTRY window_underflow, tt
	.else
	TRAP_ENTRY trap_entry, tt
	.endif
	.set tt, tt + 1
	.endr
	.size trap_table, . - trap_table

	.section .text.trap, "ax"
	.align 4

/* SAVE hit the invalid window: we are in it (T). Spill T-1, the oldest
 * live window, to its own %sp and make T-1 the invalid window. */
window_overflow:
	mov	%wim, %l3
	SPILL_OLDEST %l3, %l4
	jmp	%l1				/* re-execute the SAVE */
	 rett	%l2

/* RESTORE from window W hit the invalid window W+1 (we are in W-1). Fill
 * W+1 from its %sp (= W's %fp) and make W+2 the invalid window. */
window_underflow:
	mov	%wim, %l3
	sll	%l3, 1, %l4			/* new WIM = WIM rotated left by one */
	srl	%l3, NWINDOWS - 1, %l5
	or	%l5, %l4, %l5
	and	%l5, WIM_MASK, %l5
	wr	%l5, %wim
	nop; nop; nop
	restore					/* W */
	restore					/* W+1 */
	LOAD_LOCALS_INS %sp, 0
	save
	save
	jmp	%l1				/* re-execute the RESTORE */
	 rett	%l2

/* Spill every register window to its stack, so a frame-pointer walk reads
 * current save areas (board::interrupted_context): NWINDOWS - 1 saves, then
 * as many restores; the window traps above do the spilling and filling.
 * Needs ET = 1 (the C trap dispatch runs so). A leaf: returns with %o7. */
	.section .text.board_flush_windows, "ax"	/* its own: --gc-sections drops it when unused */
	.align 4
	.global board_flush_windows
	.type board_flush_windows, #function
board_flush_windows:
	.rept NWINDOWS - 1
	save	%sp, -MIN_FRAME, %sp
	.endr
	.rept NWINDOWS - 1
	restore
	.endr
	retl
	 nop
	.size board_flush_windows, . - board_flush_windows

	.section .text.trap, "ax"
/* Everything else: interrupts (0x11..0x1F), MMU traps (0x09, 0x29), and the
 * unexpected ones, which the C dispatch reports. */
	.global trap_entry
trap_entry:
	/* If T is the invalid window, T's %o registers are the %i registers of
	 * the oldest live window T-1: spill it first (as window_overflow). */
	mov	%wim, %l4
	srl	%l4, %l0, %l5			/* shift count = PSR[4:0] = CWP = T */
	andcc	%l5, 1, %g0
	be	1f
	 nop
	SPILL_OLDEST %l4, %l5
1:
	/* Frame below the interrupted %sp (our %fp); the trapped code's own
	 * save area at [%fp, %fp + 64) stays untouched. */
	sub	%fp, TRAP_FRAME_BYTES, %sp
	add	%sp, MIN_FRAME, %l4
	st	%g0, [%l4 + PMU_TF_G(0)]
	st	%g1, [%l4 + PMU_TF_G(1)]
	std	%g2, [%l4 + PMU_TF_G(2)]
	std	%g4, [%l4 + PMU_TF_G(4)]
	std	%g6, [%l4 + PMU_TF_G(6)]
	std	%i0, [%l4 + PMU_TF_O(0)]	/* trapped %o = our %i */
	std	%i2, [%l4 + PMU_TF_O(2)]
	std	%i4, [%l4 + PMU_TF_O(4)]
	std	%i6, [%l4 + PMU_TF_O(6)]
	st	%l0, [%l4 + PMU_TF_PSR]
	st	%l1, [%l4 + PMU_TF_PC]
	st	%l2, [%l4 + PMU_TF_NPC]
	rd	%y, %l5
	st	%l5, [%l4 + PMU_TF_Y]
	st	%l3, [%l4 + PMU_TF_TT]
	st	%g0, [%l4 + PMU_TF_FSR]
	st	%g0, [%l4 + PMU_TF_FAR]
	/* The trapped window's %l/%i: T+1 is valid (it was executing). */
	mov	%l4, %g1
	restore
	STORE_LOCALS_INS %g1, PMU_TF_LI
	save					/* back to T, valid since the spill above */

	/* C with traps on and interrupts masked (PIL 15; level 15 is NMI). */
	or	%l0, PSR_PIL_MASK | PSR_ET, %l5
	wr	%l5, %psr
	nop; nop; nop
	/* An interrupt (tt 0x11..0x1F) runs the application's handlers, C
	 * that may use the FPU: if the trapped code had it on, its FP
	 * registers and FSR are kept around them. The other traps run the
	 * board's and the simulator's own code, which uses none, and an
	 * emulated access stays as short as before. Saved with traps on, so
	 * an FP trap still pending would be taken as a trap, not stop the
	 * processor. %l6 = 1 if saved. */
	mov	0, %l6
	sub	%l3, 0x11, %l7
	cmp	%l7, 0x1F - 0x11
	bgu	3f
	 sethi	%hi(PSR_EF), %l7
	andcc	%l0, %l7, %g0
	be	3f
	 add	%l4, PMU_TF_SIZE, %l7
	FP_REGISTERS 1, %l7
	st	%fsr, [%l7 + FP_FSR]
	mov	1, %l6
3:
	call	board_trap_dispatch
	 mov	%l4, %o0
	cmp	%l6, 0
	be	4f
	 add	%l4, PMU_TF_SIZE, %l7
	ld	[%l7 + FP_FSR], %fsr
	FP_REGISTERS 0, %l7
4:
	/* Traps off again for the return (PIL 15 kept: the WIM fix-up below
	 * must not be interrupted). icc comes back with the final PSR write. */
	andn	%l5, PSR_ET, %l5
	wr	%l5, %psr
	nop; nop; nop

	ld	[%l4 + PMU_TF_Y], %l5
	wr	%l5, %y
	/* RETT enters T+1 and must find it valid, but the C code's window
	 * traffic may have spilled it. Then just mark it valid again (WIM
	 * rotated left: T+2 becomes the invalid window): its %l/%i registers
	 * are reloaded from the frame below, and the frame's copy is the
	 * authoritative one anyway (the handler may have changed it). */
	mov	%wim, %l5
	sll	%l5, NWINDOWS, %l6
	or	%l6, %l5, %l6			/* WIM twice, so bit T+1 exists for T = 7 */
	and	%l0, PSR_CWP_MASK, %l7
	add	%l7, 1, %l7
	srl	%l6, %l7, %l6
	andcc	%l6, 1, %g0
	be	2f
	 nop
	sll	%l5, 1, %l6
	srl	%l5, NWINDOWS - 1, %l7
	or	%l6, %l7, %l6
	and	%l6, WIM_MASK, %l6
	wr	%l6, %wim
	nop; nop; nop
2:
	mov	%l4, %g1
	restore					/* T+1 */
	LOAD_LOCALS_INS %g1, PMU_TF_LI
	save					/* T */
	/* The trapped PSR: icc, PIL, S/PS; ET = 0, CWP = T (we are in T). No
	 * instruction below reads the condition codes; the loads cover the
	 * three-instruction WRPSR delay before RETT. */
	wr	%l0, %psr
	ld	[%l4 + PMU_TF_PC], %l1
	ld	[%l4 + PMU_TF_NPC], %l2
	ldd	[%l4 + PMU_TF_O(0)], %i0
	ldd	[%l4 + PMU_TF_O(2)], %i2
	ldd	[%l4 + PMU_TF_O(4)], %i4
	ldd	[%l4 + PMU_TF_O(6)], %i6
	ldd	[%l4 + PMU_TF_G(2)], %g2
	ldd	[%l4 + PMU_TF_G(4)], %g4
	ldd	[%l4 + PMU_TF_G(6)], %g6
	ld	[%l4 + PMU_TF_G(1)], %g1
	jmp	%l1
	 rett	%l2

	.section .note.GNU-stack, "", @progbits
