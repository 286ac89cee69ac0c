// SPDX-License-Identifier: Apache-2.0
// EXPECT: a W1C register is cleared with clear_w1c
// GCR_DB_PC_OV is write-1-to-clear: a plain write of it does not compile.
#include "pmu/cm/layout.hpp"
#include "pmu/reg/mmio_reg.hpp"
void f(uintptr_t gdb) {
#ifdef PMU_CONTROL
  pmu::reg::clear_w1c(gdb, pmu::cm::kRegs.ov, pmu::cm::kP0Mask);
#else
  pmu::reg::write(gdb, pmu::cm::kRegs.ov, pmu::reg::Value<pmu::cm::PcOvTag>{pmu::cm::kP0Mask});
#endif
}
