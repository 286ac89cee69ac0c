// SPDX-License-Identifier: Apache-2.0
// Period jitter for sampling: a 16-bit Galois LFSR (taps 16,14,13,11:
// maximal length, 65535 states) spreads the periods over
// [period - 2^(bits-1), period + 2^(bits-1) - 1], so samples do not fall in
// lock-step with a loop whose length divides the period. The mean period
// stays 'period' within half an event. A few instructions, no multiply.
#pragma once

#include <stdint.h>

namespace pmu::profile {

class Jitter {
 public:
  // bits = 0: every period is 'period'.
  constexpr Jitter(uint64_t period = 0, uint8_t bits = 0, uint16_t seed = 0xACE1u)
      : period_(period), mask_(bits == 0 ? 0 : static_cast<uint16_t>((1u << bits) - 1)),
        half_(bits == 0 ? 0 : static_cast<uint16_t>(1u << (bits - 1))), lfsr_(seed == 0 ? 0xACE1u : seed) {}

  // Always inlined: it runs in the overflow hook, where a call costs more
  // than its six instructions.
  __attribute__((always_inline)) constexpr uint64_t next() {
    if (mask_ == 0) return period_;
    lfsr_ = static_cast<uint16_t>((lfsr_ >> 1) ^ (-(lfsr_ & 1u) & 0xB400u));
    return period_ - half_ + (lfsr_ & mask_);
  }

  constexpr uint64_t period() const { return period_; }
  constexpr uint16_t state() const { return lfsr_; }

 private:
  uint64_t period_;
  uint16_t mask_;
  uint16_t half_;
  uint16_t lfsr_;
};

}  // namespace pmu::profile
