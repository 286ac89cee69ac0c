// SPDX-License-Identifier: Apache-2.0
// board::interrupted_context: the registers of the code the interrupt being
// dispatched stopped (the architecture's part: <arch>/interrupted_registers.cpp)
// and the image's one stack, as the linker script bounds it.
#include "board.hpp"
#include "interrupt_scope.hpp"

extern "C" char __stack_limit[];
extern "C" char __stack_top[];

namespace board {

namespace detail {
TrapFrame* g_interrupt_frame;
}  // namespace detail

bool interrupted_context(pmu::profile::InterruptedContext* out) {
  const TrapFrame* f = detail::g_interrupt_frame;
  if (f == nullptr || out == nullptr) return false;
  detail::interrupted_registers(*f, out);
  out->stack_lo = reinterpret_cast<uintptr_t>(__stack_limit);
  out->stack_hi = reinterpret_cast<uintptr_t>(__stack_top);
  return true;
}

}  // namespace board
