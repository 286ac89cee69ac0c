// SPDX-License-Identifier: Apache-2.0
// The state of the code an overflow interrupt stopped: what a sample
// records (pc, hart) and where its call-chain walk starts. The board fills
// it from its trap frame; the library never calls the board, so the
// application hands the sampler the board's function (docs/profiling.md,
// "Board API"):
//
//   namespace board {
//   // Inside an interrupt handler the board dispatched: the interrupted
//   // code's registers and stack bounds. On SPARC the register windows are
//   // flushed to the stack first, so a frame walk sees every caller.
//   // false (nothing written) outside such a handler.
//   bool interrupted_context(pmu::profile::InterruptedContext* out);
//   }
#pragma once

#include <stdint.h>

namespace pmu::profile {

/// No default member values: the hook declares one per sample and the board
/// fills every field (zeroing it first would cost a memset per sample).
struct InterruptedContext {
  uintptr_t pc;    ///< RISC-V mepc; SPARC the trap pc (%l1 of the trap window)
  uintptr_t sp;    ///< RISC-V x2; SPARC %o6 of the interrupted window
  uintptr_t fp;    ///< RISC-V s0/x8; SPARC %i6 (%fp) of the interrupted window
  uintptr_t ra;    ///< RISC-V x1; SPARC %i7 of the interrupted window
  uintptr_t stack_lo; ///< the interrupted code's stack is [stack_lo, stack_hi)
  uintptr_t stack_hi; ///< the stack's end (exclusive)
  uint16_t hart;   ///< RISC-V mhartid; LEON3 %asr17[31:28]
};

/// The shape of board::interrupted_context.
using ContextFn = bool (*)(InterruptedContext* out);

}  // namespace pmu::profile
