// SPDX-License-Identifier: Apache-2.0
// SafeSU driver: the exact register sequence of every call (strict, in
// order), on both ways to make a driver (SafeSU: run-time base and layout;
// FixedSafeSU: build-time constants), and "bad input touches nothing" for
// every validated argument.
#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

#include "pmu/safesu/safesu.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using pmu::test::R;
using pmu::test::W;

constexpr uintptr_t kBase = 0x80100000;
constexpr uint64_t A(unsigned idx) { return kBase + 4u * idx; }
using Fixed4c128 = FixedSafeSU<kBase, k4c128>;

// Both places, made the way an application makes them.
template <typename Unit>
struct Made;
template <>
struct Made<SafeSU> {
  SafeSU su{kBase, k4c128};
};
template <>
struct Made<Fixed4c128> {
  Fixed4c128 su;
};

struct Calls {
  std::vector<unsigned> seen;
  static void record(void* ctx, unsigned source) { static_cast<Calls*>(ctx)->seen.push_back(source); }
  IrqCallback cb() { return {record, this}; }
};

// 4c/128e: CFG0 0, counters 1.., ovf mask 25, vect 26, quota 27/28, CFG1 29,
// limits 30..33, remaining 34..37, weights 38..39, RDC vect 40, WM 41..42,
// crossbar 43..48.
template <typename Unit>
struct SafesuSeq : ::testing::Test {
  test::ExpectBackend backend;
  Made<Unit> made;
  Unit& unit = made.su;
  Callbacks callbacks;
  Totals totals;
};
using Places = ::testing::Types<SafeSU, Fixed4c128>;
TYPED_TEST_SUITE(SafesuSeq, Places);

// ---- counters ------------------------------------------------------------------
TYPED_TEST(SafesuSeq, StartStopAreOneReadOneWriteAndTakeOnlyTheFullMask) {
  auto& su = this->unit;
  this->backend.expect({R(A(0), 0xC0000004), W(A(0), 0xC0000005), R(A(0), 0x5), W(A(0), 0x4)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.all_counters(), 0x00FFFFFFu);
  EXPECT_EQ(su.start(0x00FFFFFF), Status::kOk);
  EXPECT_EQ(su.stop(su.all_counters()), Status::kOk);
  // The hardware has one enable for all counters: any other mask is refused.
  for (uint32_t mask : {0u, 1u, 0x00FFFFFEu, 0x01FFFFFFu, 0xFFFFFFFFu}) {
    EXPECT_EQ(su.start(mask), Status::kBadArg) << mask;
    EXPECT_EQ(su.stop(mask), Status::kBadArg) << mask;
  }
}

TYPED_TEST(SafesuSeq, StartNeverWritesBackASoftResetReadAsSet) {
  this->backend.expect({R(A(0), 0x1A), W(A(0), 0x1)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.start(this->unit.all_counters()), Status::kOk);
}

TYPED_TEST(SafesuSeq, ResetWhileCountingHoldsResetWithCountingOffThenReadGapThenReleaseThenEnable) {
  this->backend.expect({R(A(0), 0x5), W(A(0), 0x6), R(A(0), 0x6), W(A(0), 0x4), W(A(0), 0x5)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.reset(), Status::kOk);
}

TYPED_TEST(SafesuSeq, ResetWhileStoppedIsFourAccesses) {
  this->backend.expect({R(A(0), 0x4), W(A(0), 0x6), R(A(0), 0x6), W(A(0), 0x4)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.reset(), Status::kOk);
}

TYPED_TEST(SafesuSeq, ReadOneCounterIsOneAccess) {
  this->backend.expect(R(A(1 + 23), 1234));
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.read(23).value(), 1234u);
}

TYPED_TEST(SafesuSeq, ReadAllIsOneReadPerCounter) {
  for (unsigned k = 0; k < 24; ++k) this->backend.expect(R(A(1 + k), 100 + k));
  test::ScopedBackend use(this->backend);
  uint32_t out[24] = {};
  EXPECT_EQ(this->unit.read_all(out, 24), Status::kOk);
  for (unsigned k = 0; k < 24; ++k) EXPECT_EQ(out[k], 100 + k);
  EXPECT_EQ(this->unit.read_all(out, 0), Status::kOk);  // nothing asked, nothing read
}

TYPED_TEST(SafesuSeq, TotalsAreUnavailableUntilTracked) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  EXPECT_EQ(this->unit.totals(), nullptr);
  EXPECT_EQ(this->unit.read64(0).status(), Status::kUnavailable);
  EXPECT_EQ(this->unit.sync64(), Status::kUnavailable);
  EXPECT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  EXPECT_EQ(this->unit.totals(), &this->totals);
  EXPECT_EQ(this->unit.track_totals(nullptr), Status::kOk);  // detached again
  EXPECT_EQ(this->unit.read64(0).status(), Status::kUnavailable);
}

TYPED_TEST(SafesuSeq, WriteIsOneWriteAndRestartsTheTrackedTotal) {
  ASSERT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  // Tracked: CFG0 (is the overflow unit on, so the vector readable?), the
  // write, then the vector (was a flag latched before the write?).
  this->backend.expect({R(A(0), 0x4), W(A(3), 0xFFFFFFF0), R(A(26), 0), R(A(3), 0x10)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.write(2, 0xFFFFFFF0), Status::kOk);
  // 0xFFFFFFF0 -> wrap -> 0x10: 0x20 more events, no count lost.
  EXPECT_EQ(this->unit.read64(2).value(), 0xFFFFFFF0ull + 0x20);
}

// A tracked write reads CFG0 before the write and the vector after it (a
// flag latched up to the write stands for counts it discards), but not for
// 0xFFFFFFFF (the write sets the flag itself). A tracked reset reads the
// vector as its write-free cycle.
TYPED_TEST(SafesuSeq, WriteReadsTheVectorOnlyForATrackedTotalThatCouldBeFlagged) {
  this->backend.expect(W(A(3), 7));                                      // untracked: 1W
  this->backend.expect(W(A(3), 0xFFFFFFFF));                             // all ones: flags itself, no read
  this->backend.expect({R(A(0), 0x4), W(A(3), 9), R(A(26), 0x4), R(A(3), 10)});  // flag latched before
  this->backend.expect({R(A(0), 0x4), W(A(0), 0x6), R(A(26), 0x4), W(A(0), 0x4)});  // reset
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.write(2, 7), Status::kOk);
  ASSERT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  EXPECT_EQ(this->unit.write(2, 0xFFFFFFFF), Status::kOk);
  EXPECT_EQ(this->totals.total(2), 0xFFFFFFFFu);
  EXPECT_EQ(this->unit.write(2, 9), Status::kOk);
  EXPECT_EQ(this->unit.read64(2).value(), 10u);
  EXPECT_EQ(this->unit.reset(), Status::kOk);
  EXPECT_EQ(this->totals.total(2), 0u);
}

// A flag latched before a tracked write stands for counts the write
// discarded: the hook that serves it afterwards adds no period (12, not
// 2^32 + 12). Only counter 2's own bit of the vector says so.
TYPED_TEST(SafesuSeq, AFlagLatchedBeforeAWriteAddsNoPeriodAtTheHook) {
  ASSERT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  this->backend.expect({R(A(0), 0x4), W(A(3), 9), R(A(26), 0x4)});                        // write(2, 9)
  this->backend.expect({R(A(26), 0x4), R(A(3), 12), R(A(0), 0x4), W(A(0), 0xC), W(A(0), 0x4)});  // hook
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.write(2, 9), Status::kOk);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x4u);
  EXPECT_EQ(this->totals.total(2), 12u);
}

