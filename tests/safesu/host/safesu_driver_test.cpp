// SPDX-License-Identifier: Apache-2.0
// SafeSU driver: the exact register sequence of every call (strict, in
// order), and "bad input touches nothing" for every validated argument.
#include <gtest/gtest.h>

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

// 4c/128e: CFG0 0, counters 1.., ovf mask 25, vect 26, quota 27/28, CFG1 29,
// limits 30..33, remaining 34..37, weights 38..39, RDC vect 40, WM 41..42,
// crossbar 43..48.
struct SafesuSeq : ::testing::Test {
  test::ExpectBackend bus;
  SafeSU su{kBase, k4c128};
};

// ---- counters ------------------------------------------------------------------
TEST_F(SafesuSeq, EnableDisableCountersAreOneReadOneWrite) {
  bus.expect({R(A(0), 0xC0000004), W(A(0), 0xC0000005), R(A(0), 0x5), W(A(0), 0x4)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.enable_counters(), Status::kOk);
  EXPECT_EQ(su.disable_counters(), Status::kOk);
}

TEST_F(SafesuSeq, ResetWhileCountingHoldsResetWithCountingOffThenReadGapThenReleaseThenEnable) {
  bus.expect({R(A(0), 0x5), W(A(0), 0x6), R(A(0), 0x6), W(A(0), 0x4), W(A(0), 0x5)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.reset_counters(), Status::kOk);
}

TEST_F(SafesuSeq, ResetWhileStoppedIsFourAccesses) {
  bus.expect({R(A(0), 0x4), W(A(0), 0x6), R(A(0), 0x6), W(A(0), 0x4)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.reset_counters(), Status::kOk);
}

TEST_F(SafesuSeq, ReadOneCounterIsOneAccess) {
  bus.expect(R(A(1 + 23), 1234));
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.read_counter(23).value(), 1234u);
}

TEST_F(SafesuSeq, SnapshotIsOneReadPerCounter) {
  for (unsigned k = 0; k < 24; ++k) bus.expect(R(A(1 + k), 100 + k));
  test::ScopedBackend use(bus);
  uint32_t out[24] = {};
  EXPECT_EQ(su.read_counters(out, 24), Status::kOk);
  for (unsigned k = 0; k < 24; ++k) EXPECT_EQ(out[k], 100 + k);
}

TEST_F(SafesuSeq, WriteCounterIsOneWriteAndRestartsTheWideTotal) {
  bus.expect({W(A(3), 0xFFFFFFF0), R(A(3), 0x10)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.write_counter(2, 0xFFFFFFF0), Status::kOk);
  // 0xFFFFFFF0 -> wrap -> 0x10: 0x20 more events, no count lost.
  EXPECT_EQ(su.read_counter64(2).value(), 0xFFFFFFF0ull + 0x20);
}

TEST_F(SafesuSeq, WideCounterSurvivesSeveralWrapsWhenObservedOncePerWrap) {
  test::ScopedBackend use(bus);
  bus.expect({W(A(1), 0)});
  EXPECT_EQ(su.write_counter(0, 0), Status::kOk);
  uint64_t expect = 0;
  const uint32_t seq[] = {0x80000000u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x10u, 0x90000000u};
  uint32_t last = 0;
  for (uint32_t v : seq) {
    bus.expect(R(A(1), v));
    expect += static_cast<uint32_t>(v - last);
    last = v;
    EXPECT_EQ(su.read_counter64(0).value(), expect);
  }
  EXPECT_GT(expect, 0x100000000ull);
}

TEST_F(SafesuSeq, SelftestModeIsOneWriteStraightToTheNewMode) {
  // From 01 to 11 without passing through 00 (defect 14).
  bus.expect({R(A(0), 0x40000001), W(A(0), 0xC0000001), R(A(0), 0xC0000001), W(A(0), 0x00000001)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_selftest_mode(SelftestMode::kOnlyOutput0), Status::kOk);
  EXPECT_EQ(su.set_selftest_mode(SelftestMode::kNormal), Status::kOk);
}

// ---- crossbar ------------------------------------------------------------------
TEST_F(SafesuSeq, RouteNonStraddlingIsOneReadOneWrite) {
  // 7-bit fields: output 1 = R0[13:7].
  bus.expect({R(A(43), 0xFFFFFFFF), W(A(43), 0xFFFFC2FF)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(1, 0x05), Status::kOk);
}

TEST_F(SafesuSeq, RouteLastOutputUsesR5Bits7To1) {
  bus.expect({R(A(48), 0), W(A(48), 127u << 1)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(23, 127), Status::kOk);
}

TEST_F(SafesuSeq, RouteStraddlingWritesLowRegisterFirstWhenThatIntermediateIsNotEvent0) {
  // Output 4 = R0[31:28] (low 4 bits) + R1[2:0] (high 3 bits); event 0x55.
  bus.expect({R(A(43), 0x0ABCDEF1), R(A(44), 0xFFFFFFF8), W(A(43), 0x5ABCDEF1), W(A(44), 0xFFFFFFFD)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(4, 0x55), Status::kOk);
}

TEST_F(SafesuSeq, RouteStraddlingAvoidsATransientRouteToEvent0) {
  // Old event 0, new event 0x10 (low part 0, high part 1): low-first would
  // leave (new low 0 | old high 0) = event 0 for a cycle, so high goes first
  // (intermediate = old low 0 | new high 1 = 0x10).
  bus.expect({R(A(43), 0x00000000), R(A(44), 0x00000000), W(A(44), 0x1), W(A(43), 0x0)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(4, 0x10), Status::kOk);
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

TEST(SafesuDriver, Route8BitFieldIsAByte) {
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  bus.expect({R(A(49 + 1), 0x11223344), W(A(49 + 1), 0x1122FF44)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route(5, 255), Status::kOk);
}

TEST_F(SafesuSeq, RouteTableReadsAndWritesEachTouchedRegisterOnce) {
  // Outputs 0, 1 (R0), 4 (R0+R1), 23 (R5): registers 0, 1, 5 once each.
  const Route t[] = {{0, 1}, {1, 2}, {4, 0x7F}, {23, 3}};
  bus.expect({R(A(43), 0), R(A(44), 0), R(A(48), 0)});
  bus.expect({W(A(43), 0xF0000000u | (2u << 7) | 1u), W(A(44), 0x7), W(A(48), 3u << 1)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.route_table(t, 4), Status::kOk);
}

TEST_F(SafesuSeq, RoutedEventReadsBackAStraddlingField) {
  bus.expect({R(A(45), 0xF8000000), R(A(46), 0x3)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.routed_event(13).value(), 0x7Fu);  // R2[31:27] + R3[1:0]
}

// ---- overflow ------------------------------------------------------------------
TEST_F(SafesuSeq, OverflowMaskAndEnable) {
  bus.expect({W(A(25), 0x00FFFFFF)});
  bus.expect({R(A(25), 0x1), W(A(25), 0x800001)});
  // enable: discard stale flags first with the enable still off, then enable.
  bus.expect({R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x5)});
  bus.expect({R(A(0), 0x5), W(A(0), 0x5)});  // enable without discarding
  bus.expect({R(A(0), 0x5), W(A(0), 0x1)});  // disable
  bus.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // clear
  bus.expect({R(A(26), 0xFF000003)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_overflow_mask(0x00FFFFFF), Status::kOk);
  EXPECT_EQ(su.set_overflow_irq(23, true), Status::kOk);
  EXPECT_EQ(su.enable_overflow(), Status::kOk);
  EXPECT_EQ(su.enable_overflow(false), Status::kOk);
  EXPECT_EQ(su.disable_overflow(), Status::kOk);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(su.overflow_vector().value(), 0x3u);  // bits >= 24 are not counters
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST_F(SafesuSeq, QuotaStillWorks) {
  bus.expect({W(A(27), 0x3), W(A(28), 1000), R(A(0), 0x1), W(A(0), 0x11), W(A(0), 0x1)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_quota_mask(0x3), Status::kOk);
  EXPECT_EQ(su.set_quota_limit(1000), Status::kOk);
  EXPECT_EQ(su.clear_quota(), Status::kOk);
}
#pragma GCC diagnostic pop

// ---- MCCU ----------------------------------------------------------------------
TEST_F(SafesuSeq, SetWeightIsOneReadOneWriteOfOneByte) {
  // Input 5: register 38+1, byte 1 (defect 5: no shift >= 32).
  bus.expect({R(A(39), 0x11223344), W(A(39), 0x1122C844)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_weight(5, 200), Status::kOk);
}

TEST_F(SafesuSeq, SetWeightsWritesWholeRegistersAndMergesAPartialOne) {
  const uint8_t w[6] = {1, 2, 3, 4, 5, 6};
  bus.expect({W(A(38), 0x04030201), R(A(39), 0xAABBCCDD), W(A(39), 0xAABB0605)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_weights(w, 6), Status::kOk);
}

TEST_F(SafesuSeq, SetBudgetWritesLimitThenPulsesOnlyThatUpdateBitKeepingRdcBits) {
  // CFG1 = MCCU on, RDC enable (bit 6) on: the release restores exactly that (defect 1).
  bus.expect({W(A(33), 1000), R(A(29), 0x41), W(A(29), 0x61), W(A(29), 0x41)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.set_budget(3, 1000), Status::kOk);
}

TEST_F(SafesuSeq, RefillTogglesMccuEnableAroundTheUpdate) {
  bus.expect({R(A(29), 0x41), W(A(29), 0x48), W(A(29), 0x41)});
  bus.expect({R(A(29), 0x80000041), W(A(29), 0x8000007C), W(A(29), 0x80000041)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.refill(1), Status::kOk);
  EXPECT_EQ(su.refill_cores(0xF), Status::kOk);
}

TEST_F(SafesuSeq, MccuControls) {
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
TEST_F(SafesuSeq, RdcBitsOnFourCores) {
  bus.expect({R(A(29), 0x1), W(A(29), 0x41)});                 // enable: bit N+2 = 6
  bus.expect({R(A(29), 0x41), W(A(29), 0xC1), W(A(29), 0x41)});  // reset: bit N+3 = 7
  bus.expect({R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});  // clear IRQ: toggle enable
  bus.expect({R(A(29), 0x41), W(A(29), 0x1)});                 // disable
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.enable_rdc(), Status::kOk);
  EXPECT_EQ(su.reset_rdc(), Status::kOk);
  EXPECT_EQ(su.clear_rdc_irq(), Status::kOk);
  EXPECT_EQ(su.disable_rdc(), Status::kOk);
}

TEST(SafesuDriver, RdcBitsOnSixCoresAndOldVintage) {
  test::ExpectBackend bus;
  SafeSU su{kBase, k6c256};
  static constexpr Layout kOld6 = make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025));
  SafeSU old{kBase, kOld6};
  bus.expect({R(A(29), 0), W(A(29), 0x100)});             // bit 8
  bus.expect({R(A(29), 0), W(A(29), 0x200), W(A(29), 0)});  // bit 9
  bus.expect({R(A(29), 0), W(A(29), 0x200)});             // old: enable bit 9
  bus.expect({R(A(29), 0), W(A(29), 0x80), W(A(29), 0)});   // old: reset bit 7
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.enable_rdc(), Status::kOk);
  EXPECT_EQ(su.reset_rdc(), Status::kOk);
  EXPECT_EQ(old.enable_rdc(), Status::kOk);
  EXPECT_EQ(old.reset_rdc(), Status::kOk);
}

TEST_F(SafesuSeq, RdcVectorIsPerInputAndWatermarksAreBytes) {
  bus.expect({R(A(40), 0x20), R(A(40), 0x20), R(A(40), 0x20), R(A(42), 0x08070605)});
  bus.expect({R(A(41), 0x04030201), R(A(42), 0x08070605)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.rdc_vector().value(), 0x20u);
  EXPECT_TRUE(su.rdc_fired(5).value());   // input 5 = core 2's second input (defect 6)
  EXPECT_FALSE(su.rdc_fired(2).value());
  EXPECT_EQ(su.watermark(6).value(), 7u);
  uint8_t wm[7] = {};
  EXPECT_EQ(su.read_watermarks(wm, 7), Status::kOk);
  for (unsigned i = 0; i < 7; ++i) EXPECT_EQ(wm[i], i + 1);
}

// ---- hooks -------------------------------------------------------------------------
struct Calls {
  std::vector<unsigned> seen;
  static void record(void* ctx, unsigned source) { static_cast<Calls*>(ctx)->seen.push_back(source); }
};

TEST_F(SafesuSeq, OverflowHookSnapshotsClearsReadsCountersAndCallsBack) {
  Calls calls;
  ASSERT_EQ(su.on_overflow(0, {Calls::record, &calls}), Status::kOk);
  ASSERT_EQ(su.on_overflow(2, {Calls::record, &calls}), Status::kOk);
  bus.expect({R(A(26), 0x5), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5), R(A(1), 0x10), R(A(3), 0x2)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x5u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{0, 2}));
}

TEST_F(SafesuSeq, OverflowHookMovesACounterParkedOnAllOnesAndClearsAgain) {
  // Counter 0 still holds 0xFFFFFFFF: its flag would come back every cycle.
  // The hook writes it to 0 and pulses the clear once more.
  bus.expect({R(A(26), 0x1), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5), R(A(1), 0xFFFFFFFF), W(A(1), 0),
              R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x1u);
}

TEST_F(SafesuSeq, OverflowHookWithNothingPendingIsOneRead) {
  bus.expect(R(A(26), 0));
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0u);
}

TEST_F(SafesuSeq, MccuHookRefillsAndClearsByDefault) {
  Calls calls;
  ASSERT_EQ(su.on_mccu(2, {Calls::record, &calls}), Status::kOk);
  bus.expect({R(A(36), 0), R(A(29), 0x41), W(A(29), 0x50), W(A(29), 0x41)});
  bus.expect({R(A(36), 0), R(A(29), 0x41), W(A(29), 0x40), W(A(29), 0x41)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.handle_mccu_irq(2).value(), 0u);
  ASSERT_EQ(su.set_mccu_irq_policy(MccuIrqPolicy::kClearOnly), Status::kOk);
  EXPECT_EQ(su.handle_mccu_irq(2).value(), 0u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2, 2}));
}

TEST_F(SafesuSeq, RdcHookCallsBackPerInputAndTogglesEnable) {
  Calls calls;
  ASSERT_EQ(su.on_rdc(2, {Calls::record, &calls}), Status::kOk);
  ASSERT_EQ(su.on_rdc(5, {Calls::record, &calls}), Status::kOk);
  bus.expect({R(A(40), 0x24), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(su.handle_rdc_irq().value(), 0x24u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2, 5}));
}

TEST(SafesuDriver, FtHooksOnlyWithFt) {
  Params p = shipped_params(4, 128);
  p.ft = true;
  static constexpr Layout kNoFt = k4c128;
  const Layout ft = make_layout(p);
  SafeSU with{kBase, ft};
  SafeSU without{kBase, kNoFt};
  Calls calls;
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  EXPECT_EQ(without.on_ft({Calls::record, &calls}), Status::kUnavailable);
  EXPECT_EQ(without.handle_ft_irq(2), Status::kUnavailable);
  EXPECT_EQ(with.on_ft({Calls::record, &calls}), Status::kOk);
  EXPECT_EQ(with.handle_ft_irq(2), Status::kOk);
  EXPECT_EQ(with.handle_ft_irq(3), Status::kBadArg);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{2}));
}

// ---- bad input touches nothing -----------------------------------------------------
TEST(SafesuDriver, EveryBadArgumentReturnsBadArgWithZeroAccesses) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  SafeSU su{kBase, k4c128};
  SafeSU su256{kBase, k6c256};
  uint32_t buf[32];
  uint8_t b8[16] = {};
  const Route bad_out[] = {{0, 1}, {24, 1}};
  const Route bad_ev[] = {{0, 1}, {1, 128}};
  EXPECT_EQ(su.read_counter(24).status(), Status::kBadArg);
  EXPECT_EQ(su.read_counter64(24).status(), Status::kBadArg);
  EXPECT_EQ(su.read_counters(buf, 25), Status::kBadArg);
  EXPECT_EQ(su.read_counters(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.write_counter(24, 0), Status::kBadArg);
  EXPECT_EQ(su.set_selftest_mode(static_cast<SelftestMode>(4)), Status::kBadArg);
  EXPECT_EQ(su.route(24, 0), Status::kBadArg);       // defect 8: output == N_COUNTERS
  EXPECT_EQ(su.route(0, 128), Status::kBadArg);      // defect 8: event == N_SOC_EV
  EXPECT_EQ(su256.route(0, 256), Status::kBadArg);
  EXPECT_EQ(su.route_table(bad_out, 2), Status::kBadArg);
  EXPECT_EQ(su.route_table(bad_ev, 2), Status::kBadArg);
  EXPECT_EQ(su.route_table(nullptr, 1), Status::kBadArg);
  EXPECT_EQ(su.routed_event(24).status(), Status::kBadArg);
  EXPECT_EQ(su.set_overflow_mask(1u << 24), Status::kBadArg);
  EXPECT_EQ(su.set_overflow_irq(24, true), Status::kBadArg);
  EXPECT_EQ(su.set_weight(8, 1), Status::kBadArg);   // 4 cores: inputs 0..7
  EXPECT_EQ(su.set_weight(0, 256), Status::kBadArg);  // defect 9
  EXPECT_EQ(su.set_weights(b8, 9), Status::kBadArg);
  EXPECT_EQ(su.set_weights(nullptr, 2), Status::kBadArg);
  EXPECT_EQ(su.weight(8).status(), Status::kBadArg);
  EXPECT_EQ(su.set_budget(4, 1), Status::kBadArg);   // defect 1: core == N
  EXPECT_EQ(su.remaining_budget(4).status(), Status::kBadArg);  // defect 20
  EXPECT_EQ(su.refill(4), Status::kBadArg);
  EXPECT_EQ(su.refill_cores(0), Status::kBadArg);
  EXPECT_EQ(su.refill_cores(0x10), Status::kBadArg);
  EXPECT_EQ(su.set_rdc_threshold(8, 1), Status::kBadArg);
  EXPECT_EQ(su.watermark(8).status(), Status::kBadArg);  // defect 20
  EXPECT_EQ(su.read_watermarks(b8, 9), Status::kBadArg);
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

TEST(SafesuDriver, MakingADriverTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  static SafeSU su{kBase, k6c256};  // constant-initialised, no constructor code
  EXPECT_EQ(su.base(), kBase);
  EXPECT_EQ(su.layout().total_nregs, 55u);
}

}  // namespace
