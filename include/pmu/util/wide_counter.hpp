// Extends a narrow hardware counter to 64 bits in software (OpenSBI/Linux
// perf style): on every observation, delta = (raw - last) & mask. Nothing is
// lost as long as the counter is observed at least once per wrap period.
// After software writes the hardware counter, call restart() with the
// written value.
//
// Counters with a sticky overflow flag can also be extended by their
// overflow interrupt alone: the flag says "the raw value passed flag_value
// since the flag was last cleared". If the hook's observation does not show
// that pass (a whole period went by between two hooks, so raw - last looks
// small) and no earlier observation saw it, observe_flagged() adds the
// period. FlagAt says where the hardware flags: on the wrap to zero, or (the
// SafeSU) when the counter becomes all ones. 24 bytes: drivers keep one per
// counter, and C handles embed them.
#pragma once

#include <stdint.h>

#include "pmu/util/bits.hpp"

namespace pmu::util {

enum class FlagAt : uint8_t { kWrapToZero, kAllOnes };

class WideCounter {
 public:
  constexpr explicit WideCounter(unsigned width_bits = 32, FlagAt flag_at = FlagAt::kWrapToZero)
      : last_(0), total_(0), width_(static_cast<uint8_t>(width_bits > 64 ? 64 : width_bits)),
        flag_at_(flag_at), passed_(false) {}

  // Start (or restart) from a raw hardware value, with 'base' as the 64-bit
  // total that raw value stands for.
  constexpr void restart(uint64_t raw, uint64_t base = 0) {
    last_ = raw & mask();
    total_ = base;
    passed_ = false;
  }

  // Account a new raw observation; returns the 64-bit total.
  constexpr uint64_t observe(uint64_t raw) {
    raw &= mask();
    const uint64_t d = (raw - last_) & mask();
    if (passes_flag(d)) passed_ = true;
    total_ += d;
    last_ = raw;
    return total_;
  }

  // The observation an overflow hook makes for a counter whose flag it saw
  // (and cleared). With FlagAt::kAllOnes, a counter parked on all ones (the
  // SafeSU re-sets the flag every cycle while a counter holds all ones) is
  // no new pass.
  constexpr uint64_t observe_flagged(uint64_t raw) {
    raw &= mask();
    const uint64_t d = (raw - last_) & mask();
    const bool parked = flag_at_ == FlagAt::kAllOnes && d == 0 && raw == flag_value();
    if (!passed_ && !passes_flag(d) && !parked) total_ += mask() + 1;
    total_ += d;
    last_ = raw;
    passed_ = false;
    return total_;
  }

  constexpr uint64_t total() const { return total_; }
  constexpr uint64_t last_raw() const { return last_; }
  constexpr uint64_t mask() const { return low_mask64(width_); }
  constexpr uint64_t flag_value() const { return flag_at_ == FlagAt::kAllOnes ? mask() : 0; }

 private:
  // Does moving forward by d from last_ reach flag_ (in (last_, last_ + d])?
  constexpr bool passes_flag(uint64_t d) const {
    const uint64_t dist = (flag_value() - last_) & mask();
    return dist != 0 && dist <= d;
  }

  uint64_t last_;
  uint64_t total_;
  uint8_t width_;
  FlagAt flag_at_;
  bool passed_;
};

}  // namespace pmu::util
