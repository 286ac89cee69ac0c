// SPDX-License-Identifier: Apache-2.0
// The counter-file configuration most RISC-V host tests build: these
// counters, Sscofpmf unless told otherwise, the overflow vector from
// scountovf unless told otherwise.
#pragma once

#include <stdint.h>

#include "pmu/riscv/counter_config.hpp"

namespace pmu::test {

inline pmu::riscv::CounterConfig cfg(uint32_t counters, bool sscofpmf = true,
                                     pmu::riscv::OverflowSource src = pmu::riscv::OverflowSource::kScountovf) {
  pmu::riscv::CounterConfig c;
  c.counters = counters;
  c.sscofpmf = sscofpmf;
  c.overflow_source = src;
  return c;
}

}  // namespace pmu::test
