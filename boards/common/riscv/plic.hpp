// SPDX-License-Identifier: Apache-2.0
// A RISC-V PLIC helper for board glue: the SiFive register layout, which the
// GRLIB NOEL-V PLIC uses too (docs/hw/safesu.md §6: enable words at
// +0x2000 + 0x80*ctx, threshold at +0x200000 + 0x1000*ctx, claim/complete 4
// bytes above the threshold; the GRLIB driver's "0x200*core + 0x80*mode" is
// the same formula with ctx = 4*core + mode).
//
// What it does differently from the reference plic.c (docs/hw/safesu.md
// §5.2, items 10 and 11): enable/disable change ONE bit of the enable word with a
// read-modify-write (never a whole-word write, never `& !mask`); claim returns
// the ID it read, and complete writes back exactly that ID, so a handler
// acknowledges only what it saw.
//
// Every call checks its arguments first and touches no register on bad input.
// Register accesses go through typed registers (pmu::reg), so host tests see
// the exact sequence (tests/boards/host/board_plic_test.cpp).
// The enable read-modify-write is not atomic: call enable/disable with the
// context's interrupts masked (board::irq_attach does) and only from the hart
// that owns the context.
#pragma once

#include <stdint.h>

#include "../board_reg.hpp"

namespace board::riscv {

namespace plic {
using pmu::reg::Access;
struct Priority : Reg32<Access::kRW> {};
struct Pending : Reg32<Access::kRO> {};
struct Enable : Reg32<Access::kRW> {};
struct Threshold : Reg32<Access::kRW> {};
struct ClaimComplete : Reg32<Access::kRW> {};  // read: claim; write: complete
}  // namespace plic

class Plic {
 public:
  // Standard PLIC limits: source 0 does not exist, 1023 sources, 15872 contexts.
  static constexpr unsigned kMaxSources = 1024;
  static constexpr unsigned kMaxContexts = 15872;

  static constexpr uintptr_t kPriorityBase = 0x0;      // 4 * source
  static constexpr uintptr_t kPendingBase = 0x1000;    // bit per source
  static constexpr uintptr_t kEnableBase = 0x2000;     // + 0x80 * context
  static constexpr uintptr_t kEnableStride = 0x80;
  static constexpr uintptr_t kContextBase = 0x200000;  // + 0x1000 * context
  static constexpr uintptr_t kContextStride = 0x1000;
  static constexpr uintptr_t kThreshold = 0x0;
  static constexpr uintptr_t kClaimComplete = 0x4;

  // num_sources counts source 0, as GRMON does ("32 sources": IDs 1..31).
  constexpr Plic(uintptr_t base, unsigned num_sources, unsigned num_contexts)
      : base_(base), num_sources_(num_sources), num_contexts_(num_contexts) {}

  constexpr uintptr_t base() const { return base_; }
  constexpr unsigned num_sources() const { return num_sources_; }
  constexpr unsigned num_contexts() const { return num_contexts_; }

  // Priority 0 means "never interrupts"; the source interrupts a context only
  // when its priority is above the context threshold.
  [[nodiscard]] pmu::Status set_priority(unsigned source, uint32_t priority) const;
  [[nodiscard]] pmu::Status enable(unsigned context, unsigned source) const;
  [[nodiscard]] pmu::Status disable(unsigned context, unsigned source) const;
  [[nodiscard]] pmu::Result<bool> is_enabled(unsigned context, unsigned source) const;
  [[nodiscard]] pmu::Result<bool> is_pending(unsigned source) const;
  [[nodiscard]] pmu::Status set_threshold(unsigned context, uint32_t threshold) const;
  // The highest-priority pending, enabled source of the context, now claimed;
  // 0 = nothing pending.
  [[nodiscard]] pmu::Result<uint32_t> claim(unsigned context) const;
  // Ends the handling of 'id' (a value claim returned).
  [[nodiscard]] pmu::Status complete(unsigned context, uint32_t id) const;

 private:
  constexpr bool source_ok(unsigned s) const { return s != 0 && s < num_sources_ && s < kMaxSources; }
  constexpr bool context_ok(unsigned c) const { return c < num_contexts_ && c < kMaxContexts; }
  static constexpr pmu::reg::Reg<plic::Enable> enable_word(unsigned c, unsigned s) {
    return {static_cast<uint32_t>(kEnableBase + kEnableStride * c + 4u * (s / 32u))};
  }
  static constexpr uint32_t context_reg(unsigned c, uintptr_t reg) {
    return static_cast<uint32_t>(kContextBase + kContextStride * c + reg);
  }

  uintptr_t base_;
  unsigned num_sources_;
  unsigned num_contexts_;
};

// The GRLIB NOEL-V context numbering: 4 contexts per hart in the order
// M, S, U, H (docs/hw/safesu.md §6; the order is an inference there).
enum class PlicMode : unsigned { kMachine = 0, kSupervisor = 1, kUser = 2, kHypervisor = 3 };
constexpr unsigned grlib_plic_context(unsigned hart, PlicMode mode) {
  return 4u * hart + static_cast<unsigned>(mode);
}

}  // namespace board::riscv
