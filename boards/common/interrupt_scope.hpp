// SPDX-License-Identifier: Apache-2.0
// Which interrupt the board is serving: the trap paths mark the frame of an
// interrupt while they dispatch it, and board::interrupted_context()
// (interrupted_context.cpp) reads the interrupted code's registers from it. Exceptions taken inside a handler (an emulated device access)
// leave it alone; a nested interrupt marks its own frame and restores the
// outer one.
#pragma once

#include "board.hpp"

namespace board::detail {

// The frame of the interrupt being dispatched; nullptr outside a handler.
extern TrapFrame* g_interrupt_frame;

class InterruptScope {
 public:
  explicit InterruptScope(TrapFrame* frame) : outer_(g_interrupt_frame) { g_interrupt_frame = frame; }
  ~InterruptScope() { g_interrupt_frame = outer_; }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  TrapFrame* outer_;
};

// The architecture's part of interrupted_context
// (<arch>/interrupted_registers.cpp): pc, sp, fp, ra and hart of the code
// 'frame' interrupted, after making its frame chain in memory current.
void interrupted_registers(const TrapFrame& frame, pmu::profile::InterruptedContext* out);

}  // namespace board::detail
