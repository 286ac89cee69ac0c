// SPDX-License-Identifier: Apache-2.0
// The RISC-V part of board::interrupted_context: the registers the trap
// entry saved (mepc/sepc, x2 = sp, x8 = s0/fp, x1 = ra) and the hart:
// mhartid in M-mode; in S-mode the hart id the SBI implementation passed in
// a0, which start.S keeps (S-mode cannot read mhartid).
#include "board.hpp"
#include "interrupt_scope.hpp"
#include "riscv/priv.h"

#if defined(BOARD_SMODE) && BOARD_SMODE
extern "C" uintptr_t board_boot_hartid;
uintptr_t board_boot_hartid;
#endif

namespace board::detail {

void interrupted_registers(const TrapFrame& f, pmu::profile::InterruptedContext* out) {
#if defined(BOARD_SMODE) && BOARD_SMODE
  const uintptr_t hart = board_boot_hartid;
#else
  uintptr_t hart;
  __asm__ volatile("csrr %0, mhartid" : "=r"(hart));
#endif
  out->pc = f.mepc;
  out->sp = f.x[2];
  out->fp = f.x[8];
  out->ra = f.x[1];
  out->hart = static_cast<uint16_t>(hart);
}

}  // namespace board::detail
