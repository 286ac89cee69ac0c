// Extends a narrow hardware counter to 64 bits in software (OpenSBI/Linux
// perf style): on every observation, delta = (raw - last) & mask. Nothing is
// lost as long as the counter is observed (by a read or by its overflow
// interrupt) at least once per wrap period. After software writes the
// hardware counter, call restart() with the written value.
#pragma once

#include <stdint.h>

#include "pmu/util/bits.hpp"

namespace pmu::util {

class WideCounter {
 public:
  constexpr explicit WideCounter(unsigned width_bits = 32)
      : mask_(low_mask64(width_bits)), last_(0), total_(0) {}

  // Start (or restart) from a raw hardware value, with 'base' as the 64-bit
  // total that raw value stands for.
  constexpr void restart(uint64_t raw, uint64_t base = 0) {
    last_ = raw & mask_;
    total_ = base;
  }

  // Account a new raw observation; returns the 64-bit total.
  constexpr uint64_t observe(uint64_t raw) {
    raw &= mask_;
    total_ += (raw - last_) & mask_;
    last_ = raw;
    return total_;
  }

  constexpr uint64_t total() const { return total_; }
  constexpr uint64_t last_raw() const { return last_; }
  constexpr uint64_t mask() const { return mask_; }

 private:
  uint64_t mask_;
  uint64_t last_;
  uint64_t total_;
};

}  // namespace pmu::util
