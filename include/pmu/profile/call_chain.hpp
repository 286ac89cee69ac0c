// SPDX-License-Identifier: Apache-2.0
// Call chains by frame-pointer walk, for firmware built with
// -fno-omit-frame-pointer. Reads only words inside the context's stack
// bounds, only moves up the stack, and stops at 'max' entries, so a
// corrupt or absent chain ends the walk instead of faulting or looping.
//
// RISC-V (psABI frame record): at fp-1 word the return address, at fp-2
// words the caller's fp. A leaf function saves no ra: its fp-1 word holds
// the caller's fp (a stack address, never code), so the first level takes
// ra from the register instead (as Linux's RISC-V unwinder does). Entries
// are return addresses (the instruction after the call).
// SPARC (register windows, flushed by the board): a function's window is
// saved at its callee's %fp: %i6 at word 14, %i7 at word 15. The first
// entry is the interrupted window's %i7. Entries are call-instruction
// addresses. GCC emits `save` in every function with
// -fno-omit-frame-pointer; before that first instruction runs, or in a
// restore's delay slot, the first caller is skipped.
#pragma once

#include <stdint.h>

#include "pmu/profile/context.hpp"
#include "pmu/profile/format.hpp"

namespace pmu::profile {

/// What a walk wrote.
struct Chain {
  uint8_t depth = 0;       ///< entries written
  bool truncated = false;  ///< a valid frame remained when 'max' was reached
};

/// RISC-V frame-pointer walk of c's stack into out (at most max return addresses).
Chain walk_riscv(const InterruptedContext& c, uintptr_t* out, unsigned max);
/// SPARC register-window walk of c's stack into out (at most max call addresses; windows flushed by the board).
Chain walk_sparc(const InterruptedContext& c, uintptr_t* out, unsigned max);

// This target's walk (RISC-V on the host, where tests build fake stacks).
#if defined(__sparc__) && !defined(PMU_HOST)
constexpr ChainKind kThisChain = ChainKind::kSparcWindows;  ///< How this target's chains are walked.
/// This target's walk (walk_sparc).
inline Chain walk_call_chain(const InterruptedContext& c, uintptr_t* out, unsigned max) { return walk_sparc(c, out, max); }
#else
constexpr ChainKind kThisChain = ChainKind::kRiscvFramePointer;  ///< How this target's chains are walked.
/// This target's walk (walk_riscv; also on the host, where tests build fake stacks).
inline Chain walk_call_chain(const InterruptedContext& c, uintptr_t* out, unsigned max) { return walk_riscv(c, out, max); }
#endif

}  // namespace pmu::profile
