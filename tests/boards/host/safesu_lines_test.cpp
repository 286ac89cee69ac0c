// SPDX-License-Identifier: Apache-2.0
// The SafeSU wrapper versions' interrupt numbers (include/pmu/safesu/
// wrapper_irq.hpp, docs/hw/safesu.md §3.7) and the board records built from
// them (boards/common/board_instances.hpp).
#include <gtest/gtest.h>

#include "../../../boards/common/board_instances.hpp"

namespace {
using board::kNotWired;
using board::SafesuInstance;
using pmu::safesu::Wrapper;
using pmu::safesu::wrapper_fits;
using pmu::safesu::wrapper_irqs;

TEST(SafesuWrapperLines, VersionAIsTheManualsFourCpuNumbering) {
  const auto a = wrapper_irqs(Wrapper::kA, 4);
  EXPECT_EQ(a.overflow, 6);
  EXPECT_EQ(a.quota, 12);
  EXPECT_EQ(a.rdc, 11);
  EXPECT_EQ(a.mccu0, 7);  // cores 0..3 on 7..10
  EXPECT_TRUE(wrapper_fits(Wrapper::kA, 4));
  EXPECT_FALSE(wrapper_fits(Wrapper::kA, 6));  // MCCU 4 and 5 would land on RDC and quota
}

TEST(SafesuWrapperLines, VersionsBAndCPutTheMccuLinesBelowTheOverflowLine) {
  for (Wrapper w : {Wrapper::kB, Wrapper::kC}) {
    EXPECT_EQ(wrapper_irqs(w, 4).overflow, 10);
    EXPECT_EQ(wrapper_irqs(w, 4).quota, 12);
    EXPECT_EQ(wrapper_irqs(w, 4).rdc, 11);
    EXPECT_EQ(wrapper_irqs(w, 4).mccu0, 6);  // 4 cores -> 6..9
    EXPECT_EQ(wrapper_irqs(w, 6).mccu0, 4);  // 6 cores -> 4..9
    EXPECT_TRUE(wrapper_fits(w, 2));
    EXPECT_TRUE(wrapper_fits(w, 6));
    EXPECT_FALSE(wrapper_fits(w, 7));
    EXPECT_FALSE(wrapper_fits(w, 1));
  }
}

TEST(SafesuWrapperLines, BoardLinesAreTheWrappersMovedByTheOffset) {
  const auto l = board::safesu_lines(wrapper_irqs(Wrapper::kB, 6), 16);
  EXPECT_EQ(l.overflow, 26);
  EXPECT_EQ(l.quota, 28);
  EXPECT_EQ(l.rdc, 27);
  EXPECT_EQ(l.mccu0, 20);
}

TEST(SafesuWrapperLines, MccuLineOfACoreTheBuildLacksIsNotWired) {
  constexpr SafesuInstance su{0x80100000, 4, 128, board::safesu_lines(wrapper_irqs(Wrapper::kA, 4))};
  static_assert(su.mccu_line(3) == 10, "core 3 on 7 + 3");
  EXPECT_EQ(su.mccu_line(4), kNotWired);
  constexpr SafesuInstance unwired{0x80100000, 6, 256, {kNotWired, kNotWired, kNotWired, kNotWired}};
  EXPECT_EQ(unwired.mccu_line(0), kNotWired);
}

}  // namespace
