// SPDX-License-Identifier: Apache-2.0
// EXPECT: cannot convert 'Field<pmu::safesu::Cfg1>' to 'Field<pmu::safesu::Cfg0>'
// A CFG1 field cannot go into a CFG0 value.
#include "pmu/safesu/layout.hpp"
using namespace pmu::safesu;
void f() {
  pmu::reg::Value<Cfg0> v{0};
#ifdef PMU_CONTROL
  (void)v.with_flag(cfg0::kCounterEnable, true);
#else
  (void)v.with_flag(cfg1::kMccuEnable, true);
#endif
}
