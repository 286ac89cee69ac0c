// SPDX-License-Identifier: Apache-2.0
// The CM perf model on its own: the register behaviour the driver tests
// rely on (W1C, Perf_Num_Cnt, reset bits, rates, ovf-stop, CM_PCInt level,
// the two readings of the overflow point).
#include <gtest/gtest.h>

#include "pmu_sim/cm_model.hpp"

namespace {
using pmu::models::CmPerfModel;

TEST(CmModel, ResetStateAndUnknownOffsets) {
  CmPerfModel m;
  EXPECT_EQ(m.read(CmPerfModel::kPcCtl, 4), 2u);  // Perf_Num_Cnt
  for (uint32_t off : {0x0u, 0x8u, 0x108u, 0x110u, 0x118u, 0x1ACu, 0x200u, 0x1FFCu}) {
    m.write(off, 4, 0xFFFFFFFF);
    EXPECT_EQ(m.read(off, 4), 0u) << off;
  }
  EXPECT_EQ(m.irq_outputs(), 0u);
}

TEST(CmModel, RegistersReadBackAndNumCntIsReadOnly) {
  CmPerfModel m;
  m.write(CmPerfModel::kPcCtl, 4, 0x6000000F);
  EXPECT_EQ(m.read(CmPerfModel::kPcCtl, 4), 0x60000002u);
  m.write(CmPerfModel::kPcEvent, 4, 0xFFFF1105);
  EXPECT_EQ(m.read(CmPerfModel::kPcEvent, 4), 0x1105u);
  m.write(CmPerfModel::kPcQual1, 4, 0xCAFEF00D);
  EXPECT_EQ(m.read(CmPerfModel::kPcQual1, 4), 0xCAFEF00Du);
  // A narrow read gets the whole word, as a bus slave drives it (the CPU
  // side, the runtime, takes the lanes).
  EXPECT_EQ(m.read(CmPerfModel::kPcQual1 + 2, 2), 0xCAFEF00Du);
}

TEST(CmModel, CycleCounterCountsEveryCycleWhileOn) {
  CmPerfModel m;
  m.advance(100);
  EXPECT_EQ(m.count(0), 0u);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(100);
  EXPECT_EQ(m.read(CmPerfModel::kPcCycle, 4), 100u);
  m.write(CmPerfModel::kPcCtl, 4, 0);
  m.advance(100);
  EXPECT_EQ(m.count(0), 100u);
}

TEST(CmModel, EventsAdvanceAtTheirRateIncludingFractions) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(9, 1, 3));
  ASSERT_TRUE(m.set_event_rate(16, 2));
  EXPECT_FALSE(m.set_event_rate(256, 1));
  EXPECT_FALSE(m.set_event_rate(1, 1, 0));
  m.write(CmPerfModel::kPcEvent, 4, (16u << 8) | 9u);
  m.write(CmPerfModel::kPcCtl, 4, (1u << 8) | (1u << 6));
  for (int i = 0; i < 10; ++i) m.advance(10);  // fractions carry over
  EXPECT_EQ(m.count(1), 33u);
  EXPECT_EQ(m.count(2), 200u);
  // An event with no rate never counts.
  m.write(CmPerfModel::kPcEvent, 4, 7);
  m.advance(1000);
  EXPECT_EQ(m.count(1), 33u);
}

TEST(CmModel, WrapSetsOverflowAndW1CClearsOnlyOnes) {
  CmPerfModel m;
  m.write(CmPerfModel::kPcCycle, 4, 0xFFFFFFF0u);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(0x20);
  EXPECT_EQ(m.count(0), 0x10u);
  EXPECT_EQ(m.read(CmPerfModel::kPcOv, 4), 1u);
  m.write(CmPerfModel::kPcOv, 4, 0x6);  // other bits: no effect
  EXPECT_EQ(m.ov(), 1u);
  m.write(CmPerfModel::kPcOv, 4, 0x1);
  EXPECT_EQ(m.ov(), 0u);
}

