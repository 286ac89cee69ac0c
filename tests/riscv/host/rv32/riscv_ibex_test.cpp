// SPDX-License-Identifier: Apache-2.0
// The Ibex profile on RV32 against the Ibex-mode model (RTL facts).
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ibex.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CR;

models::RiscvCsrModel ibex_model(unsigned num, unsigned width) {
  models::RiscvCsrConfig mc;
  mc.xlen = 32;
  mc.ibex = true;
  mc.num_hpm = num;
  mc.width = width;
  return models::RiscvCsrModel(mc);
}

TEST(RiscvIbex, EventNamesAndCounterMapping) {
  EXPECT_STREQ(ibex::event_name(0), "NumCycles");
  EXPECT_EQ(ibex::event_name(1), nullptr);
  EXPECT_STREQ(ibex::event_name(12), "NumCyclesDivWait");
  EXPECT_EQ(ibex::event_name(13), nullptr);
  const ibex::Config c{3, 40};
  EXPECT_EQ(ibex::counter_for_event(0, c).value(), 0u);
  EXPECT_EQ(ibex::counter_for_event(2, c).value(), 2u);
  EXPECT_EQ(ibex::counter_for_event(5, c).value(), 5u);
  EXPECT_EQ(ibex::counter_for_event(6, c).status(), Status::kUnavailable);
  EXPECT_EQ(ibex::counter_for_event(1, c).status(), Status::kBadArg);
  EXPECT_EQ(ibex::counter_for_event(13, c).status(), Status::kBadArg);
  static_assert(ibex::counter_mask(10) == 0x1FFD);
  static_assert(ibex::counter_mask(0) == 0x5);
  EXPECT_FALSE(ibex::valid(ibex::Config{11, 40}));
  EXPECT_FALSE(ibex::valid(ibex::Config{10, 65}));
  EXPECT_FALSE(ibex::valid(ibex::Config{10, 0}));
}

TEST(RiscvIbex, DiscoverTreatsNonZeroAsImplementedWhateverTheValue) {
  auto model = ibex_model(10, 40);
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ibex::IbexCounters c(ibex::Config{10, 40});
  EXPECT_EQ(c.discover().value(), 0x1FFDu);
  // The RTL's one-hot values (1 << (i-3)), not the doc's (1 << event id).
  EXPECT_EQ(bus.log[0], CR(0x323, 0x1));
  EXPECT_EQ(bus.log[9], CR(0x32C, 0x200));
  ibex::IbexCounters wrong(ibex::Config{4, 40});
  EXPECT_EQ(wrong.discover().status(), Status::kMismatch);
}

TEST(RiscvIbex, NarrowCounterWrapsAtItsWidthAndExtends) {
  auto model = ibex_model(3, 40);
  model.set_event_rate(5, 1);  // NumLoads, counted by mhpmcounter5
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ibex::IbexCounters c(ibex::Config{3, 40});
  ASSERT_EQ(c.stop(0x20), Status::kOk);
  ASSERT_EQ(c.write(5, 0xFFFFFFFFF0ull), Status::kOk);
  ASSERT_EQ(c.init(), Status::kOk);
  ASSERT_EQ(c.start(0x20), Status::kOk);
  bus.advance(100);
  const uint64_t raw = c.read_event(ibex::Event::kNumLoads).value();
  EXPECT_LT(raw, 0x100u);  // wrapped at 2^40
  EXPECT_EQ(model.wraps(5), 1u);
  const uint64_t ext = c.read_extended(5).value();
  EXPECT_GT(ext, 100u);
  EXPECT_LT(ext, 0x120u);
}

TEST(RiscvIbex, HighHalfOfA40BitCounterHoldsOnly8Bits) {
  auto model = ibex_model(1, 40);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ibex::IbexCounters c(ibex::Config{1, 40});
  ASSERT_EQ(c.write(3, ~uint64_t{0}), Status::kOk);
  EXPECT_EQ(c.read(3).value(), 0xFFFFFFFFFFull);
}

TEST(RiscvIbex, UnimplementedCountersAreRejectedByTheDriverAndReadZeroOnTheModel) {
  auto model = ibex_model(2, 40);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  uint64_t v = 1;
  EXPECT_TRUE(model.csr_read(0xB0C, &v));
  EXPECT_EQ(v, 0u);
  EXPECT_TRUE(model.csr_write(0x323, 0x40));  // hard-wired: ignored, no trap
  EXPECT_TRUE(model.csr_read(0x323, &v));
  EXPECT_EQ(v, 1u);
  EXPECT_FALSE(model.csr_read(0x723, &v));    // mhpmevent3h: illegal on Ibex
  model.csr_write(0x320, ~uint64_t{0});
  EXPECT_EQ(model.inhibit(), 0x1Du);
  test::NoAccessBackend none;
  test::ScopedBackend use2(none);
  ibex::IbexCounters c(ibex::Config{2, 40});
  EXPECT_EQ(c.read(5).status(), Status::kBadArg);
  EXPECT_EQ(c.read_event(ibex::Event::kNumLoads).status(), Status::kUnavailable);
  EXPECT_EQ(c.start(0x20), Status::kBadArg);
  ibex::IbexCounters bad(ibex::Config{11, 40});
  EXPECT_EQ(bad.init(), Status::kBadArg);
  EXPECT_EQ(bad.discover().status(), Status::kBadArg);
  EXPECT_EQ(bad.read(0).status(), Status::kBadArg);
}
}  // namespace
