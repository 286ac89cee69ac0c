// SPDX-License-Identifier: Apache-2.0
// Small helpers every RISC-V board uses (M-mode, or S-mode with BOARD_SMODE:
// the cycle shadow and sstatus, priv.h).
#pragma once

#include <stdint.h>

#include "riscv/priv.h"

namespace board::riscv {

// mcycle as 64 bits: one csrr on RV64, hi/lo/hi with retry on RV32
// (docs/hw/riscv-counters.md §1.10).
inline uint64_t read_mcycle() {
#if __riscv_xlen == 64
  uint64_t v;
  __asm__ volatile("csrr %0, " CYCLE_CSR : "=r"(v));
  return v;
#else
  uint32_t hi, lo, hi2;
  do {
    __asm__ volatile("csrr %0, " CYCLEH_CSR : "=r"(hi));
    __asm__ volatile("csrr %0, " CYCLE_CSR : "=r"(lo));
    __asm__ volatile("csrr %0, " CYCLEH_CSR : "=r"(hi2));
  } while (hi != hi2);
  return (static_cast<uint64_t>(hi) << 32) | lo;
#endif
}

// The interrupt-enable bit of interrupt code 'code' in xie (the local
// interrupt lines of Ibex and XiangShan, LCOFI, the software and external
// interrupts that carry other lines).
inline void enable_interrupt(unsigned code) {
  __asm__ volatile("csrs " PRIV_STR(XIE) ", %0" : : "r"(uintptr_t{1} << code) : "memory");
}
inline void disable_interrupt(unsigned code) {
  __asm__ volatile("csrc " PRIV_STR(XIE) ", %0" : : "r"(uintptr_t{1} << code) : "memory");
}
// Clears interrupt `code`'s pending bit, for a cause software clears (LCOFIP).
inline void clear_pending(unsigned code) {
  __asm__ volatile("csrc " PRIV_STR(XIP) ", %0" : : "r"(uintptr_t{1} << code) : "memory");
}

// Turns interrupts off (xstatus.xIE) and returns the state irq_restore()
// puts back: around a change an interrupt must not see half made (the two
// stores of an IrqTable entry).
inline uintptr_t irq_save() {
  uintptr_t status;
  __asm__ volatile("csrrci %0, " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE) : "=r"(status) : : "memory");
  return status & XSTATUS_IE;
}
inline void irq_restore(uintptr_t saved) { __asm__ volatile("csrs " PRIV_STR(XSTATUS) ", %0" : : "r"(saved) : "memory"); }

// No exit device: park the hart with interrupts off (a debugger sees it).
[[noreturn]] inline void park_hart() {
  __asm__ volatile("csrci " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE));
  for (;;) __asm__ volatile("wfi");
}

}  // namespace board::riscv
