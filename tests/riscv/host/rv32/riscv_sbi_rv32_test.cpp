// SPDX-License-Identifier: Apache-2.0
// The SBI counters on RV32: a raw selector's event_data is 64 bits, passed
// low half in a4 and high half in a5 (SBI specification, "Performance
// Monitoring Unit Extension"; OpenSBI joins a5:a4 on RV32), so the
// selector's bits 47:32 reach the counter's mhpmeventh.
#include <gtest/gtest.h>

#include "pmu/riscv/sbi_counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "pmu_sim/riscv_sbi_model.hpp"
#include "host/backend.hpp"
#include "../counter_config_helper.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::SBI;

static_assert(hal::kXlen == 32, "this file is built with PMU_HOST_XLEN=32");

using pmu::test::cfg;

constexpr uint64_t kSelector = 0xBEEF12345678ull;  // all 48 bits of raw data in use

TEST(RiscvSbiRv32, ARawSelectorsHighBitsGoInA5) {
  test::ExpectBackend bus;
  bus.expect({SBI(4, {3, 1, 1}), SBI(2, {3, 1, 0x20, 0x20000, 0x12345678, 0xBEEF}, 0, 3)});
  test::ScopedBackend use(bus);
  SbiCounters c(cfg(0x8));
  EXPECT_EQ(c.program(3, make_hpm_event(kSelector, inhibit::kU).value()), Status::kOk);
}

TEST(RiscvSbiRv32, ARawSelectorReachesBothHalvesOfTheEventCsr) {
  models::RiscvCsrConfig mc;
  mc.xlen = 32;
  mc.sscofpmf = true;
  mc.num_hpm = 4;
  models::RiscvCsrModel csrs(mc);
  models::SbiPmuModel sbi(&csrs, models::Priv::kS, /*raw_events=*/true);
  // What OpenSBI does before it enters S-mode: open the shadows, inhibit all.
  ASSERT_TRUE(csrs.csr_write(0x306, 0xFFFFFFFF));
  ASSERT_TRUE(csrs.csr_write(0x320, 0xFFFFFFFF));
  csrs.set_privilege(models::Priv::kS);
  test::ModelBus bus(0);
  bus.map_csr(&csrs);
  bus.map_sbi(&sbi);
  test::ScopedBackend use(bus);
  SbiCounters c(cfg(0x8));
  ASSERT_EQ(c.program(3, make_hpm_event(kSelector).value()), Status::kOk);
  EXPECT_EQ(csrs.event(3) & sbi_pmu::kRawDataMask, kSelector);
  EXPECT_EQ(csrs.illegal_accesses(), 0u);  // nothing machine-only from S-mode
}

}  // namespace