TEST(CmModel, ResetBitsZeroTheCounterAndItsOverflowBitAndReadBackZero) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(0, 1));
  m.write(CmPerfModel::kPcCnt0, 4, 0xFFFFFFFFu);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 6);
  m.advance(5);
  EXPECT_EQ(m.ov(), 2u);
  m.write(CmPerfModel::kPcCtl, 4, (1u << 7) | (1u << 6));
  EXPECT_EQ(m.count(1), 0u);
  EXPECT_EQ(m.ov(), 0u);
  EXPECT_EQ(m.read(CmPerfModel::kPcCtl, 4), (1u << 6) | 2u);
  m.advance(3);
  EXPECT_EQ(m.count(1), 3u);
}

TEST(CmModel, OvfStopStopsAllThreeCountersAtTheFirstWrap) {
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(0, 1));
  ASSERT_TRUE(m.set_event_rate(1, 3));
  m.write(CmPerfModel::kPcEvent, 4, (1u << 8) | 0u);
  m.write(CmPerfModel::kPcCnt1, 4, 0xFFFFFF00u);  // wraps first, after ~86 cycles
  m.write(CmPerfModel::kPcCtl, 4, (1u << 29) | 0x150);
  m.advance(1000);
  EXPECT_EQ(m.ov(), 4u);
  EXPECT_EQ(m.ovf_stops(), 1u);
  EXPECT_EQ(m.ctl() & 0x150u, 0u);
  const uint32_t c0 = m.count(1), c1 = m.count(2), cy = m.count(0);
  EXPECT_LT(c1, 0x10u);
  EXPECT_LT(cy, 100u);
  EXPECT_EQ(c0, cy);  // stopped on the same cycle
  m.advance(1000);
  EXPECT_EQ(m.count(1), c0);
  EXPECT_EQ(m.count(2), c1);
  EXPECT_EQ(m.count(0), cy);
}

TEST(CmModel, WithoutOvfStopCountersRollOverAndContinue) {
  CmPerfModel m;
  m.write(CmPerfModel::kPcCycle, 4, 0xFFFFFFFEu);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(uint64_t{3} << 32);  // several wraps in one step
  EXPECT_EQ(m.count(0), 0xFFFFFFFEu);
  EXPECT_EQ(m.ov(), 1u);
  EXPECT_EQ(m.ctl() & (1u << 4), 1u << 4);
}

TEST(CmModel, PcIntIsALevelGatedByPerfIntEn) {
  CmPerfModel m;
  m.write(CmPerfModel::kPcCycle, 4, 0xFFFFFFFFu);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(2);
  EXPECT_EQ(m.ov(), 1u);
  EXPECT_EQ(m.irq_outputs(), 0u);  // Int_En off
  m.write(CmPerfModel::kPcCtl, 4, (1u << 30) | (1u << 4));
  EXPECT_EQ(m.irq_outputs(), CmPerfModel::kIrqPcInt);
  EXPECT_EQ(m.irq_outputs(), CmPerfModel::kIrqPcInt);  // level, stays high
  m.write(CmPerfModel::kPcOv, 4, 1);
  EXPECT_EQ(m.irq_outputs(), 0u);
}

TEST(CmModel, CountersAreNumberedAsTheirOverflowBits) {
  // 0 cycle (CountOn 4, Reset 5), 1 P0 (6, 7), 2 P1 (8, 9), like the driver.
  CmPerfModel m;
  ASSERT_TRUE(m.set_event_rate(3, 2));
  m.write(CmPerfModel::kPcEvent, 4, (3u << 8) | 3u);
  m.write(CmPerfModel::kPcQual0, 4, 0x100);
  m.write(CmPerfModel::kPcQual1, 4, 0x200);
  EXPECT_EQ(m.qualifier(0), 0u);  // the cycle counter has none
  EXPECT_EQ(m.qualifier(1), 0x100u);
  EXPECT_EQ(m.qualifier(2), 0x200u);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 8);  // P1 only
  m.advance(10);
  EXPECT_EQ(m.count(2), 20u);
  EXPECT_EQ(m.counted(2), 20u);
  EXPECT_EQ(m.count(0), 0u);
  EXPECT_EQ(m.count(1), 0u);
  m.write(CmPerfModel::kPcCnt1, 4, 0xFFFFFFFFu);
  m.advance(1);
  EXPECT_EQ(m.ov(), 1u << 2);
  EXPECT_EQ(m.counted(2), 22u);  // the preload is not counted
  m.write(CmPerfModel::kPcCtl, 4, 1u << 9);  // Reset P1: count, total and flag to 0
  EXPECT_EQ(m.count(2), 0u);
  EXPECT_EQ(m.counted(2), 0u);
  EXPECT_EQ(m.ov(), 0u);
  EXPECT_EQ(m.count(3), 0u);  // no such counter
  EXPECT_EQ(m.counted(3), 0u);
  EXPECT_EQ(m.qualifier(3), 0u);
}

