// SPDX-License-Identifier: Apache-2.0
// board::interrupted_context on LEON3: the interrupted window's registers
// as the trap entry saved them (pc; %o6 = sp, %i6 = fp, %i7 = return
// address), after the register windows are flushed to the stack so the
// frame-pointer chain in memory is current; the image's one stack from the
// linker script; the CPU index from %asr17[31:28].
#include "board.hpp"
#include "interrupt_scope.hpp"

extern "C" char __stack_limit[];
extern "C" char __stack_top[];
// trap.S: spills every register window to its stack (NWINDOWS - 1 saves,
// then as many restores), through the ordinary window traps.
extern "C" void board_flush_windows();

namespace board {

namespace detail {
TrapFrame* g_interrupt_frame;
}  // namespace detail

bool interrupted_context(pmu::profile::InterruptedContext* out) {
  const TrapFrame* f = detail::g_interrupt_frame;
  if (f == nullptr || out == nullptr) return false;
  board_flush_windows();
  uint32_t asr17;
  __asm__ volatile("rd %%asr17, %0" : "=r"(asr17));
  out->pc = f->pc;
  out->sp = f->r[14];
  out->fp = f->r[30];
  out->ra = f->r[31];
  out->stack_lo = reinterpret_cast<uintptr_t>(__stack_limit);
  out->stack_hi = reinterpret_cast<uintptr_t>(__stack_top);
  out->hart = static_cast<uint16_t>(asr17 >> 28);
  return true;
}

}  // namespace board
