// SPDX-License-Identifier: Apache-2.0
// EXPECT: this register is read-only
// The plug&play area is read-only: discovery cannot write it by mistake.
#include "pmu/grlib/pnp.hpp"
#include "pmu/reg/mmio_reg.hpp"
uint32_t f(uintptr_t entry) {
#ifdef PMU_CONTROL
  return pmu::reg::read(entry, pmu::grlib::kAhbEntry.bars.at(0)).raw;
#else
  pmu::reg::write(entry, pmu::grlib::kAhbEntry.bars.at(0), pmu::reg::Value<pmu::grlib::AhbBarTag>{0});
  return 0;
#endif
}