// The other reading of the overflow point (docs/hw/cm-gcr-perf.md §5.1):
// the flag sets on reaching 0xFFFFFFFF, and the wrap after it sets nothing.
TEST(CmModel, AtAllOnesTheFlagSetsOnReachingTheTopNotOnTheWrap) {
  CmPerfModel m;
  m.set_flag_point(CmPerfModel::FlagPoint::kAllOnes);
  m.write(CmPerfModel::kPcCycle, 4, 0xFFFFFFF0u);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(0xE);
  EXPECT_EQ(m.count(0), 0xFFFFFFFEu);
  EXPECT_EQ(m.ov(), 0u);
  m.advance(1);
  EXPECT_EQ(m.count(0), 0xFFFFFFFFu);
  EXPECT_EQ(m.ov(), 1u);
  m.write(CmPerfModel::kPcOv, 4, 1);
  m.advance(5);  // the wrap: no flag
  EXPECT_EQ(m.count(0), 4u);
  EXPECT_EQ(m.ov(), 0u);
  // Passed within a cycle (3 events a cycle from 0xFFFFFFFE): flagged.
  ASSERT_TRUE(m.set_event_rate(0, 3));
  m.write(CmPerfModel::kPcCnt0, 4, 0xFFFFFFFEu);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 6);
  m.advance(1);
  EXPECT_EQ(m.count(1), 1u);
  EXPECT_EQ(m.ov(), 2u);
  // Starting on 0xFFFFFFFF, the next flag is a whole period away.
  m.write(CmPerfModel::kPcOv, 4, 2);
  m.write(CmPerfModel::kPcCnt0, 4, 0xFFFFFFFFu);
  m.advance(1);
  EXPECT_EQ(m.ov(), 0u);
  m.reset();  // keeps the setting
  m.write(CmPerfModel::kPcCycle, 4, 0xFFFFFFFEu);
  m.write(CmPerfModel::kPcCtl, 4, 1u << 4);
  m.advance(1);
  EXPECT_EQ(m.ov(), 1u);
}

TEST(CmModel, AtAllOnesOvfStopHoldsTheCountersAtTheTop) {
  CmPerfModel m;
  m.set_flag_point(CmPerfModel::FlagPoint::kAllOnes);
  ASSERT_TRUE(m.set_event_rate(0, 1));
  m.write(CmPerfModel::kPcCnt0, 4, 0xFFFFFF00u);
  m.write(CmPerfModel::kPcCtl, 4, (1u << 29) | (1u << 6) | (1u << 4));
  m.advance(1000);
  EXPECT_EQ(m.count(1), 0xFFFFFFFFu);
  EXPECT_EQ(m.count(0), 0xFFu);  // stopped on the same cycle
  EXPECT_EQ(m.ov(), 2u);
  EXPECT_EQ(m.ovf_stops(), 1u);
  EXPECT_EQ(m.ctl() & 0x150u, 0u);
  // Restarted, it wraps without a flag and counts on to the next top.
  m.write(CmPerfModel::kPcOv, 4, 2);
  m.write(CmPerfModel::kPcCtl, 4, (1u << 29) | (1u << 6));
  m.advance(10);
  EXPECT_EQ(m.count(1), 9u);
  EXPECT_EQ(m.ov(), 0u);
  EXPECT_EQ(m.ovf_stops(), 1u);
  EXPECT_EQ(m.counted(1), 0xFFu + 10u);
}

}  // namespace
