// SPDX-License-Identifier: Apache-2.0
// board::interrupted_context on RISC-V: the registers the trap entry saved
// for the interrupt being dispatched (mepc/sepc, x2, x8 = s0/fp, x1 = ra),
// the image's one stack from the linker script, and the hart (mhartid in
// M-mode; in S-mode the hart id OpenSBI passed in a0, which start.S keeps).
#include "board.hpp"
#include "interrupt_scope.hpp"
#include "riscv/priv.h"

extern "C" char __stack_limit[];
extern "C" char __stack_top[];
#if defined(BOARD_SMODE) && BOARD_SMODE
extern "C" uintptr_t board_boot_hartid;
uintptr_t board_boot_hartid;
#endif

namespace board {

namespace detail {
TrapFrame* g_interrupt_frame;
}  // namespace detail

namespace {
uintptr_t hart_id() {
#if defined(BOARD_SMODE) && BOARD_SMODE
  return board_boot_hartid;
#else
  uintptr_t id;
  __asm__ volatile("csrr %0, mhartid" : "=r"(id));
  return id;
#endif
}
}  // namespace

bool interrupted_context(pmu::profile::InterruptedContext* out) {
  const TrapFrame* f = detail::g_interrupt_frame;
  if (f == nullptr || out == nullptr) return false;
  out->pc = f->mepc;
  out->sp = f->x[2];
  out->fp = f->x[8];
  out->ra = f->x[1];
  out->stack_lo = reinterpret_cast<uintptr_t>(__stack_limit);
  out->stack_hi = reinterpret_cast<uintptr_t>(__stack_top);
  out->hart = static_cast<uint16_t>(hart_id());
  return true;
}

}  // namespace board
