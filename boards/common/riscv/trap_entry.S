/* SPDX-License-Identifier: Apache-2.0 */
/* The RISC-V trap entry shared by every RISC-V board: saves every register
 * into a board::TrapFrame (trap_frame.hpp) on the stack, calls
 * riscv_trap(frame), and restores from the frame, so a handler can change a
 * destination register or the resume pc. Exceptions nest safely (an
 * emulated MMIO access inside an interrupt handler) because mepc and
 * mstatus are restored from the frame. Boards with direct-mode mtvec point
 * it here (start.S); Ibex's vector table jumps here. In S-mode (BOARD_SMODE,
 * priv.h) the same frame holds sepc/scause/stval/sstatus and it ends in sret. */
#include "riscv/priv.h"
#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#define RB 8
#else
#define REG_S sw
#define REG_L lw
#define RB 4
#endif
#define FRAME_WORDS 36
#define FRAME_SIZE (((FRAME_WORDS * RB) + 15) & ~15)
/* With an FPU (start.S turns it on), the caller-saved FP registers
 * (ft0-ft11, fa0-fa7) and fcsr above the frame: riscv_trap and the
 * handlers it calls may use them, the interrupted code's are kept. */
#ifdef __riscv_flen
#if __riscv_flen == 64
#define FREG_S fsd
#define FREG_L fld
#define FB 8
#else
#define FREG_S fsw
#define FREG_L flw
#define FB 4
#endif
#define FP_SIZE (((21 * FB) + 15) & ~15)
#define FP(i) (FRAME_SIZE + (i) * FB)
/* op (FREG_S or FREG_L) on each caller-saved FP register, in its slot. */
.macro fp_caller_saved op
  \op f0, FP(0)(sp)
  \op f1, FP(1)(sp)
  \op f2, FP(2)(sp)
  \op f3, FP(3)(sp)
  \op f4, FP(4)(sp)
  \op f5, FP(5)(sp)
  \op f6, FP(6)(sp)
  \op f7, FP(7)(sp)
  \op f10, FP(8)(sp)
  \op f11, FP(9)(sp)
  \op f12, FP(10)(sp)
  \op f13, FP(11)(sp)
  \op f14, FP(12)(sp)
  \op f15, FP(13)(sp)
  \op f16, FP(14)(sp)
  \op f17, FP(15)(sp)
  \op f28, FP(16)(sp)
  \op f29, FP(17)(sp)
  \op f30, FP(18)(sp)
  \op f31, FP(19)(sp)
.endm
#else
#define FP_SIZE 0
#endif

  .section .text.trap, "ax"
  .balign 64
  .globl riscv_trap_entry
riscv_trap_entry:
  addi sp, sp, -(FRAME_SIZE + FP_SIZE)
  REG_S x1, 1*RB(sp)
  REG_S x3, 3*RB(sp)
  REG_S x4, 4*RB(sp)
  REG_S x5, 5*RB(sp)
  REG_S x6, 6*RB(sp)
  REG_S x7, 7*RB(sp)
  REG_S x8, 8*RB(sp)
  REG_S x9, 9*RB(sp)
  REG_S x10, 10*RB(sp)
  REG_S x11, 11*RB(sp)
  REG_S x12, 12*RB(sp)
  REG_S x13, 13*RB(sp)
  REG_S x14, 14*RB(sp)
  REG_S x15, 15*RB(sp)
  REG_S x16, 16*RB(sp)
  REG_S x17, 17*RB(sp)
  REG_S x18, 18*RB(sp)
  REG_S x19, 19*RB(sp)
  REG_S x20, 20*RB(sp)
  REG_S x21, 21*RB(sp)
  REG_S x22, 22*RB(sp)
  REG_S x23, 23*RB(sp)
  REG_S x24, 24*RB(sp)
  REG_S x25, 25*RB(sp)
  REG_S x26, 26*RB(sp)
  REG_S x27, 27*RB(sp)
  REG_S x28, 28*RB(sp)
  REG_S x29, 29*RB(sp)
  REG_S x30, 30*RB(sp)
  REG_S x31, 31*RB(sp)
  addi t0, sp, FRAME_SIZE + FP_SIZE   /* the interrupted sp */
  REG_S t0, 2*RB(sp)
  REG_S zero, 0(sp)
  csrr t0, XEPC
  REG_S t0, 32*RB(sp)
  csrr t0, XCAUSE
  REG_S t0, 33*RB(sp)
  csrr t0, XTVAL
  REG_S t0, 34*RB(sp)
  csrr t0, XSTATUS
  REG_S t0, 35*RB(sp)
#ifdef __riscv_flen
  fp_caller_saved FREG_S
  frcsr t0
  sw t0, FP(20)(sp)
#endif
  mv a0, sp
  call riscv_trap
#ifdef __riscv_flen
  fp_caller_saved FREG_L
  lw t0, FP(20)(sp)
  fscsr t0
#endif
  /* Interrupts off before xepc is written: a handler may have returned
   * with them on (an RTOS lets them nest), and a trap taken between the
   * xepc write and the xret would overwrite xepc. The xstatus written next
   * brings back the interrupted code's enable through xPIE at the xret. */
  csrci XSTATUS, XSTATUS_IE
  REG_L t0, 32*RB(sp)
  csrw XEPC, t0
  REG_L t0, 35*RB(sp)
  csrw XSTATUS, t0
  REG_L x1, 1*RB(sp)
  REG_L x3, 3*RB(sp)
  REG_L x4, 4*RB(sp)
  REG_L x5, 5*RB(sp)
  REG_L x6, 6*RB(sp)
  REG_L x7, 7*RB(sp)
  REG_L x8, 8*RB(sp)
  REG_L x9, 9*RB(sp)
  REG_L x10, 10*RB(sp)
  REG_L x11, 11*RB(sp)
  REG_L x12, 12*RB(sp)
  REG_L x13, 13*RB(sp)
  REG_L x14, 14*RB(sp)
  REG_L x15, 15*RB(sp)
  REG_L x16, 16*RB(sp)
  REG_L x17, 17*RB(sp)
  REG_L x18, 18*RB(sp)
  REG_L x19, 19*RB(sp)
  REG_L x20, 20*RB(sp)
  REG_L x21, 21*RB(sp)
  REG_L x22, 22*RB(sp)
  REG_L x23, 23*RB(sp)
  REG_L x24, 24*RB(sp)
  REG_L x25, 25*RB(sp)
  REG_L x26, 26*RB(sp)
  REG_L x27, 27*RB(sp)
  REG_L x28, 28*RB(sp)
  REG_L x29, 29*RB(sp)
  REG_L x30, 30*RB(sp)
  REG_L x31, 31*RB(sp)
  REG_L x2, 2*RB(sp)
  XRET
