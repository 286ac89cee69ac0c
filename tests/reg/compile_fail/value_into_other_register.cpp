// SPDX-License-Identifier: Apache-2.0
// EXPECT: no matching function for call to 'write(int, const pmu::reg::Reg<cf::Ctl>&, pmu::reg::Value<cf::Doorbell>)'
#include "common.hpp"
void f() {
#ifdef PMU_CONTROL
  cf::write(0x1000, cf::kCtl, cf::Value<cf::Ctl>{1});
#else
  cf::write(0x1000, cf::kCtl, cf::Value<cf::Doorbell>{1});
#endif
}
