// SPDX-License-Identifier: Apache-2.0
// The LEON3 part of board::interrupted_context: the interrupted window's
// registers as the trap entry saved them (pc; %o6 = sp, %i6 = fp, %i7 =
// return address) and the CPU index (%asr17[31:28]), after the register
// windows are flushed to the stack so the frame-pointer chain in memory is
// current.
#include "board.hpp"
#include "interrupt_scope.hpp"

// trap.S: spills every register window to its stack (NWINDOWS - 1 saves,
// then as many restores), through the ordinary window traps.
extern "C" void board_flush_windows();

namespace board::detail {

void interrupted_registers(const TrapFrame& f, pmu::profile::InterruptedContext* out) {
  board_flush_windows();
  uint32_t asr17;
  __asm__ volatile("rd %%asr17, %0" : "=r"(asr17));
  out->pc = f.pc;
  out->sp = f.r[14];
  out->fp = f.r[30];
  out->ra = f.r[31];
  out->hart = static_cast<uint16_t>(asr17 >> 28);
}

}  // namespace board::detail
