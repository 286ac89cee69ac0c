// SPDX-License-Identifier: Apache-2.0
// EXPECT: this register is read-only
#include "common.hpp"
void f() {
#ifdef PMU_CONTROL
  cf::write(0x1000, cf::kCtl, cf::Value<cf::Ctl>{1});
#else
  cf::write(0x1000, cf::kVector, cf::Value<cf::Vector>{1});
#endif
}
