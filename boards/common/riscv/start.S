/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V start-up (direct-mode xtvec): stack, trap vector, .bss, main(),
 * exit. M-mode bare metal, or S-mode under SBI with BOARD_SMODE (priv.h),
 * where the SBI implementation passes the hart id in a0 (S-mode cannot read
 * mhartid): it is kept for board::interrupted_context. The trap entry is
 * trap_entry.S. */
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

  .section .text.start, "ax"
  .globl _start
_start:
  csrw XIE, zero
#ifdef __riscv_flen
  li t0, XSTATUS_INIT | XSTATUS_FS_INITIAL  /* the FPU on (priv.h) */
  csrw XSTATUS, t0
  fscsr zero
#else
  li t0, XSTATUS_INIT
  csrw XSTATUS, t0
#endif
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la sp, __stack_top
  la t0, riscv_trap_entry
  csrw XTVEC, t0
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 2f
  REG_S zero, 0(t0)
  addi t0, t0, RB
  j 1b
2:
#if defined(BOARD_SMODE) && BOARD_SMODE
  la t0, board_boot_hartid
  REG_S a0, 0(t0)
#endif
  call main
  call board_exit_from_main
3:
  j 3b

