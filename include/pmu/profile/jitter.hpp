// SPDX-License-Identifier: Apache-2.0
/// @file
/// Period jitter for sampling: spreads the periods over
/// [period - 2^(bits-1), period + 2^(bits-1) - 1], so samples do not fall
/// in lock-step with a loop whose length divides the period. The mean
/// period stays `period` within half an event. The generator is xorshift32
/// (Marsaglia; period 2^32 - 1) and the jitter its top bits: successive
/// periods are independent. (A 16-bit shift register's low bits are not:
/// each value is about half the previous one, and that correlation left an
/// S-mode profile 2 points off where this one is within 1.) Six shifts and
/// xors, no multiply.
#pragma once

#include <stdint.h>

namespace pmu::profile {

/// The period generator of the Sampler (docs/profiling.md, "Sampler").
class Jitter {
 public:
  /// bits = 0: every period is `period`. `seed` picks the sequence (0 is
  /// as good as any other value).
  constexpr Jitter(uint64_t period = 0, uint8_t bits = 0, uint16_t seed = 0xACE1u)
      : period_(period), mask_(bits == 0 ? 0 : static_cast<uint16_t>((1u << bits) - 1)),
        half_(bits == 0 ? 0 : static_cast<uint16_t>(1u << (bits - 1))), state_(kStateBase ^ seed) {}

  /// The next period. Always inlined: it runs in the overflow hook, where a
  /// call costs more than its eight instructions.
  __attribute__((always_inline)) constexpr uint64_t next() {
    if (mask_ == 0) return period_;
    uint32_t x = state_;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    state_ = x;
    return period_ - half_ + ((x >> 16) & mask_);
  }

  /// The mean period.
  constexpr uint64_t period() const { return period_; }
  /// The generator's state (never 0).
  constexpr uint32_t state() const { return state_; }

 private:
  // Any seed gives a non-zero state (xorshift stays at 0 once there).
  static constexpr uint32_t kStateBase = 0x9E3779B9u;
  uint64_t period_;
  uint16_t mask_;
  uint16_t half_;
  uint32_t state_;
};

}  // namespace pmu::profile
