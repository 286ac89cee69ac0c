// SPDX-License-Identifier: Apache-2.0
// EXPECT: a W1C register is cleared with clear_w1c
#include "common.hpp"
void f() {
#ifdef PMU_CONTROL
  cf::clear_w1c(0x1000, cf::kPending, 1);
#else
  cf::write(0x1000, cf::kPending, cf::Value<cf::Pending>{1});
#endif
}
