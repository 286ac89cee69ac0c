// SPDX-License-Identifier: Apache-2.0
// The GRLIB IRQMP driver (boards/common/grlib/irqmp.*): exact register
// sequences for CPU 0, and bad lines touch nothing.
#include <gtest/gtest.h>

// Board code is not part of libpmu: the test compiles the driver directly.
#include "../../../boards/common/grlib/irqmp.cpp"
#include "host/backend.hpp"

namespace {
using board::grlib::Irqmp;
using namespace pmu::test;  // ExpectBackend, NoAccessBackend, R, W, ScopedBackend

constexpr uintptr_t kBase = 0x80000200;  // docs/hw/grlib-leon3-qemu.md §6.3
constexpr Irqmp kIrqmp(kBase);

TEST(GrlibIrqmp, ResetMasksEverythingAndDropsForcedAndPendingLevels) {
  ExpectBackend b;
  b.expect({W(kBase + 0x40, 0), W(kBase + 0x08, 0), W(kBase + 0x0C, 0xFFFE)});
  ScopedBackend use(b);
  kIrqmp.reset();
}

TEST(GrlibIrqmp, UnmaskAndMaskChangeOneBitOfTheCpu0Mask) {
  ExpectBackend b;
  b.expect({R(kBase + 0x40, 0x0040), W(kBase + 0x40, 0x0840),    // unmask 11, 6 stays
            R(kBase + 0x40, 0x0840), W(kBase + 0x40, 0x0800)});  // mask 6, 11 stays
  ScopedBackend use(b);
  EXPECT_EQ(kIrqmp.unmask(11), pmu::Status::kOk);
  EXPECT_EQ(kIrqmp.mask(6), pmu::Status::kOk);
}

TEST(GrlibIrqmp, ForceAndUnforceUseTheCpu0ForceRegister) {
  // +0x80: bit n sets level n, bit 16 + n drops it; +0x08 would replace the
  // whole force word and lose a level forced just before.
  ExpectBackend b;
  b.expect({W(kBase + 0x80, 1u << 10), W(kBase + 0x80, 1u << 26)});
  ScopedBackend use(b);
  EXPECT_EQ(kIrqmp.force(10), pmu::Status::kOk);
  EXPECT_EQ(kIrqmp.unforce(10), pmu::Status::kOk);
}

TEST(GrlibIrqmp, ClearAndPending) {
  ExpectBackend b;
  b.expect({W(kBase + 0x0C, 1u << 15), R(kBase + 0x04, 0x0080), R(kBase + 0x04, 0x0080)});
  ScopedBackend use(b);
  EXPECT_EQ(kIrqmp.clear(15), pmu::Status::kOk);
  EXPECT_TRUE(kIrqmp.pending(7).value());
  EXPECT_FALSE(kIrqmp.pending(8).value());
}

TEST(GrlibIrqmp, BadLinesTouchNothing) {
  // Level 0 does not exist; 16 and up are not interrupt levels.
  NoAccessBackend none;
  ScopedBackend use(none);
  for (unsigned line : {0u, 16u, 31u, 0xFFu}) {
    EXPECT_EQ(kIrqmp.unmask(line), pmu::Status::kBadArg);
    EXPECT_EQ(kIrqmp.mask(line), pmu::Status::kBadArg);
    EXPECT_EQ(kIrqmp.force(line), pmu::Status::kBadArg);
    EXPECT_EQ(kIrqmp.unforce(line), pmu::Status::kBadArg);
    EXPECT_EQ(kIrqmp.clear(line), pmu::Status::kBadArg);
    EXPECT_EQ(kIrqmp.pending(line).status(), pmu::Status::kBadArg);
  }
  EXPECT_TRUE(Irqmp::line_ok(1));
  EXPECT_TRUE(Irqmp::line_ok(15));
}

}  // namespace
