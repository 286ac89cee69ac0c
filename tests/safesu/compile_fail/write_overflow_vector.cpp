// SPDX-License-Identifier: Apache-2.0
// EXPECT: this register is read-only
// The overflow vector is not W1C: writes are ignored (§2.3 of
// docs/hw/safesu.md), so writing it is a mistake the type system refuses.
#include "pmu/safesu/layout.hpp"
#include "pmu/reg/mmio_reg.hpp"
using namespace pmu::safesu;
void f() {
#ifdef PMU_CONTROL
  pmu::reg::write(0x80100000, k4c128.overflow_mask.at(0), pmu::reg::Value<OverflowMask>{1});
#else
  pmu::reg::write(0x80100000, k4c128.overflow_vector.at(0), pmu::reg::Value<OverflowVector>{1});
#endif
}