// CFG0 bit 2 = 0: the vector reads 0 (§2.3) while flags keep latching
// (§3.3), so a tracked write or reset reads CFG0 only and takes every flag
// as latched: the hook that serves it after enable_overflow(false) adds no
// period (12, not 2^32 + 12).
TYPED_TEST(SafesuSeq, WithTheOverflowUnitDisabledWriteAndResetTakeTheHiddenFlagAsLatched) {
  ASSERT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  this->backend.expect({R(A(0), 0x0), W(A(3), 9)});                                    // write(2, 9)
  this->backend.expect({R(A(0), 0x0), W(A(0), 0x4)});                                  // enable_overflow(false)
  this->backend.expect({R(A(26), 0x4), R(A(3), 12), R(A(0), 0x4), W(A(0), 0xC), W(A(0), 0x4)});  // hook
  this->backend.expect(W(A(3), 0xFFFFFFFF));                                           // write(2, all ones)
  this->backend.expect({R(A(0), 0x0), W(A(0), 0x2), R(A(0), 0x2), W(A(0), 0x0)});      // reset
  this->backend.expect({R(A(0), 0x0), W(A(0), 0x4)});                                  // enable_overflow(false)
  this->backend.expect({R(A(26), 0x4), R(A(3), 3), R(A(0), 0x4), W(A(0), 0xC), W(A(0), 0x4)});  // hook
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.write(2, 9), Status::kOk);
  EXPECT_EQ(this->unit.enable_overflow(false), Status::kOk);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x4u);
  EXPECT_EQ(this->totals.total(2), 12u);
  EXPECT_EQ(this->unit.write(2, 0xFFFFFFFF), Status::kOk);
  EXPECT_EQ(this->unit.reset(), Status::kOk);
  EXPECT_EQ(this->unit.enable_overflow(false), Status::kOk);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x4u);
  EXPECT_EQ(this->totals.total(2), 3u);
}

TYPED_TEST(SafesuSeq, TotalSurvivesSeveralWrapsWhenObservedOncePerWrap) {
  ASSERT_EQ(this->unit.track_totals(&this->totals), Status::kOk);
  test::ScopedBackend use(this->backend);
  this->backend.expect({R(A(0), 0x4), W(A(1), 0), R(A(26), 0)});
  EXPECT_EQ(this->unit.write(0, 0), Status::kOk);
  uint64_t expect = 0;
  const uint32_t seq[] = {0x80000000u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x10u, 0x90000000u};
  uint32_t last = 0;
  for (uint32_t v : seq) {
    this->backend.expect(R(A(1), v));
    expect += static_cast<uint32_t>(v - last);
    last = v;
    EXPECT_EQ(this->unit.read64(0).value(), expect);
  }
  EXPECT_GT(expect, 0x100000000ull);
}

