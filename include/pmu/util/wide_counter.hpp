// SPDX-License-Identifier: Apache-2.0
// Extends a narrow hardware counter to 64 bits in software (OpenSBI/Linux
// perf style): on every observation, delta = (raw - last) & mask. Nothing is
// lost as long as the counter is observed at least once per wrap period.
// After software writes the hardware counter, call restart() with the
// written value.
//
// Counters with a sticky overflow flag can also be extended by their
// overflow interrupt alone: the flag says "the raw value passed the flag
// point since the flag was last cleared". If an observation made while the
// flag is set does not show that pass (a whole period went by, so
// raw - last looks small) and no earlier observation saw it, the period is
// added, once per setting of the flag: observe_flagged() for the hook that
// clears the flag, observe_flag_set() for a read that leaves it set. A flag
// software clears or sets by itself (not a pass) is told with
// flag_cleared() and flag_occupied(), after an observation. FlagAt says
// where the hardware flags: on the wrap to zero (RISC-V Sscofpmf), or at
// either the wrap or all ones (the CM, whose documents differ). The SafeSU,
// which flags at all ones and clears every flag at once, keeps its own
// totals (pmu/safesu/totals.hpp: one epoch for all the flags).
//
// Two shapes: BasicWideCounter<uint32_t> for counters that are exactly 32
// bits (the CM: 32-bit arithmetic, which RV32 and LEON3 do in single
// instructions, 16 bytes) and WideCounter for any width up to 64 (RISC-V
// counters, whose width is probed at run time; 24 bytes).
#pragma once

#include <stdint.h>

#include "pmu/util/bits.hpp"

namespace pmu::util {

/// Where a counter's hardware overflow flag sets.
enum class FlagAt : uint8_t {
  kWrapToZero,     ///< On the wrap from all ones to zero (RISC-V Sscofpmf).
  kAllOnesOrWrap,  ///< At either: reaching all ones or wrapping passes it (the CM).
};

/// A narrow hardware counter extended to a 64-bit total (this header's scheme); Raw is the
/// stored raw word (uint32_t: exactly 32 bits; uint64_t: any width up to 64),
/// kFlagAt where its hardware flag sets (a constant: every test of it folds,
/// and a fresh counter stays all zero).
template <typename Raw, FlagAt kFlagAt = FlagAt::kWrapToZero>
class BasicWideCounter {
  static constexpr bool kFixed32 = sizeof(Raw) == 4;

 public:
  /// A counter of width_bits bits, 1..64 (ignored for 32-bit Raw; 0 or
  /// more than 64 is 64); total 0.
  constexpr explicit BasicWideCounter(unsigned width_bits = kFixed32 ? 32 : 64)
      : total_(0), last_(0), width_(static_cast<uint8_t>(kFixed32 || width_bits >= 64 ? 0 : width_bits)),
        passed_(false) {}

  /// Start (or restart) from a raw hardware value, with 'base' as the 64-bit
  /// total that raw value stands for. flag_set: the hardware flag is set
  /// now, so it stands for no pass of the new total.
  constexpr void restart(uint64_t raw, uint64_t base = 0, bool flag_set = false) {
    last_ = static_cast<Raw>(raw & mask());
    total_ = base;
    passed_ = flag_set;
  }

  /// Software wrote 'raw' into the hardware counter (a preload): later deltas
  /// start there. The total stays, and so does a pass already counted, so a
  /// hook that then sees the flag of that pass does not count it again.
  constexpr void rebase(uint64_t raw) { last_ = static_cast<Raw>(raw & mask()); }

  /// Account a new raw observation; returns the 64-bit total.
  constexpr uint64_t observe(uint64_t raw64) {
    const Raw raw = static_cast<Raw>(raw64 & mask());
    const Raw d = static_cast<Raw>((raw - last_) & mask());
    if (passes_flag(raw, d)) passed_ = true;
    total_ += d;
    last_ = raw;
    return total_;
  }

  /// An observation made while the flag reads set, which stays set (a read);
  /// returns the 64-bit total. The pass that set the flag is counted once:
  /// here if neither this delta nor an earlier observation showed it.
  constexpr uint64_t observe_flag_set(uint64_t raw64) {
    (void)observe(raw64);
    flag_seen();
    return total_;
  }

  /// The observation an overflow hook makes for a counter whose flag it saw
  /// and clears next; returns the 64-bit total (observe_flag_set(), then
  /// flag_cleared()).
  constexpr uint64_t observe_flagged(uint64_t raw64) {
    const uint64_t total = observe_flag_set(raw64);
    passed_ = false;
    return total;
  }

  /// The flag read set at the last observation (observe()), and stays set:
  /// the pass that set it counts once, here if neither that observation nor
  /// an earlier one showed it (observe() notes a pass its delta shows).
  constexpr void flag_seen() {
    if (!passed_) total_ += static_cast<uint64_t>(mask()) + 1;
    passed_ = true;
  }
  /// Software cleared the flag (after an observation): the next setting of
  /// the flag is a new pass.
  constexpr void flag_cleared() { passed_ = false; }
  /// Software set the flag, or found it set by no pass it must count (after
  /// an observation): while it stays set it stands for no pass.
  constexpr void flag_occupied() { passed_ = true; }

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

 private:
  // Does moving forward by d from last_ to raw reach the flag point, i.e.
  // is it in (last_, last_ + d]? The wrap: last_ + d carries past mask(), so
  // raw lands below last_. All ones or the wrap: last_ + d reaches mask()
  // (from all ones, any step wraps; d == 0 reaches nothing). One compare
  // each, where testing the two points' distances took two or four: this
  // runs in every observation (reads, hooks, clears).
  __attribute__((always_inline)) constexpr bool passes_flag(Raw raw, Raw d) const {
    if constexpr (kFlagAt == FlagAt::kWrapToZero) {
      return raw < last_;
    } else {
      return d != 0 && static_cast<Raw>(mask() - last_) <= d;
    }
  }

  uint64_t total_;
  Raw last_;
  // The width, 1..63, or 0 for 64 bits (Raw = uint64_t); 0 and unread for
  // 32-bit Raw, whose mask is a constant. So a fresh counter of the full
  // width is all zero, and a static table of them (CM and RISC-V totals)
  // lands in .bss, with no image in flash.
  uint8_t width_;
  // The flag's pass since it was last cleared is counted (or the flag was
  // set by no pass): an observation while it is set adds no period.
  bool passed_;
};

using WideCounter32 = BasicWideCounter<uint32_t>;  ///< For counters of exactly 32 bits flagging on the wrap: 16 bytes.
using WideCounter = BasicWideCounter<uint64_t>;    ///< For any width up to 64 (RISC-V, probed at run time): 24 bytes.

}  // namespace pmu::util
