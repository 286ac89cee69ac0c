/* ibex-simple-system start-up: the vector table, the reset entry and the
 * trap entry.
 *
 * Ibex's mtvec is always vectored (mode 01) with a 256-byte aligned base, and
 * the core starts at boot address + 0x80. So the image begins with 32
 * four-byte jumps (exceptions and interrupt code 0 at +0, interrupt code i
 * at +4i) and the reset jump at +0x80. Every vector goes to the same trap
 * entry, which saves a board::TrapFrame (the layout of
 * boards/common/riscv/start.S and trap_frame.hpp) and calls riscv_trap(),
 * the dispatch shared with the other RISC-V boards. RV32 only. */
#define RB 4
#define FRAME_WORDS 36
#define FRAME_SIZE (((FRAME_WORDS * RB) + 15) & ~15)

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

  .section .text.trap, "ax"
  .balign 4
  .globl riscv_trap_entry
riscv_trap_entry:
  addi sp, sp, -FRAME_SIZE
  sw x1, 1*RB(sp)
  sw x3, 3*RB(sp)
  sw x4, 4*RB(sp)
  sw x5, 5*RB(sp)
  sw x6, 6*RB(sp)
  sw x7, 7*RB(sp)
  sw x8, 8*RB(sp)
  sw x9, 9*RB(sp)
  sw x10, 10*RB(sp)
  sw x11, 11*RB(sp)
  sw x12, 12*RB(sp)
  sw x13, 13*RB(sp)
  sw x14, 14*RB(sp)
  sw x15, 15*RB(sp)
  sw x16, 16*RB(sp)
  sw x17, 17*RB(sp)
  sw x18, 18*RB(sp)
  sw x19, 19*RB(sp)
  sw x20, 20*RB(sp)
  sw x21, 21*RB(sp)
  sw x22, 22*RB(sp)
  sw x23, 23*RB(sp)
  sw x24, 24*RB(sp)
  sw x25, 25*RB(sp)
  sw x26, 26*RB(sp)
  sw x27, 27*RB(sp)
  sw x28, 28*RB(sp)
  sw x29, 29*RB(sp)
  sw x30, 30*RB(sp)
  sw x31, 31*RB(sp)
  addi t0, sp, FRAME_SIZE   /* the interrupted sp */
  sw t0, 2*RB(sp)
  sw zero, 0(sp)
  csrr t0, mepc
  sw t0, 32*RB(sp)
  csrr t0, mcause
  sw t0, 33*RB(sp)
  csrr t0, mtval
  sw t0, 34*RB(sp)
  csrr t0, mstatus
  sw t0, 35*RB(sp)
  mv a0, sp
  call riscv_trap
  lw t0, 32*RB(sp)
  csrw mepc, t0
  lw t0, 35*RB(sp)
  csrw mstatus, t0
  lw x1, 1*RB(sp)
  lw x3, 3*RB(sp)
  lw x4, 4*RB(sp)
  lw x5, 5*RB(sp)
  lw x6, 6*RB(sp)
  lw x7, 7*RB(sp)
  lw x8, 8*RB(sp)
  lw x9, 9*RB(sp)
  lw x10, 10*RB(sp)
  lw x11, 11*RB(sp)
  lw x12, 12*RB(sp)
  lw x13, 13*RB(sp)
  lw x14, 14*RB(sp)
  lw x15, 15*RB(sp)
  lw x16, 16*RB(sp)
  lw x17, 17*RB(sp)
  lw x18, 18*RB(sp)
  lw x19, 19*RB(sp)
  lw x20, 20*RB(sp)
  lw x21, 21*RB(sp)
  lw x22, 22*RB(sp)
  lw x23, 23*RB(sp)
  lw x24, 24*RB(sp)
  lw x25, 25*RB(sp)
  lw x26, 26*RB(sp)
  lw x27, 27*RB(sp)
  lw x28, 28*RB(sp)
  lw x29, 29*RB(sp)
  lw x30, 30*RB(sp)
  lw x31, 31*RB(sp)
  lw x2, 2*RB(sp)
  mret