TYPED_TEST(SafesuSeq, SelftestModeIsOneWriteStraightToTheNewMode) {
  // From 01 to 11 without passing through 00 (docs/hw/safesu.md §5.2 item 14).
  this->backend.expect({R(A(0), 0x40000001), W(A(0), 0xC0000001), R(A(0), 0xC0000001), W(A(0), 0x00000001)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.set_selftest_mode(SelftestMode::kOnlyOutput0), Status::kOk);
  EXPECT_EQ(this->unit.set_selftest_mode(SelftestMode::kNormal), Status::kOk);
}

// ---- crossbar ------------------------------------------------------------------
TYPED_TEST(SafesuSeq, RouteNonStraddlingIsOneReadOneWrite) {
  // 7-bit fields: output 1 = R0[13:7].
  this->backend.expect({R(A(43), 0xFFFFFFFF), W(A(43), 0xFFFFC2FF)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route(1, 0x05), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteLastOutputUsesR5Bits7To1) {
  this->backend.expect({R(A(48), 0), W(A(48), 127u << 1)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route(23, 127), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteStraddlingWritesLowRegisterFirstWhenTheNewLowPartIsNotZero) {
  // Output 4 = R0[31:28] (low 4 bits) + R1[2:0] (high 3 bits); event 0x55.
  this->backend.expect({R(A(43), 0x0ABCDEF1), R(A(44), 0xFFFFFFF8), W(A(43), 0x5ABCDEF1), W(A(44), 0xFFFFFFFD)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route(4, 0x55), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteStraddlingAvoidsATransientRouteToEvent0) {
  // Old event 0, new event 0x10 (low part 0, high part 1): low-first would
  // leave (new low 0 | old high 0) = event 0 for a cycle, so high goes first
  // (intermediate = old low 0 | new high 1 = 0x10).
  this->backend.expect({R(A(43), 0x00000000), R(A(44), 0x00000000), W(A(44), 0x1), W(A(43), 0x0)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route(4, 0x10), Status::kOk);
}

TEST(SafesuDriver, RouteStraddle5BitField) {
  // 4c/32e: crossbar 43..46; output 6 = R0[31:30] + R1[2:0]; output 19 = R2[31] + R3[3:0].
  test::ExpectBackend bus;
  SafeSU su{kBase, k4c32};
  bus.expect({R(A(43), 0), R(A(44), 0), W(A(43), 0xC0000000), W(A(44), 0x7)});
  bus.expect({R(A(45), 0x7FFFFFFF), R(A(46), 0xFFFFFFF0), W(A(45), 0xFFFFFFFF), W(A(46), 0xFFFFFFF0)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(6, 31), Status::kOk);
  EXPECT_EQ(su.route(19, 1), Status::kOk);
}

// 8-bit fields never straddle: at run time the position says so, at build
// time the width alone (CrossbarSlot::straddles()); both places checked.
TEST(SafesuDriver, Route8BitFieldIsAByte) {
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  static FixedSafeSU<kBase, k6c256> fixed;
  for (int place = 0; place < 2; ++place) bus.expect({R(A(49 + 1), 0x11223344), W(A(49 + 1), 0x1122FF44)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(5, 255), Status::kOk);
  EXPECT_EQ(fixed.route(5, 255), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteTableReadsOnlyRegistersItLeavesPartlyJustBeforeWritingEachOnce) {
  // Outputs 0, 1 (R0), 4 (R0+R1), 23 (R5): registers 0, 1, 5, each partly
  // kept, so each is read once and written once.
  const Route t[] = {{0, 1}, {1, 2}, {4, 0x7F}, {23, 3}};
  this->backend.expect({R(A(43), 0x0FFFC000), W(A(43), 0xFFFFC000u | (2u << 7) | 1u)});
  this->backend.expect({R(A(44), 0xFFFFFFF8), W(A(44), 0xFFFFFFFF)});
  this->backend.expect({R(A(48), 0x1), W(A(48), (3u << 1) | 1u)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route_table(t, 4), Status::kOk);
  EXPECT_EQ(this->unit.route_table(t, 0), Status::kOk);  // nothing asked, nothing touched
}

TYPED_TEST(SafesuSeq, RouteTableOfEveryOutputReadsNothing) {
  // 7-bit fields: 168 bits in 6 registers; R5 bits 31:8 hold no field, so
  // a table of all 24 outputs replaces every register whole: 0R 6W. Output
  // k <- event 0x41 + 2k: every straddling field's new low part is odd, so
  // non-zero, and the writes ascend.
  Route t[24];
  for (unsigned k = 0; k < 24; ++k) t[k] = Route{static_cast<uint8_t>(k), static_cast<uint16_t>(0x41 + 2 * k)};
  uint32_t regs[7] = {};
  for (unsigned k = 0; k < 24; ++k) {
    const uint64_t v = uint64_t{0x41u + 2 * k} << (7 * k % 32);
    regs[7 * k / 32] |= static_cast<uint32_t>(v);
    regs[7 * k / 32 + 1] |= static_cast<uint32_t>(v >> 32);
  }
  for (unsigned j = 0; j < 6; ++j) this->backend.expect(W(A(43 + j), regs[j]));
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route_table(t, 24), Status::kOk);
}

TEST(SafesuDriver, RouteTableOfEveryOutputOn6c256IsSixWritesAndNoRead) {
  // Issue 11: 6 registers fully overwritten, 0R 6W.
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  static FixedSafeSU<kBase, k6c256> fixed;
  Route t[24];
  for (unsigned k = 0; k < 24; ++k) t[k] = Route{static_cast<uint8_t>(k), static_cast<uint16_t>(10 * k)};
  for (int place = 0; place < 2; ++place) {
    for (unsigned j = 0; j < 6; ++j) {
      uint32_t v = 0;
      for (unsigned b = 0; b < 4; ++b) v |= (10u * (4 * j + b)) << (8 * b);
      bus.expect(W(A(49 + j), v));
    }
  }
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route_table(t, 24), Status::kOk);
  EXPECT_EQ(fixed.route_table(t, 24), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteTableOrdersARunOfHighFirstFieldsDownwards) {
  // Outputs 4 (R0/R1), 9 (R1/R2) and 13 (R2/R3) all move to events whose low
  // part is 0: each pair is written high register first, so R3 R2 R1 R0.
  // Output 4: low 4 bits; 9: low 1 bit; 13: low 5 bits.
  const Route t[] = {{4, 0x10}, {9, 0x02}, {13, 0x20}};
  this->backend.expect({R(A(46), 0), W(A(46), 0x20u >> 5), R(A(45), 0), W(A(45), 0x02u >> 1)});
  this->backend.expect({R(A(44), 0), W(A(44), 0x10u >> 4), R(A(43), 0), W(A(43), 0)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.route_table(t, 3), Status::kOk);
}

TYPED_TEST(SafesuSeq, RouteTableRefusesTwoEntriesForOneOutputTouchingNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  const Route twice[] = {{3, 1}, {7, 2}, {3, 1}};
  const Route twice_other[] = {{0, 5}, {0, 6}};
  EXPECT_EQ(this->unit.route_table(twice, 3), Status::kBadArg);
  EXPECT_EQ(this->unit.route_table(twice_other, 2), Status::kBadArg);
}

TYPED_TEST(SafesuSeq, RoutedEventReadsBackAStraddlingField) {
  this->backend.expect({R(A(45), 0xF8000000), R(A(46), 0x3)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.routed_event(13).value(), 0x7Fu);  // R2[31:27] + R3[1:0]
}

// ---- overflow ------------------------------------------------------------------
TYPED_TEST(SafesuSeq, OverflowMaskAndEnable) {
  auto& bus = this->backend;
  auto& su = this->unit;
  bus.expect({W(A(25), 0x00FFFFFF)});
  bus.expect({R(A(25), 0x1), W(A(25), 0x800001)});
  bus.expect({R(A(25), 0x800002), W(A(25), 0x2)});  // a bit off: only that bit changes
  // enable: discard stale flags first with the enable still off, then enable.
  bus.expect({R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x5)});
  bus.expect({R(A(0), 0x5), W(A(0), 0x5)});  // enable without discarding
  bus.expect({R(A(0), 0x5), W(A(0), 0x1)});  // disable
  bus.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // clear
  bus.expect({R(A(26), 0xFF000003)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_overflow_mask(0x00FFFFFF), Status::kOk);
  EXPECT_EQ(su.set_overflow_irq(23, true), Status::kOk);
  EXPECT_EQ(su.set_overflow_irq(23, false), Status::kOk);
  EXPECT_EQ(su.enable_overflow(), Status::kOk);
  EXPECT_EQ(su.enable_overflow(false), Status::kOk);
  EXPECT_EQ(su.disable_overflow(), Status::kOk);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(su.overflow_vector().value(), 0x3u);  // bits >= 24 are not counters
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TYPED_TEST(SafesuSeq, QuotaStillWorks) {
  this->backend.expect({W(A(27), 0x3), W(A(28), 1000), R(A(0), 0x1), W(A(0), 0x11), W(A(0), 0x1)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.set_quota_mask(0x3), Status::kOk);
  EXPECT_EQ(this->unit.set_quota_limit(1000), Status::kOk);
  EXPECT_EQ(this->unit.clear_quota(), Status::kOk);
}
#pragma GCC diagnostic pop

// ---- MCCU ----------------------------------------------------------------------
TYPED_TEST(SafesuSeq, SetWeightIsOneReadOneWriteOfOneByte) {
  // Input 5: register 38+1, byte 1 (no shift >= 32: §5.2 item 5).
  this->backend.expect({R(A(39), 0x11223344), W(A(39), 0x1122C844)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.set_weight(5, 200), Status::kOk);
}

TYPED_TEST(SafesuSeq, SetWeightsWritesWholeRegistersAndMergesAPartialOne) {
  const uint8_t w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  auto& bus = this->backend;
  bus.expect({W(A(38), 0x04030201), R(A(39), 0xAABBCCDD), W(A(39), 0xAABB0605)});  // n = 6
  bus.expect({R(A(38), 0xAABBCCDD), W(A(38), 0xAABBCC01)});                        // n = 1
  bus.expect({W(A(38), 0x04030201)});                                              // n = 4
  bus.expect({W(A(38), 0x04030201), R(A(39), 0xAABBCCDD), W(A(39), 0xAABBCC05)});  // n = 5
  bus.expect({W(A(38), 0x04030201), W(A(39), 0x08070605)});                        // n = 8, the maximum
  test::ScopedBackend use(bus);
  EXPECT_EQ(this->unit.set_weights(w, 6), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 1), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 4), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 5), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 8), Status::kOk);
}

// Even weights (bit 0 clear, 0 included) in the low byte of a whole and
// of a merged register: each byte is exactly the weight given.
TYPED_TEST(SafesuSeq, SetWeightsKeepsEvenWeightsExact) {
  const uint8_t w[8] = {0, 0xFE, 2, 0x80, 0x10, 0, 0x40, 0xFF};
  auto& bus = this->backend;
  bus.expect({W(A(38), 0x8002FE00), W(A(39), 0xFF400010)});                        // n = 8
  bus.expect({W(A(38), 0x8002FE00), R(A(39), 0xAABBCCDD), W(A(39), 0xAABBCC10)});  // n = 5
  test::ScopedBackend use(bus);
  EXPECT_EQ(this->unit.set_weights(w, 8), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 5), Status::kOk);
}

TEST(SafesuDriver, SetWeightsOfEveryInputOnSixCoresIsThreeWrites) {
  // A multiple of 4 touches no register after the weights (the RDC vector).
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  uint8_t w[12];
  for (unsigned i = 0; i < 12; ++i) w[i] = static_cast<uint8_t>(i + 1);
  bus.expect({W(A(42), 0x04030201), W(A(43), 0x08070605), W(A(44), 0x0C0B0A09)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_weights(w, 12), Status::kOk);
}

TYPED_TEST(SafesuSeq, SetWeightsOfNoneOrTooManyTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  const uint8_t w[9] = {};
  EXPECT_EQ(this->unit.set_weights(w, 0), Status::kOk);
  EXPECT_EQ(this->unit.set_weights(w, 9), Status::kBadArg);
  EXPECT_EQ(this->unit.set_weights(nullptr, 1), Status::kBadArg);
}

// One rule for the calls taking an array and its length (docs/safesu.md
// section 2): an empty one answers kOk and touches nothing, whatever the
// pointer; a null one with a length is kBadArg and touches nothing.
TYPED_TEST(SafesuSeq, EmptyArraysAreOkWhateverThePointerAndNullOnesAreRefused) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  auto& su = this->unit;
  uint32_t counts[1] = {0xC0FFEE};
  uint8_t bytes[1] = {0xA5};
  const Route routes[1] = {{0, 1}};
  EXPECT_EQ(su.read_all(nullptr, 0), Status::kOk);
  EXPECT_EQ(su.read_all(counts, 0), Status::kOk);
  EXPECT_EQ(su.read_all(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.read_watermarks(nullptr, 0), Status::kOk);
  EXPECT_EQ(su.read_watermarks(bytes, 0), Status::kOk);
  EXPECT_EQ(su.read_watermarks(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.route_table(nullptr, 0), Status::kOk);
  EXPECT_EQ(su.route_table(routes, 0), Status::kOk);
  EXPECT_EQ(su.route_table(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.set_weights(nullptr, 0), Status::kOk);
  EXPECT_EQ(su.set_weights(bytes, 0), Status::kOk);
  EXPECT_EQ(su.set_weights(nullptr, 1), Status::kBadArg);
  // An empty array is not written either.
  EXPECT_EQ(counts[0], 0xC0FFEEu);
  EXPECT_EQ(bytes[0], 0xA5u);
}

TYPED_TEST(SafesuSeq, SetBudgetWritesLimitThenPulsesOnlyThatUpdateBitKeepingRdcBits) {
  // CFG1 = MCCU on, RDC enable (bit 6) on: the release restores exactly that
  // (§5.2 item 1); another core's update bit read back as set is released.
  this->backend.expect({W(A(33), 1000), R(A(29), 0x41), W(A(29), 0x61), W(A(29), 0x41)});
  this->backend.expect({W(A(30), 7), R(A(29), 0x49), W(A(29), 0x45), W(A(29), 0x41)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.set_budget(3, 1000), Status::kOk);
  EXPECT_EQ(this->unit.set_budget(0, 7), Status::kOk);
}

TYPED_TEST(SafesuSeq, RefillTogglesMccuEnableAroundTheUpdate) {
  this->backend.expect({R(A(29), 0x41), W(A(29), 0x48), W(A(29), 0x41)});
  this->backend.expect({R(A(29), 0x80000041), W(A(29), 0x8000007C), W(A(29), 0x80000041)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.refill(1), Status::kOk);
  EXPECT_EQ(this->unit.refill_cores(0xF), Status::kOk);
}

TYPED_TEST(SafesuSeq, MccuControls) {
  auto& bus = this->backend;
  auto& su = this->unit;
  bus.expect({R(A(36), 77)});
  bus.expect({R(A(29), 0x40), W(A(29), 0x41), R(A(29), 0x41), W(A(29), 0x40)});
  bus.expect({R(A(29), 0x41), W(A(29), 0x80000041)});
  bus.expect({R(A(29), 0x41), W(A(29), 0x43), W(A(29), 0x41)});
  bus.expect({R(A(39), 0x00AB0000)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.remaining_budget(2).value(), 77u);
  EXPECT_EQ(su.enable_mccu(), Status::kOk);
  EXPECT_EQ(su.disable_mccu(), Status::kOk);
  EXPECT_EQ(su.set_hw_quota(true), Status::kOk);
  EXPECT_EQ(su.reset_mccu(), Status::kOk);
  EXPECT_EQ(su.weight(6).value(), 0xABu);
}

// ---- RDC -------------------------------------------------------------------------
TYPED_TEST(SafesuSeq, RdcBitsOnFourCores) {
  auto& bus = this->backend;
  bus.expect({R(A(29), 0x1), W(A(29), 0x41)});                   // enable: bit N+2 = 6
  bus.expect({R(A(29), 0x41), W(A(29), 0xC1), W(A(29), 0x41)});  // reset: bit N+3 = 7
  bus.expect({R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});  // clear IRQ: toggle enable
  bus.expect({R(A(29), 0xC1), W(A(29), 0x1)});                   // disable (a reset read as set is released)
  bus.expect({R(A(29), 0x40), W(A(29), 0x00), W(A(29), 0x40)});  // clear IRQ, MCCU off: it stays off
  test::ScopedBackend use(bus);
  EXPECT_EQ(this->unit.enable_rdc(), Status::kOk);
  EXPECT_EQ(this->unit.reset_rdc(), Status::kOk);
  EXPECT_EQ(this->unit.clear_rdc_irq(), Status::kOk);
  EXPECT_EQ(this->unit.disable_rdc(), Status::kOk);
  EXPECT_EQ(this->unit.clear_rdc_irq(), Status::kOk);
}

TEST(SafesuDriver, RdcBitsOnSixCoresAndOldVintage) {
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  static constexpr Layout kOld6 = make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025));
  SafeSU old{kBase, kOld6};
  bus.expect({R(A(29), 0), W(A(29), 0x100)});               // bit 8
  bus.expect({R(A(29), 0), W(A(29), 0x200), W(A(29), 0)});  // bit 9
  bus.expect({R(A(29), 0), W(A(29), 0x200)});               // old: enable bit 9
  bus.expect({R(A(29), 0), W(A(29), 0x80), W(A(29), 0)});   // old: reset bit 7
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.enable_rdc(), Status::kOk);
  EXPECT_EQ(su.reset_rdc(), Status::kOk);
  EXPECT_EQ(old.enable_rdc(), Status::kOk);
  EXPECT_EQ(old.reset_rdc(), Status::kOk);
}

TYPED_TEST(SafesuSeq, RdcVectorIsPerInputAndWatermarksAreBytes) {
  auto& su = this->unit;
  this->backend.expect({R(A(40), 0x20), R(A(40), 0x20), R(A(40), 0x20), R(A(42), 0x08070605)});
  this->backend.expect({R(A(41), 0x04030201), R(A(42), 0x08070605)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.rdc_vector().value(), 0x20u);
  EXPECT_TRUE(su.rdc_fired(5).value());  // input 5 = core 2's second input (§5.2 item 6)
  EXPECT_FALSE(su.rdc_fired(2).value());
  EXPECT_EQ(su.watermark(6).value(), 7u);
  uint8_t wm[7] = {};
  EXPECT_EQ(su.read_watermarks(wm, 7), Status::kOk);
  for (unsigned i = 0; i < 7; ++i) EXPECT_EQ(wm[i], i + 1);
}

// ---- hooks (pmu/irq.hpp order: snapshot, callbacks, fold, acknowledge) ----------------
TYPED_TEST(SafesuSeq, CallbacksNeedAttachedStorage) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Calls calls;
  auto& su = this->unit;
  EXPECT_EQ(su.on_overflow(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.on_mccu(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.on_rdc(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.set_mccu_irq_policy(MccuIrqPolicy::kClearOnly), Status::kUnavailable);
  EXPECT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  EXPECT_EQ(su.callbacks(), &this->callbacks);
  EXPECT_EQ(su.on_overflow(23, calls.cb()), Status::kOk);
  EXPECT_EQ(this->callbacks.overflow[23].fn, &Calls::record);
  EXPECT_EQ(su.attach_callbacks(nullptr), Status::kOk);
  EXPECT_EQ(su.on_overflow(23, calls.cb()), Status::kUnavailable);
}

TYPED_TEST(SafesuSeq, OverflowHookSnapshotsCallsBackFoldsThenClears) {
  auto& su = this->unit;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  ASSERT_EQ(su.on_overflow(0, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_overflow(2, calls.cb()), Status::kOk);
  // The usual case: 1R + 1R per flagged counter + 1R 2W.
  this->backend.expect({R(A(26), 0x5), R(A(1), 0x10), R(A(3), 0x2), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x5u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{0, 2}));
  EXPECT_EQ(this->backend.log.size(), 6u);  // the callbacks ran before any access after the snapshot
}

TYPED_TEST(SafesuSeq, OverflowHookOneFlagIsThreeReadsTwoWrites) {
  this->backend.expect({R(A(26), 0x100), R(A(9), 0x3), R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x1)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x100u);
}

TYPED_TEST(SafesuSeq, OverflowHookClearsAParkedCounterWithCountingFrozen) {
  // Counter 0 still holds 0xFFFFFFFF: its flag would come back every cycle.
  // The hook freezes counting with the clear held, re-reads it, moves it to
  // 0 and restores CFG0, releasing the clear.
  this->backend.expect({R(A(26), 0x1), R(A(1), 0xFFFFFFFF), R(A(0), 0x5), W(A(0), 0xC), R(A(1), 0xFFFFFFFF),
                    W(A(1), 0), W(A(0), 0x5)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x1u);
}

TYPED_TEST(SafesuSeq, OverflowHookLeavesAParkedCounterWhoseEventCameBeforeTheFreeze) {
  this->backend.expect({R(A(26), 0x1), R(A(1), 0xFFFFFFFF), R(A(0), 0x5), W(A(0), 0xC), R(A(1), 0x1), W(A(0), 0x5)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x1u);
}

TYPED_TEST(SafesuSeq, OverflowHookWithNothingPendingIsOneRead) {
  this->backend.expect(R(A(26), 0));
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0u);
}

TYPED_TEST(SafesuSeq, MccuHookRefillsAndClearsByDefault) {
  auto& su = this->unit;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  ASSERT_EQ(su.on_mccu(2, calls.cb()), Status::kOk);
  this->backend.expect({R(A(29), 0x41), W(A(29), 0x50), W(A(29), 0x41)});
  this->backend.expect({R(A(29), 0x41), W(A(29), 0x40), W(A(29), 0x41)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.handle_mccu_irq(2).value(), 1u << 2);
  ASSERT_EQ(su.set_mccu_irq_policy(MccuIrqPolicy::kClearOnly), Status::kOk);
  EXPECT_EQ(su.handle_mccu_irq(2).value(), 1u << 2);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2, 2}));
}

TYPED_TEST(SafesuSeq, RdcHookCallsBackPerInputAndTogglesEnable) {
  auto& su = this->unit;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  ASSERT_EQ(su.on_rdc(2, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_rdc(5, calls.cb()), Status::kOk);
  this->backend.expect({R(A(40), 0x24), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  this->backend.expect(R(A(40), 0));  // spurious: nothing acknowledged
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.handle_rdc_irq().value(), 0x24u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2, 5}));
  EXPECT_EQ(su.handle_rdc_irq().value(), 0u);
}

// Inputs 0 and 1 together: the first callback is input 0, so the rest of
// the vector is every bit above it (input 1 here), each called once.
TYPED_TEST(SafesuSeq, RdcHookServesInputsZeroAndOneTogether) {
  auto& su = this->unit;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  ASSERT_EQ(su.on_rdc(0, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_rdc(1, calls.cb()), Status::kOk);
  this->backend.expect({R(A(40), 0x3), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(su.handle_rdc_irq().value(), 0x3u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{0, 1}));
}

TYPED_TEST(SafesuSeq, HooksWithoutCallbacksStillAcknowledge) {
  this->backend.expect({R(A(26), 0x2), R(A(2), 0x9), R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x1)});
  this->backend.expect({R(A(29), 0x41), W(A(29), 0x44), W(A(29), 0x41)});
  this->backend.expect({R(A(40), 0x1), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  test::ScopedBackend use(this->backend);
  EXPECT_EQ(this->unit.handle_overflow_irq().value(), 0x2u);
  EXPECT_EQ(this->unit.handle_mccu_irq(0).value(), 0x1u);
  EXPECT_EQ(this->unit.handle_rdc_irq().value(), 0x1u);
}

TYPED_TEST(SafesuSeq, IsrAdaptersTakeTheirContext) {
  using Unit = std::remove_reference_t<decltype(this->unit)>;
  auto& su = this->unit;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&this->callbacks), Status::kOk);
  ASSERT_EQ(su.on_overflow(1, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_mccu(3, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_rdc(7, calls.cb()), Status::kOk);
  this->backend.expect({R(A(26), 0x2), R(A(2), 0x9), R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x1)});
  this->backend.expect({R(A(29), 0x41), W(A(29), 0x60), W(A(29), 0x41)});
  this->backend.expect({R(A(40), 0x80), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  test::ScopedBackend use(this->backend);
  const IsrFn overflow = &Unit::overflow_isr;  // the RTOS shape void (*)(void*)
  const IsrFn mccu = &Unit::mccu_isr;
  const IsrFn rdc = &Unit::rdc_isr;
  typename Unit::MccuLine core3{&su, 3};  // the MCCU line's context names its core
  overflow(&su);
  mccu(&core3);
  rdc(&su);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{1, 3, 7}));
}

TEST(SafesuDriver, FtHooksOnlyWithFt) {
  Params p = shipped_params(4, 128);
  p.ft = true;
  static constexpr Layout kNoFt = k4c128;
  const Layout ft = make_layout(p);
  SafeSU with{kBase, ft};
  SafeSU without{kBase, kNoFt};
  Callbacks cbs;
  ASSERT_EQ(with.attach_callbacks(&cbs), Status::kOk);
  ASSERT_EQ(without.attach_callbacks(&cbs), Status::kOk);
  Calls calls;
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  EXPECT_EQ(without.on_ft(calls.cb()), Status::kUnavailable);
  EXPECT_EQ(without.handle_ft_irq(2), Status::kUnavailable);
  EXPECT_EQ(with.on_ft(calls.cb()), Status::kOk);
  EXPECT_EQ(with.handle_ft_irq(2), Status::kOk);
  EXPECT_EQ(with.handle_ft_irq(1), Status::kOk);
  // Only FT1 and FT2 are lines: 0 and 3 are refused, and call nothing.
  EXPECT_EQ(with.handle_ft_irq(0), Status::kBadArg);
  EXPECT_EQ(with.handle_ft_irq(3), Status::kBadArg);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2, 1}));
}

// ---- sync64 on every layout (issue 15: the loop bound) --------------------------------
TEST(SafesuDriver, Sync64ReadsExactlyEveryCounterOnEveryLayout) {
  static constexpr Layout k1 = make_layout(shipped_params(2, 128, 1));
  static constexpr Layout k32 = make_layout(shipped_params(4, 128, 32));
  static constexpr Layout k31 = make_layout(shipped_params(6, 256, 31));
  for (const Layout* l : {&k4c128, &k6c128, &k6c256, &k4c32, &k1, &k32, &k31}) {
    SCOPED_TRACE(testing::Message() << unsigned{l->n_counters} << " counters");
    SafeSU su{kBase, *l};
    Totals totals;
    ASSERT_EQ(su.track_totals(&totals), Status::kOk);
    test::ExpectBackend bus;
    for (unsigned k = 0; k < l->n_counters; ++k) bus.expect(R(kBase + l->counters.at(k).offset, 1000 + k));
    {
      test::ScopedBackend use(bus);
      EXPECT_EQ(su.sync64(), Status::kOk);
      bus.verify();
    }
    for (unsigned k = 0; k < l->n_counters; ++k) EXPECT_EQ(totals.total(k), 1000u + k) << k;
    for (unsigned k = l->n_counters; k < kMaxCounters; ++k) EXPECT_EQ(totals.total(k), 0u) << k;
  }
}

// ---- counter 31: the vector's sign bit ----------------------------------------------
// N_COUNTERS at 32: counter 31's flag is the vector's top bit, which the
// hook's snapshot carries sign-extended to the pointer's width
// (reg::read_wide). The hook calls back 0 then 31 and returns both bits.
TEST(SafesuDriver, OverflowHookServesCounter31OfA32CounterLayout) {
  static constexpr Layout k32 = make_layout(shipped_params(4, 128, 32));
  SafeSU su{kBase, k32};
  Callbacks cbs;
  Calls calls;
  ASSERT_EQ(su.attach_callbacks(&cbs), Status::kOk);
  ASSERT_EQ(su.on_overflow(0, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_overflow(31, calls.cb()), Status::kOk);
  const uintptr_t vect = kBase + k32.overflow_vector.at(0).offset;
  const uintptr_t c0 = kBase + k32.counters.at(0).offset;
  const uintptr_t c31 = kBase + k32.counters.at(31).offset;
  test::ExpectBackend bus;
  bus.expect({R(vect, 0x80000001), R(c0, 0x10), R(c31, 0x20), R(kBase, 0x5), W(kBase, 0xD), W(kBase, 0x5)});
  test::ScopedBackend use(bus);
  const Result<uint32_t> served = su.handle_overflow_irq();
  ASSERT_TRUE(served.ok());
  EXPECT_EQ(served.value(), 0x80000001u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{0, 31}));
  bus.verify();
}

TEST(SafesuDriver, ReadWideSignExtendsTheWord) {
  test::ExpectBackend bus;
  bus.expect({R(kBase + 4, 0x80000000), R(kBase + 4, 0x7FFFFFFF)});
  test::ScopedBackend use(bus);
  const auto counter = k4c128.counters.at(0);
  EXPECT_EQ(reg::read_wide(kBase, counter), static_cast<intptr_t>(INT32_MIN));
  EXPECT_EQ(reg::read_wide(kBase, counter), static_cast<intptr_t>(INT32_MAX));
  bus.verify();
}

// ---- bad input touches nothing -----------------------------------------------------
TEST(SafesuDriver, EveryBadArgumentReturnsBadArgWithZeroAccesses) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  SafeSU su{kBase, k4c128};
  SafeSU su256{kBase, k6c256};
  Callbacks cbs;
  Totals totals;
  ASSERT_EQ(su.attach_callbacks(&cbs), Status::kOk);
  ASSERT_EQ(su.track_totals(&totals), Status::kOk);
  ASSERT_EQ(su256.attach_callbacks(&cbs), Status::kOk);
  uint32_t buf[32];
  uint8_t b8[16] = {};
  const Route bad_out[] = {{0, 1}, {24, 1}};
  const Route bad_ev[] = {{0, 1}, {1, 128}};
  EXPECT_EQ(su.read(24).status(), Status::kBadArg);
  EXPECT_EQ(su.read64(24).status(), Status::kBadArg);
  EXPECT_EQ(su.read_all(buf, 25), Status::kBadArg);
  EXPECT_EQ(su.read_all(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.write(24, 0), Status::kBadArg);
  EXPECT_EQ(su.set_selftest_mode(static_cast<SelftestMode>(4)), Status::kBadArg);
  EXPECT_EQ(su.route(24, 0), Status::kBadArg);   // §5.2 item 8: output == N_COUNTERS
  EXPECT_EQ(su.route(0, 128), Status::kBadArg);  // §5.2 item 8: event == N_SOC_EV
  EXPECT_EQ(su256.route(0, 256), Status::kBadArg);
  EXPECT_EQ(su.route_table(bad_out, 2), Status::kBadArg);
  EXPECT_EQ(su.route_table(bad_ev, 2), Status::kBadArg);
  EXPECT_EQ(su.route_table(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.routed_event(24).status(), Status::kBadArg);
  EXPECT_EQ(su.set_overflow_mask(1u << 24), Status::kBadArg);
  EXPECT_EQ(su.set_overflow_irq(24, true), Status::kBadArg);
  EXPECT_EQ(su.set_weight(8, 1), Status::kBadArg);    // 4 cores: inputs 0..7
  EXPECT_EQ(su.set_weight(0, 256), Status::kBadArg);  // §5.2 item 9
  EXPECT_EQ(su.set_weights(b8, 9), Status::kBadArg);
  EXPECT_EQ(su.set_weights(nullptr, 2), Status::kBadArg);
  EXPECT_EQ(su.weight(8).status(), Status::kBadArg);
  EXPECT_EQ(su.set_budget(4, 1), Status::kBadArg);              // §5.2 item 1: core == N
  EXPECT_EQ(su.remaining_budget(4).status(), Status::kBadArg);  // §5.2 item 20
  EXPECT_EQ(su.refill(4), Status::kBadArg);
  EXPECT_EQ(su.refill_cores(0), Status::kBadArg);
  EXPECT_EQ(su.refill_cores(0x10), Status::kBadArg);
  EXPECT_EQ(su.set_rdc_threshold(8, 1), Status::kBadArg);
  EXPECT_EQ(su.watermark(8).status(), Status::kBadArg);  // §5.2 item 20
  EXPECT_EQ(su.read_watermarks(b8, 9), Status::kBadArg);
  EXPECT_EQ(su.read_watermarks(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.rdc_fired(8).status(), Status::kBadArg);
  EXPECT_EQ(su.on_overflow(24, {}), Status::kBadArg);
  EXPECT_EQ(su.on_mccu(4, {}), Status::kBadArg);
  EXPECT_EQ(su.on_rdc(8, {}), Status::kBadArg);
  EXPECT_EQ(su.handle_mccu_irq(4).status(), Status::kBadArg);
  EXPECT_EQ(su.set_mccu_irq_policy(static_cast<MccuIrqPolicy>(7)), Status::kBadArg);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_EQ(su.set_quota_mask(1u << 24), Status::kBadArg);
#pragma GCC diagnostic pop
  // Six cores accept what four reject.
  EXPECT_EQ(su256.on_mccu(5, {}), Status::kOk);
  EXPECT_EQ(su256.on_rdc(11, {}), Status::kOk);
}

TEST(SafesuDriver, OldFourCoreRdcIsUnavailableAndTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  static constexpr Layout kOld4 = make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025));
  SafeSU su{kBase, kOld4};
  EXPECT_EQ(su.enable_rdc(), Status::kUnavailable);
  EXPECT_EQ(su.disable_rdc(), Status::kUnavailable);
  EXPECT_EQ(su.reset_rdc(), Status::kUnavailable);
  EXPECT_EQ(su.clear_rdc_irq(), Status::kUnavailable);
  EXPECT_EQ(su.handle_rdc_irq().status(), Status::kUnavailable);
}

// ---- issue 10 item 5: an invalid layout or a base off the decode window ------------------
// Every call of an unusable object returns a status and touches nothing.
void expect_every_call_refused(SafeSU& su) {
  Callbacks cbs;
  Totals totals;
  uint32_t buf[32];
  uint8_t b8[16] = {};
  const Route routes[] = {{0, 1}};
  auto refused = [](Status s) { return s == Status::kBadArg; };
  EXPECT_FALSE(su.usable());
  EXPECT_EQ(su.base(), 0u);
  EXPECT_FALSE(su.layout().valid);
  EXPECT_TRUE(refused(su.attach_callbacks(&cbs)));
  EXPECT_TRUE(refused(su.track_totals(&totals)));
  EXPECT_TRUE(refused(su.start(0x00FFFFFF)));
  EXPECT_TRUE(refused(su.start(su.all_counters())));
  EXPECT_TRUE(refused(su.stop(0)));
  EXPECT_TRUE(refused(su.reset()));
  EXPECT_TRUE(refused(su.read(0).status()));
  EXPECT_TRUE(refused(su.read_all(buf, 0)));
  EXPECT_TRUE(refused(su.read_all(nullptr, 0)));  // an empty array too: the object refuses every call
  EXPECT_TRUE(refused(su.read_all(buf, 1)));
  EXPECT_TRUE(refused(su.read64(0).status()));
  EXPECT_TRUE(refused(su.write(0, 1)));
  EXPECT_TRUE(refused(su.sync64()));
  EXPECT_TRUE(refused(su.set_selftest_mode(SelftestMode::kAllOnes)));
  EXPECT_TRUE(refused(su.route(0, 0)));
  EXPECT_TRUE(refused(su.route_table(routes, 1)));
  EXPECT_TRUE(refused(su.route_table(routes, 0)));
  EXPECT_TRUE(refused(su.route_table(nullptr, 0)));
  EXPECT_TRUE(refused(su.routed_event(0).status()));
  EXPECT_TRUE(refused(su.set_overflow_mask(0)));
  EXPECT_TRUE(refused(su.set_overflow_irq(0, true)));
  EXPECT_TRUE(refused(su.enable_overflow()));
  EXPECT_TRUE(refused(su.enable_overflow(false)));
  EXPECT_TRUE(refused(su.disable_overflow()));
  EXPECT_TRUE(refused(su.clear_overflow()));
  EXPECT_TRUE(refused(su.overflow_vector().status()));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  EXPECT_TRUE(refused(su.set_quota_mask(0)));
  EXPECT_TRUE(refused(su.set_quota_limit(0)));
  EXPECT_TRUE(refused(su.clear_quota()));
#pragma GCC diagnostic pop
  EXPECT_TRUE(refused(su.set_weight(0, 1)));
  EXPECT_TRUE(refused(su.set_weights(b8, 1)));
  EXPECT_TRUE(refused(su.set_weights(nullptr, 0)));
  EXPECT_TRUE(refused(su.weight(0).status()));
  EXPECT_TRUE(refused(su.set_budget(0, 1)));
  EXPECT_TRUE(refused(su.remaining_budget(0).status()));
  EXPECT_TRUE(refused(su.enable_mccu()));
  EXPECT_TRUE(refused(su.disable_mccu()));
  EXPECT_TRUE(refused(su.set_hw_quota(true)));
  EXPECT_TRUE(refused(su.reset_mccu()));
  EXPECT_TRUE(refused(su.refill(0)));
  EXPECT_TRUE(refused(su.refill_cores(1)));
  EXPECT_TRUE(refused(su.enable_rdc()));
  EXPECT_TRUE(refused(su.disable_rdc()));
  EXPECT_TRUE(refused(su.reset_rdc()));
  EXPECT_TRUE(refused(su.clear_rdc_irq()));
  EXPECT_TRUE(refused(su.set_rdc_threshold(0, 1)));
  EXPECT_TRUE(refused(su.watermark(0).status()));
  EXPECT_TRUE(refused(su.read_watermarks(b8, 0)));
  EXPECT_TRUE(refused(su.read_watermarks(nullptr, 0)));
  EXPECT_TRUE(refused(su.rdc_vector().status()));
  EXPECT_TRUE(refused(su.rdc_fired(0).status()));
  EXPECT_TRUE(refused(su.on_overflow(0, {})));
  EXPECT_TRUE(refused(su.on_mccu(0, {})));
  EXPECT_TRUE(refused(su.on_rdc(0, {})));
  EXPECT_TRUE(refused(su.on_ft({})));
  EXPECT_TRUE(refused(su.set_mccu_irq_policy(MccuIrqPolicy::kRefill)));
  EXPECT_TRUE(refused(su.handle_overflow_irq().status()));
  EXPECT_TRUE(refused(su.handle_mccu_irq(0).status()));
  EXPECT_TRUE(refused(su.handle_rdc_irq().status()));
  EXPECT_TRUE(refused(su.handle_ft_irq(1)));
  SafeSU::overflow_isr(&su);
  SafeSU::rdc_isr(&su);
  SafeSU::MccuLine line{&su, 0};
  SafeSU::mccu_isr(&line);
}

TEST(SafesuUnusable, AnInvalidLayoutRefusesEveryCall) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Params seven = shipped_params(7, 128);  // MCCU_N_CORES 7: the RTL $errors
  SafeSU su(0x1000, make_layout(seven));
  expect_every_call_refused(su);
}

TEST(SafesuUnusable, ABaseOffTheDecodeWindowRefusesEveryCall) {
  // slv_index = haddr[7:2] for 49 registers (§4.2): base + offset reaches
  // the register the offset names only if the base is 256-byte aligned.
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  for (uintptr_t base : {uintptr_t{0x80100002}, uintptr_t{0x80100004}, uintptr_t{0x80100080}, uintptr_t{0}}) {
    SCOPED_TRACE(testing::Message() << std::hex << base);
    SafeSU su(base, k4c128);
    expect_every_call_refused(su);
  }
}

TEST(SafesuUnusable, AnyMultipleOfTheWindowIsUsable) {
  // The window repeats every 0x100 bytes across the slave's 1 MiB (§4.2).
  for (uintptr_t base : {uintptr_t{0x80100000}, uintptr_t{0x80100100}, uintptr_t{0xE0000000}}) {
    SafeSU su(base, k4c128);
    EXPECT_TRUE(su.usable()) << std::hex << base;
    EXPECT_EQ(su.base(), base);
    EXPECT_EQ(&su.layout(), &k4c128);
  }
  static_assert(base_fits(0x80100100, k4c128) && !base_fits(0x80100080, k4c128) && !base_fits(0, k4c128));
}

// ---- what an object costs -----------------------------------------------------------------
TEST(SafesuDriver, MakingADriverTouchesNothingAndHoldsOnlyAddressing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  static SafeSU su{kBase, k6c256};  // constant-initialised, no constructor code
  static Fixed4c128 fixed;          // all zero: .bss
  EXPECT_EQ(su.base(), kBase);
  EXPECT_EQ(su.layout().total_nregs, 55u);
  EXPECT_EQ(fixed.base(), kBase);
  EXPECT_EQ(&fixed.layout(), &k4c128);
  EXPECT_EQ(fixed.callbacks(), nullptr);
  EXPECT_EQ(fixed.totals(), nullptr);
  static_assert(sizeof(SafeSU) == 4 * sizeof(void*));
  static_assert(sizeof(Fixed4c128) == 2 * sizeof(void*));
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&fixed);
  for (size_t i = 0; i < sizeof fixed; ++i) EXPECT_EQ(bytes[i], 0u) << i;
}

}  // namespace
