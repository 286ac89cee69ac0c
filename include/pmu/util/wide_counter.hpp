// SPDX-License-Identifier: Apache-2.0
// Extends a narrow hardware counter to 64 bits in software (OpenSBI/Linux
// perf style): on every observation, delta = (raw - last) & mask. Nothing is
// lost as long as the counter is observed at least once per wrap period.
// After software writes the hardware counter, call restart() with the
// written value.
//
// Counters with a sticky overflow flag can also be extended by their
// overflow interrupt alone: the flag says "the raw value passed the flag
// point since the flag was last cleared". If the hook's observation does
// not show that pass (a whole period went by between two hooks, so
// raw - last looks small) and no earlier observation saw it,
// observe_flagged() adds the period. FlagAt says where the hardware flags:
// on the wrap to zero, or (the SafeSU) when the counter becomes all ones.
//
// Two shapes: WideCounter32 for counters that are exactly 32 bits (SafeSU,
// CM: 32-bit arithmetic, which RV32 and LEON3 do in single instructions,
// 16 bytes) and WideCounter for any width up to 64 (RISC-V counters, whose
// width is probed at run time; 24 bytes).
#pragma once

#include <stdint.h>

#include "pmu/util/bits.hpp"

namespace pmu::util {

/// Where a counter's hardware overflow flag sets.
enum class FlagAt : uint8_t {
  kWrapToZero,  ///< On the wrap from all ones to zero (RISC-V, CM).
  kAllOnes      ///< When the counter becomes all ones (the SafeSU).
};

/// A narrow hardware counter extended to a 64-bit total (this header's scheme); Raw is the
/// stored raw word (uint32_t: exactly 32 bits; uint64_t: any width up to 64).
template <typename Raw>
class BasicWideCounter {
  static constexpr bool kFixed32 = sizeof(Raw) == 4;

 public:
  /// A counter of width_bits bits, 1..64 (ignored for 32-bit Raw; 0 or
  /// more than 64 is 64) flagging at flag_at; total 0.
  constexpr explicit BasicWideCounter(unsigned width_bits = kFixed32 ? 32 : 64,
                                      FlagAt flag_at = FlagAt::kWrapToZero)
      : total_(0), last_(0), width_(static_cast<uint8_t>(kFixed32 || width_bits >= 64 ? 0 : width_bits)),
        flag_at_(flag_at), passed_(false) {}

  /// Start (or restart) from a raw hardware value, with 'base' as the 64-bit
  /// total that raw value stands for.
  constexpr void restart(uint64_t raw, uint64_t base = 0) {
    last_ = static_cast<Raw>(raw & mask());
    total_ = base;
    passed_ = false;
  }

  /// Software wrote 'raw' into the hardware counter (a preload): later deltas
  /// start there. The total stays, and so does a pass already counted, so a
  /// hook that then sees the flag of that pass does not count it again.
  constexpr void rebase(uint64_t raw) { last_ = static_cast<Raw>(raw & mask()); }

  /// Account a new raw observation; returns the 64-bit total.
  constexpr uint64_t observe(uint64_t raw64) {
    const Raw raw = static_cast<Raw>(raw64 & mask());
    const Raw d = static_cast<Raw>((raw - last_) & mask());
    if (passes_flag(d)) passed_ = true;
    total_ += d;
    last_ = raw;
    return total_;
  }

  /// The observation an overflow hook makes for a counter whose flag it saw
  /// (and cleared); returns the 64-bit total. With FlagAt::kAllOnes, a counter parked on all ones (the
  /// SafeSU re-sets the flag every cycle while a counter holds all ones) is
  /// no new pass.
  constexpr uint64_t observe_flagged(uint64_t raw64) {
    const Raw raw = static_cast<Raw>(raw64 & mask());
    const Raw d = static_cast<Raw>((raw - last_) & mask());
    const bool parked = flag_at_ == FlagAt::kAllOnes && d == 0 && raw == flag_value();
    if (!passed_ && !passes_flag(d) && !parked) total_ += static_cast<uint64_t>(mask()) + 1;
    total_ += d;
    last_ = raw;
    passed_ = false;
    return total_;
  }

  /// The 64-bit total as of the last observation (events, as the counter counts).
  constexpr uint64_t total() const { return total_; }
  /// The raw hardware value last observed (masked to the width).
  constexpr uint64_t last_raw() const { return last_; }
  /// The mask of the counter's width (all ones for 32-bit Raw).
  // Always inlined: at -Os GCC outlines these one-liners, and every
  // observation would pay calls for them (measured on the CM read path).
  __attribute__((always_inline)) constexpr Raw mask() const {
    if constexpr (kFixed32) {
      return ~Raw{0};
    } else {
      // (Not low_mask64(width_ == 0 ? 64 : width_): its own >= 64 test on
      // top of this one costs 30 bytes in the RISC-V driver, 160-230 in its
      // C API.)
      return width_ == 0 ? ~Raw{0} : (Raw{1} << width_) - 1;
    }
  }
  /// The raw value at which the hardware flag sets: 0 (kWrapToZero) or mask() (kAllOnes).
  __attribute__((always_inline)) constexpr Raw flag_value() const {
    return flag_at_ == FlagAt::kAllOnes ? mask() : Raw{0};
  }

 private:
  // Does moving forward by d from last_ reach the flag point, i.e. is it in
  // (last_, last_ + d]?
  __attribute__((always_inline)) constexpr bool passes_flag(Raw d) const {
    const Raw dist = static_cast<Raw>((flag_value() - last_) & mask());
    return dist != 0 && dist <= d;
  }

  uint64_t total_;
  Raw last_;
  // The width, 1..63, or 0 for 64 bits (Raw = uint64_t); 0 and unread for
  // 32-bit Raw, whose mask is a constant. So a fresh counter of the full
  // width is all zero, and a static table of them (CM and RISC-V totals)
  // lands in .bss, with no image in flash.
  uint8_t width_;
  FlagAt flag_at_;
  bool passed_;
};

using WideCounter32 = BasicWideCounter<uint32_t>;  ///< For counters of exactly 32 bits (SafeSU, CM): 16 bytes.
using WideCounter = BasicWideCounter<uint64_t>;    ///< For any width up to 64 (RISC-V, probed at run time): 24 bytes.

}  // namespace pmu::util
