// SPDX-License-Identifier: Apache-2.0
// The board PLIC helper (boards/common/riscv/plic.*): exact register
// sequences, and the two reference-driver defects it must not repeat
// (docs/hw/safesu.md §5.2, items 10 and 11): disabling one source keeps every
// other enable bit, enabling one source ORs one bit in, and complete writes
// back the ID claim returned.
#include <gtest/gtest.h>

// Board code is not part of libpmu; the test compiles the helper directly.
#include "../../../boards/common/riscv/plic.cpp"
#include "host/backend.hpp"

namespace {
using board::riscv::Plic;
using board::riscv::PlicMode;
using board::riscv::grlib_plic_context;
using pmu::Status;
using pmu::test::ExpectBackend;
using pmu::test::NoAccessBackend;
using pmu::test::R;
using pmu::test::ScopedBackend;
using pmu::test::W;

constexpr uintptr_t kBase = 0xF8000000;
constexpr Plic kPlic(kBase, 32, 24);  // SELENE: 24 contexts, 32 sources

TEST(BoardPlic, GrlibContextNumbering) {
  static_assert(grlib_plic_context(0, PlicMode::kMachine) == 0);
  static_assert(grlib_plic_context(1, PlicMode::kMachine) == 4);
  static_assert(grlib_plic_context(5, PlicMode::kSupervisor) == 21);
  // The GRLIB driver's enable address, base + 0x2000 + 0x200*core + 0x80*mode,
  // is the standard one for context 4*core + mode.
  ExpectBackend b;
  b.expect({R(kBase + 0x2000 + 0x200 * 3 + 0x80 * 1, 0), W(kBase + 0x2000 + 0x200 * 3 + 0x80 * 1, 1u << 24)});
  ScopedBackend use(b);
  EXPECT_EQ(kPlic.enable(grlib_plic_context(3, PlicMode::kSupervisor), 24), Status::kOk);
}

TEST(BoardPlic, EnableOrsOneBitAndKeepsTheOthers) {
  ExpectBackend b;
  // Context 4 (hart 1, M): sources 4 and 9 already on; enable 24.
  b.expect({R(kBase + 0x2000 + 0x80 * 4, 0x00000210), W(kBase + 0x2000 + 0x80 * 4, 0x01000210)});
  ScopedBackend use(b);
  EXPECT_EQ(kPlic.enable(4, 24), Status::kOk);
}

TEST(BoardPlic, DisableClearsOnlyItsBit) {
  // Reference defect 10 (docs/hw/safesu.md §5.2) wrote word & !mask == 0, wiping every source of the context.
  ExpectBackend b;
  b.expect({R(kBase + 0x2000, 0x1F800210), W(kBase + 0x2000, 0x1F000210)});
  ScopedBackend use(b);
  EXPECT_EQ(kPlic.disable(0, 23), Status::kOk);
}

TEST(BoardPlic, SourcesAbove31UseTheNextWord) {
  const Plic big(kBase, 64, 2);
  ExpectBackend b;
  b.expect({R(kBase + 0x2000 + 0x80 + 4, 0x1), W(kBase + 0x2000 + 0x80 + 4, 0x3),
            R(kBase + 0x1000 + 4, 0x2)});
  ScopedBackend use(b);
  EXPECT_EQ(big.enable(1, 33), Status::kOk);
  const auto pending = big.is_pending(33);
  ASSERT_TRUE(pending.ok());
  EXPECT_TRUE(pending.value());
}

TEST(BoardPlic, PriorityThresholdAndIsEnabled) {
  ExpectBackend b;
  b.expect({W(kBase + 4 * 24, 7), W(kBase + 0x200000 + 0x1000 * 4, 3), R(kBase + 0x2000 + 0x80 * 4, 0x01000000),
            R(kBase + 0x2000 + 0x80 * 4, 0x01000000)});
  ScopedBackend use(b);
  EXPECT_EQ(kPlic.set_priority(24, 7), Status::kOk);
  EXPECT_EQ(kPlic.set_threshold(4, 3), Status::kOk);
  EXPECT_TRUE(kPlic.is_enabled(4, 24).value());
  EXPECT_FALSE(kPlic.is_enabled(4, 25).value());
}

TEST(BoardPlic, ClaimReturnsTheIdAndCompleteWritesThatId) {
  // Reference defect 11 (docs/hw/safesu.md §5.2) wrote a fixed 6 to claim/complete without a claim.
  ExpectBackend b;
  b.expect({R(kBase + 0x200004 + 0x1000 * 4, 25), W(kBase + 0x200004 + 0x1000 * 4, 25),
            R(kBase + 0x200004 + 0x1000 * 4, 0)});
  ScopedBackend use(b);
  const auto id = kPlic.claim(4);
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id.value(), 25u);
  EXPECT_EQ(kPlic.complete(4, id.value()), Status::kOk);
  EXPECT_EQ(kPlic.claim(4).value(), 0u);  // nothing pending
}

TEST(BoardPlic, BadArgumentsTouchNothing) {
  NoAccessBackend none;
  ScopedBackend use(none);
  EXPECT_EQ(kPlic.set_priority(0, 1), Status::kBadArg);   // source 0 does not exist
  EXPECT_EQ(kPlic.set_priority(32, 1), Status::kBadArg);  // 32 sources = IDs 1..31
  EXPECT_EQ(kPlic.enable(24, 5), Status::kBadArg);        // 24 contexts = 0..23
  EXPECT_EQ(kPlic.enable(0, 32), Status::kBadArg);
  EXPECT_EQ(kPlic.disable(0, 0), Status::kBadArg);
  EXPECT_EQ(kPlic.is_enabled(24, 1).status(), Status::kBadArg);
  EXPECT_EQ(kPlic.is_pending(40).status(), Status::kBadArg);
  EXPECT_EQ(kPlic.set_threshold(24, 0), Status::kBadArg);
  EXPECT_EQ(kPlic.claim(99).status(), Status::kBadArg);
  EXPECT_EQ(kPlic.complete(0, 0), Status::kBadArg);  // 0 = "nothing claimed"
  EXPECT_EQ(kPlic.complete(0, 31 + 1), Status::kBadArg);
  EXPECT_EQ(kPlic.complete(30, 5), Status::kBadArg);
}

}  // namespace
