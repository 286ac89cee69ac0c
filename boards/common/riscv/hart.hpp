// SPDX-License-Identifier: Apache-2.0
// Small machine-mode helpers every RISC-V board uses.
#pragma once

#include <stdint.h>

namespace board::riscv {

// mcycle as 64 bits: one csrr on RV64, hi/lo/hi with retry on RV32
// (riscv-counters facts 1.10).
inline uint64_t read_mcycle() {
#if __riscv_xlen == 64
  uint64_t v;
  __asm__ volatile("csrr %0, mcycle" : "=r"(v));
  return v;
#else
  uint32_t hi, lo, hi2;
  do {
    __asm__ volatile("csrr %0, mcycleh" : "=r"(hi));
    __asm__ volatile("csrr %0, mcycle" : "=r"(lo));
    __asm__ volatile("csrr %0, mcycleh" : "=r"(hi2));
  } while (hi != hi2);
  return (static_cast<uint64_t>(hi) << 32) | lo;
#endif
}

// No exit device: park the hart with interrupts off (a debugger sees it).
[[noreturn]] inline void park_hart() {
  __asm__ volatile("csrci mstatus, 8");
  for (;;) __asm__ volatile("wfi");
}

}  // namespace board::riscv
