// SPDX-License-Identifier: Apache-2.0
// EXPECT: no matching function for call to 'pulse(int, const pmu::reg::Reg<cf::Ctl>&, const pmu::reg::Field<cf::Ctl>&)'
#include "common.hpp"
void f() {
#ifdef PMU_CONTROL
  (void)cf::pulse(0x1000, cf::kCtl, cf::kReset);
#else
  (void)cf::pulse(0x1000, cf::kCtl, cf::kEnable);
#endif
}
