/* SPDX-License-Identifier: Apache-2.0 */
/* ibex-simple-system start-up: the vector table, the reset entry and the
 * trap entry.
 *
 * Ibex's mtvec is always vectored (mode 01) with a 256-byte aligned base, and
 * the core starts at boot address + 0x80. So the image begins with 32
 * four-byte jumps (exceptions and interrupt code 0 at +0, interrupt code i
 * at +4i) and the reset jump at +0x80. Every vector goes to the trap entry
 * shared with the other RISC-V boards (boards/common/riscv/trap_entry.S),
 * which saves a board::TrapFrame and calls riscv_trap(). RV32 only. */
#define RB 4

  .section .vectors, "ax"
  .option push
  .option norvc            /* each vector must be exactly 4 bytes */
  /* 256-byte alignment: the linker script puts this at the boot address */
  .globl __vectors
__vectors:
  .rept 32
  j riscv_trap_entry
  .endr
  /* boot address + 0x80 */
  j _start
  .option pop

  .section .text.start, "ax"
  .globl _start
_start:
  csrw mie, zero
  li t0, 0x1800            /* MPP = M, MIE = 0 */
  csrw mstatus, t0
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la sp, __stack_top
  la t0, __vectors
  ori t0, t0, 1            /* vectored (Ibex forces it anyway) */
  csrw mtvec, t0
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 2f
  sw zero, 0(t0)
  addi t0, t0, RB
  j 1b
2:
  call main
  call board_exit_from_main
3:
  j 3b
