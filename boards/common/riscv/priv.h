/* SPDX-License-Identifier: Apache-2.0 */
/* The privilege mode a RISC-V board's image runs in: M (bare metal, the
 * default) or S (under an SBI implementation such as OpenSBI; the board's
 * ARCH_FLAGS define BOARD_SMODE=1). The start-up, the trap entry and the
 * trap dispatch use these names, so one source serves both modes. In S-mode
 * only the S CSRs and the unprivileged counter shadows are touched (M CSRs
 * trap there). Usable from assembler and C++. */
#ifndef BOARD_RISCV_PRIV_H
#define BOARD_RISCV_PRIV_H

#if defined(BOARD_SMODE) && BOARD_SMODE
#define XIE sie
#define XIP sip
#define XSTATUS sstatus
#define XTVEC stvec
#define XEPC sepc
#define XCAUSE scause
#define XTVAL stval
#define XRET sret
#define XSTATUS_INIT 0x100     /* SPP = S, SIE = 0 */
#define XSTATUS_IE 0x2         /* sstatus.SIE */
#define XSOFT_IRQ 1            /* supervisor software interrupt (SSIP/SSIE) */
#define CYCLE_CSR "cycle"
#define CYCLEH_CSR "cycleh"
#define INSTRET_CSR "instret"
#else
#define XIE mie
#define XIP mip
#define XSTATUS mstatus
#define XTVEC mtvec
#define XEPC mepc
#define XCAUSE mcause
#define XTVAL mtval
#define XRET mret
#define XSTATUS_INIT 0x1800    /* MPP = M, MIE = 0 */
#define XSTATUS_IE 0x8         /* mstatus.MIE */
#define XSOFT_IRQ 3            /* machine software interrupt (MSIP/MSIE) */
#define CYCLE_CSR "mcycle"
#define CYCLEH_CSR "mcycleh"
#define INSTRET_CSR "minstret"
#endif

#define PRIV_STR2(x) #x
#define PRIV_STR(x) PRIV_STR2(x)

/* xstatus.FS (bits 14:13) = Initial: set at start on a core with an FPU
 * (__riscv_flen), so floating-point code runs; the trap entry then saves
 * the caller-saved FP registers and fcsr, which a handler may use. */
#define XSTATUS_FS_INITIAL 0x2000

#endif
