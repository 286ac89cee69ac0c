// SPDX-License-Identifier: Apache-2.0
// The random draws the random-sequence tests make their arguments from, at
// a fixed seed (std::mt19937_64, so a seed gives the same run everywhere).
// Each test's Args derives from it and adds its unit's edges.
#pragma once

#include <stdint.h>

#include <random>

namespace pmu::test {

class RandomArgs {
 public:
  explicit RandomArgs(uint64_t seed) : rng_(seed) {}
  uint64_t raw() { return rng_(); }
  uint32_t pick(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }
  uint64_t pick64(uint64_t n) { return rng_() % n; }
  bool coin() { return (rng_() & 1) != 0; }
  bool one_in(uint32_t n) { return pick(n) == 0; }

 private:
  std::mt19937_64 rng_;
};

}  // namespace pmu::test
