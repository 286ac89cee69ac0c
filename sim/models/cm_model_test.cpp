// SPDX-License-Identifier: Apache-2.0
// The CM perf model on its own: the register behaviour the driver tests
// rely on (W1C, Perf_Num_Cnt, reset bits, rates, ovf-stop, CM_PCInt level).
#include <gtest/gtest.h>

#include "pmu_sim/cm_model.hpp"

namespace {
using pmu::models::CmPerfModel;

TEST(CmModel, ResetStateAndUnknownOffsets) {
  CmPerfModel m;
  EXPECT_EQ(m.read(CmPerfModel::kCtl, 4), 2u);  // Perf_Num_Cnt
  for (uint32_t off : {0x0u, 0x8u, 0x108u, 0x110u, 0x118u, 0x1ACu, 0x200u, 0x1FFCu}) {
    m.write(off, 4, 0xFFFFFFFF);
    EXPECT_EQ(m.read(off, 4), 0u) << off;
  }
  EXPECT_EQ(m.irq_outputs(), 0u);
}

TEST(CmModel, RegistersReadBackAndNumCntIsReadOnly) {
  CmPerfModel m;
  m.write(CmPerfModel::kCtl, 4, 0x6000000F);
  EXPECT_EQ(m.read(CmPerfModel::kCtl, 4), 0x60000002u);
  m.write(CmPerfModel::kEvent, 4, 0xFFFF1105);
  EXPECT_EQ(m.read(CmPerfModel::kEvent, 4), 0x1105u);
  m.write(CmPerfModel::kQual1, 4, 0xCAFEF00D);
  EXPECT_EQ(m.read(CmPerfModel::kQual1, 4), 0xCAFEF00Du);
  EXPECT_EQ(m.read(CmPerfModel::kQual1 + 2, 2), 0xCAFEu);
}

TEST(CmModel, CycleCounterCountsEveryCycleWhileOn) {
  CmPerfModel m;
  m.advance(100);
  EXPECT_EQ(m.cycle(), 0u);
  m.write(CmPerfModel::kCtl, 4, 1u << 4);
  m.advance(100);
  EXPECT_EQ(m.read(CmPerfModel::kCycle, 4), 100u);
  m.write(CmPerfModel::kCtl, 4, 0);
  m.advance(100);
  EXPECT_EQ(m.cycle(), 100u);
}

TEST(CmModel, EventsAdvanceAtTheirRateIncludingFractions) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(9, 1, 3));
  ASSERT_TRUE(m.set_event_rate(16, 2));
  EXPECT_FALSE(m.set_event_rate(256, 1));
  EXPECT_FALSE(m.set_event_rate(1, 1, 0));
  m.write(CmPerfModel::kEvent, 4, (16u << 8) | 9u);
  m.write(CmPerfModel::kCtl, 4, (1u << 8) | (1u << 6));
  for (int i = 0; i < 10; ++i) m.advance(10);  // fractions carry over
  EXPECT_EQ(m.count(0), 33u);
  EXPECT_EQ(m.count(1), 200u);
  // An event with no rate never counts.
  m.write(CmPerfModel::kEvent, 4, 7);
  m.advance(1000);
  EXPECT_EQ(m.count(0), 33u);
}

TEST(CmModel, WrapSetsOverflowAndW1CClearsOnlyOnes) {
  CmPerfModel m;
  m.write(CmPerfModel::kCycle, 4, 0xFFFFFFF0u);
  m.write(CmPerfModel::kCtl, 4, 1u << 4);
  m.advance(0x20);
  EXPECT_EQ(m.cycle(), 0x10u);
  EXPECT_EQ(m.read(CmPerfModel::kOv, 4), 1u);
  m.write(CmPerfModel::kOv, 4, 0x6);  // other bits: no effect
  EXPECT_EQ(m.ov(), 1u);
  m.write(CmPerfModel::kOv, 4, 0x1);
  EXPECT_EQ(m.ov(), 0u);
}

TEST(CmModel, ResetBitsZeroTheCounterAndItsOverflowBitAndReadBackZero) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(0, 1));
  m.write(CmPerfModel::kCnt0, 4, 0xFFFFFFFFu);
  m.write(CmPerfModel::kCtl, 4, 1u << 6);
  m.advance(5);
  EXPECT_EQ(m.ov(), 2u);
  m.write(CmPerfModel::kCtl, 4, (1u << 7) | (1u << 6));
  EXPECT_EQ(m.count(0), 0u);
  EXPECT_EQ(m.ov(), 0u);
  EXPECT_EQ(m.read(CmPerfModel::kCtl, 4), (1u << 6) | 2u);
  m.advance(3);
  EXPECT_EQ(m.count(0), 3u);
}

TEST(CmModel, OvfStopStopsAllThreeCountersAtTheFirstWrap) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(0, 1));
  ASSERT_TRUE(m.set_event_rate(1, 3));
  m.write(CmPerfModel::kEvent, 4, (1u << 8) | 0u);
  m.write(CmPerfModel::kCnt1, 4, 0xFFFFFF00u);  // wraps first, after ~86 cycles
  m.write(CmPerfModel::kCtl, 4, (1u << 29) | 0x150);
  m.advance(1000);
  EXPECT_EQ(m.ov(), 4u);
  EXPECT_EQ(m.ovf_stops(), 1u);
  EXPECT_EQ(m.ctl() & 0x150u, 0u);
  const uint32_t c0 = m.count(0), c1 = m.count(1), cy = m.cycle();
  EXPECT_LT(c1, 0x10u);
  EXPECT_LT(cy, 100u);
  EXPECT_EQ(c0, cy);  // stopped on the same cycle
  m.advance(1000);
  EXPECT_EQ(m.count(0), c0);
  EXPECT_EQ(m.count(1), c1);
  EXPECT_EQ(m.cycle(), cy);
}

TEST(CmModel, WithoutOvfStopCountersRollOverAndContinue) {
  CmPerfModel m;
  m.write(CmPerfModel::kCycle, 4, 0xFFFFFFFEu);
  m.write(CmPerfModel::kCtl, 4, 1u << 4);
  m.advance(uint64_t{3} << 32);  // several wraps in one step
  EXPECT_EQ(m.cycle(), 0xFFFFFFFEu);
  EXPECT_EQ(m.ov(), 1u);
  EXPECT_EQ(m.ctl() & (1u << 4), 1u << 4);
}

TEST(CmModel, PcIntIsALevelGatedByPerfIntEn) {
  CmPerfModel m;
  m.write(CmPerfModel::kCycle, 4, 0xFFFFFFFFu);
  m.write(CmPerfModel::kCtl, 4, 1u << 4);
  m.advance(2);
  EXPECT_EQ(m.ov(), 1u);
  EXPECT_EQ(m.irq_outputs(), 0u);  // Int_En off
  m.write(CmPerfModel::kCtl, 4, (1u << 30) | (1u << 4));
  EXPECT_EQ(m.irq_outputs(), CmPerfModel::kIrqPcInt);
  EXPECT_EQ(m.irq_outputs(), CmPerfModel::kIrqPcInt);  // level, stays high
  m.write(CmPerfModel::kOv, 4, 1);
  EXPECT_EQ(m.irq_outputs(), 0u);
}

}  // namespace
