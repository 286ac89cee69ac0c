// SPDX-License-Identifier: Apache-2.0
// Exact instruction counts on the RISC-V QEMU boards (-icount shift=0, so
// minstret counts retired instructions exactly). The unit's registers are
// backed by plain RAM, so no trap is included in a figure. Each figure is
// printed as one line: "bench <unit>.<operation> <metric>=<value> ...".
#pragma once

#include <stdint.h>

#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

namespace bench {

inline uint32_t instret() {
  uintptr_t v;
  __asm__ volatile("csrr %0, minstret" : "=r"(v)::"memory");
  return static_cast<uint32_t>(v);
}

// Instructions retired by fn(), minus the cost of measuring nothing.
template <typename Fn>
uint32_t count(Fn fn) {
  const uint32_t e0 = instret();
  const uint32_t e1 = instret();
  const uint32_t overhead = e1 - e0;
  const uint32_t t0 = instret();
  fn();
  const uint32_t t1 = instret();
  return t1 - t0 - overhead;
}

// A register window in RAM standing in for a unit.
template <unsigned Words>
struct RamRegs {
  alignas(256) volatile uint32_t words[Words];
  uintptr_t base() const { return reinterpret_cast<uintptr_t>(&words[0]); }
};

inline void report(const char* what, const char* metric, uint32_t value) {
  harness::printf("bench %s %s=%u\n", what, metric, static_cast<unsigned>(value));
}

}  // namespace bench
