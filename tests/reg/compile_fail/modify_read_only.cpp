// SPDX-License-Identifier: Apache-2.0
// EXPECT: modify needs a read-write register
#include "common.hpp"
void f() {
#ifdef PMU_CONTROL
  (void)cf::modify(0x1000, cf::kCtl, [](cf::Value<cf::Ctl> v) { return v; });
#else
  (void)cf::modify(0x1000, cf::kVector, [](cf::Value<cf::Vector> v) { return v; });
#endif
}
