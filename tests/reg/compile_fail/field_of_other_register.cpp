// SPDX-License-Identifier: Apache-2.0
// EXPECT: cannot convert 'Field<cf::Vector>' to 'Field<cf::Ctl>'
#include "common.hpp"
unsigned f() {
#ifdef PMU_CONTROL
  return cf::Value<cf::Ctl>{0}.with_flag(cf::kEnable, true).raw;
#else
  return cf::Value<cf::Ctl>{0}.with_flag(cf::kFlag0, true).raw;
#endif
}
