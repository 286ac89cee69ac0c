// SPDX-License-Identifier: Apache-2.0
// EXPECT: this register is write-only
#include "common.hpp"
unsigned f() {
#ifdef PMU_CONTROL
  return cf::read(0x1000, cf::kVector).raw;
#else
  return cf::read(0x1000, cf::kDoorbell).raw;
#endif
}
