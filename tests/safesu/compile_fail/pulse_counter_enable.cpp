// SPDX-License-Identifier: Apache-2.0
// EXPECT: no matching function for call to 'pulse(
// Only CFG0's soft resets are pulse bits; the counter enable is a level
// the driver keeps, so it cannot be pulsed.
#include "pmu/safesu/layout.hpp"
#include "pmu/reg/mmio_reg.hpp"
using namespace pmu::safesu;
void f() {
#ifdef PMU_CONTROL
  (void)pmu::reg::pulse(0x80100000, k4c128.cfg0, cfg0::kOverflowSoftReset);
#else
  (void)pmu::reg::pulse(0x80100000, k4c128.cfg0, cfg0::kCounterEnable);
#endif
}
