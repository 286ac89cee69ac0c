// SPDX-License-Identifier: Apache-2.0
// SafeSU storage fixed at build time (pmu/storage.hpp): a FixedSafeSU whose
// callbacks and totals are StaticStorage (the application's static tables,
// no pointer in the object) or NoStorage (compiled out). The exact register
// sequence of every call whose work depends on the storage, beside the same
// call on a driver with attached storage (safesu_driver_test.cpp), and "bad
// input touches nothing".
#include <gtest/gtest.h>

#include <vector>

#include "host/backend.hpp"
#include "pmu/safesu/safesu.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using pmu::test::R;
using pmu::test::W;

constexpr uintptr_t kBase = 0x80100000;
constexpr uint64_t A(unsigned idx) { return kBase + 4u * idx; }

Callbacks g_callbacks;
Totals g_totals;
using StaticBoth = FixedSafeSU<kBase, k4c128, StaticStorage<Callbacks, g_callbacks>, StaticStorage<Totals, g_totals>>;
using NoneBoth = FixedSafeSU<kBase, k4c128, NoStorage<Callbacks>, NoStorage<Totals>>;
static_assert(sizeof(StaticBoth) == 1 && sizeof(NoneBoth) == 1, "build-time storage takes no bytes");
static_assert(check_counter_unit<StaticBoth>() && check_counter_unit<NoneBoth>());

struct Calls {
  std::vector<unsigned> seen;
  static void record(void* ctx, unsigned source) { static_cast<Calls*>(ctx)->seen.push_back(source); }
  IrqCallback cb() { return {record, this}; }
};

struct SafesuStaticStorage : ::testing::Test {
  void SetUp() override {
    g_callbacks = Callbacks{};
    g_totals = Totals{};
  }
  test::ExpectBackend backend;
  StaticBoth su;
};

// ---- static storage: the tables are always there ----------------------------------
TEST_F(SafesuStaticStorage, TheObjectNamesTheStaticTables) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  EXPECT_EQ(su.callbacks(), &g_callbacks);
  EXPECT_EQ(su.totals(), &g_totals);
  Calls calls;
  EXPECT_EQ(su.on_overflow(23, calls.cb()), Status::kOk);
  EXPECT_EQ(g_callbacks.overflow[23].fn, &Calls::record);
  EXPECT_EQ(su.on_mccu(3, calls.cb()), Status::kOk);
  EXPECT_EQ(g_callbacks.mccu[3].fn, &Calls::record);
  EXPECT_EQ(su.on_rdc(7, calls.cb()), Status::kOk);
  EXPECT_EQ(g_callbacks.rdc[7].fn, &Calls::record);
  EXPECT_EQ(su.set_mccu_irq_policy(MccuIrqPolicy::kClearOnly), Status::kOk);
  EXPECT_EQ(g_callbacks.mccu_policy, MccuIrqPolicy::kClearOnly);
  EXPECT_EQ(su.on_ft(calls.cb()), Status::kUnavailable);  // k4c128 has no FT
  // Bad input touches nothing, storage included.
  EXPECT_EQ(su.on_overflow(24, calls.cb()), Status::kBadArg);
  EXPECT_EQ(su.on_mccu(4, calls.cb()), Status::kBadArg);
  EXPECT_EQ(su.on_rdc(8, calls.cb()), Status::kBadArg);
  EXPECT_EQ(su.read64(24).status(), Status::kBadArg);
  EXPECT_EQ(su.write(24, 1), Status::kBadArg);
  EXPECT_EQ(su.set_mccu_irq_policy(static_cast<MccuIrqPolicy>(2)), Status::kBadArg);
  EXPECT_EQ(g_callbacks.mccu_policy, MccuIrqPolicy::kClearOnly);
}

TEST_F(SafesuStaticStorage, TotalsAreTrackedAsWithAttachedStorage) {
  // As SafesuSeq.WriteIsOneWriteAndRestartsTheTrackedTotal and
  // WriteReadsTheVectorOnlyForATrackedTotalThatCouldBeFlagged.
  backend.expect({R(A(0), 0x4), W(A(3), 0xFFFFFFF0), R(A(26), 0), R(A(3), 0x10)});
  backend.expect({W(A(3), 0xFFFFFFFF)});
  backend.expect({R(A(0), 0x4), W(A(3), 9), R(A(26), 0x4), R(A(3), 10)});
  backend.expect({R(A(0), 0x4), W(A(0), 0x6), R(A(26), 0x4), W(A(0), 0x4)});
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.write(2, 0xFFFFFFF0), Status::kOk);
  EXPECT_EQ(su.read64(2).value(), 0xFFFFFFF0ull + 0x20);
  EXPECT_EQ(su.write(2, 0xFFFFFFFF), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFu);
  EXPECT_EQ(su.write(2, 9), Status::kOk);
  EXPECT_EQ(su.read64(2).value(), 10u);
  EXPECT_EQ(su.reset(), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0u);
}

TEST_F(SafesuStaticStorage, Sync64ReadsEveryCounterIntoTheStaticTotals) {
  for (unsigned k = 0; k < 24; ++k) backend.expect(R(A(1 + k), 100 + k));
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.sync64(), Status::kOk);
  for (unsigned k = 0; k < 24; ++k) EXPECT_EQ(g_totals.total(k), 100u + k);
}

TEST_F(SafesuStaticStorage, OverflowHookCallsBackFoldsAPeriodAndClears) {
  Calls calls;
  ASSERT_EQ(su.on_overflow(0, calls.cb()), Status::kOk);
  ASSERT_EQ(su.on_overflow(2, calls.cb()), Status::kOk);
  backend.expect({R(A(0), 0x5), W(A(1), 0x10), R(A(26), 0)});  // write(0, 0x10): no flag latched
  backend.expect({R(A(26), 0x5), R(A(1), 0x8), R(A(3), 0x2), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});
  // After the clear a new flag of counter 0 counts a new period (the epoch moved).
  backend.expect({R(A(26), 0x1), R(A(1), 0x9), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.write(0, 0x10), Status::kOk);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x5u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{0, 2}));
  // 0x10 -> flag (a pass through all ones) -> 0x8: 2^32 - 8 events.
  EXPECT_EQ(g_totals.total(0), 0x10ull + (uint64_t{1} << 32) - 8);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x1u);
  EXPECT_EQ(g_totals.total(0), 0x10ull + (uint64_t{2} << 32) - 7);
}

// A flag clear reads again each counter last observed on 0xFFFFFFFF, then
// CFG0 and the vector (docs/safesu.md §4). Moved on with no flag latched
// (the clear took the flag of its pass), its next flag is a new pass, a
// period; a second clear finds no counter left on all ones: the pulse
// alone. Moved on with its flag latched (it was still on all ones at the
// release, which latched the flag again), the flag is that same pass: no
// period.
TEST_F(SafesuStaticStorage, AFlagClearReadsAgainACounterLastSeenOnAllOnes) {
  backend.expect(W(A(3), 0xFFFFFFFF));                                 // write(2, all ones)
  backend.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5),            // clear_overflow: the pulse,
                  R(A(3), 0x6), R(A(0), 0x5), R(A(26), 0)});           // counter 2, CFG0, the vector
  backend.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});          // clear_overflow: the pulse alone
  backend.expect({R(A(26), 0x4), R(A(3), 0x9), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  backend.expect(W(A(3), 0xFFFFFFFF));                                 // write(2, all ones)
  backend.expect({R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x5),            // enable_overflow(true),
                  R(A(3), 0x1), R(A(0), 0x5), R(A(26), 0x4)});         // then the same reads
  backend.expect({R(A(26), 0x4), R(A(3), 0x5), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.write(2, 0xFFFFFFFF), Status::kOk);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 7);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x4u);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 7 + (uint64_t{1} << 32) + 3);
  EXPECT_EQ(su.write(2, 0xFFFFFFFF), Status::kOk);
  EXPECT_EQ(su.enable_overflow(true), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 2);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x4u);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 6);
}

// The same for a counter a read found on 0xFFFFFFFF, and for one still
// parked there at a clear: its flag latched again, the next clear reads it
// again too.
TEST_F(SafesuStaticStorage, AReadOnAllOnesAndACounterParkedThroughAClearAreReadAgain) {
  backend.expect({R(A(0), 0x4), W(A(3), 0x10), R(A(26), 0)});             // write(2, 0x10)
  backend.expect(R(A(3), 0xFFFFFFFF));                                    // read64(2): on all ones
  backend.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5),               // clear_overflow: the pulse,
                  R(A(3), 0xFFFFFFFF), R(A(0), 0x5), R(A(26), 0x4)});     // still parked, flag latched
  backend.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5),               // clear_overflow again:
                  R(A(3), 0x2), R(A(0), 0x5), R(A(26), 0)});              // moved on before the release
  backend.expect({R(A(26), 0x4), R(A(3), 0x5), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.write(2, 0x10), Status::kOk);
  EXPECT_EQ(su.read64(2).value(), 0xFFFFFFFFull);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 3);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x4u);  // a new pass: a period
  EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 3 + (uint64_t{1} << 32) + 3);
}

// A flag needs the counter's mask bit (§3.3): a pass a read saw while the
// bit was off latched none. Turning the bit on reads the flags before the
// write (the mask's own bits: the old mask, for one counter), and a counter
// with none latched forgets that pass, so the next flag counts a period;
// one last seen on all ones is read again after the write, and its flag
// then tells whether it left all ones after the bit went on (the flag of
// the same pass) or before (none: the next is a new pass). A bit already on, a flag already latched,
// the unit disabled (the vector hidden) or mask 0 read no flags or forget
// nothing.
TEST_F(SafesuStaticStorage, TurningAMaskBitOnForgetsAPassNoFlagStandsFor) {
  constexpr uint64_t kPeriod = uint64_t{1} << 32;
  backend.expect({R(A(0), 0x5), W(A(3), 0x10), R(A(26), 0)});                // write(2, 0x10)
  backend.expect(R(A(3), 0x3));                                             // read64(2): a pass, no flag
  backend.expect({R(A(25), 0), R(A(0), 0x5), R(A(26), 0), W(A(25), 0x4)});  // set_overflow_irq(2, on)
  backend.expect({R(A(26), 0x4), R(A(3), 0x5), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  backend.expect({R(A(25), 0x4), W(A(25), 0x4)});                           // the bit already on
  backend.expect({R(A(0), 0x5), R(A(26), 0x4), W(A(25), 0x4)});             // set_overflow_mask: flag latched
  backend.expect(W(A(25), 0));                                              // set_overflow_mask(0)
  backend.expect({R(A(25), 0), R(A(0), 0x1), W(A(25), 0x4)});               // unit disabled: vector hidden
  backend.expect(W(A(25), 0));                                              // set_overflow_mask(0)
  backend.expect(W(A(3), 0xFFFFFFFF));                                      // write(2, all ones), bit off
  backend.expect({R(A(0), 0x5), R(A(26), 0), W(A(25), 0x4),                 // set_overflow_mask(0x4),
                  R(A(3), 0x1), R(A(0), 0x5), R(A(26), 0x4)});              // left all ones after: flag latched
  backend.expect({R(A(26), 0x4), R(A(3), 0x4), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  backend.expect(W(A(25), 0));                                              // set_overflow_mask(0)
  backend.expect(W(A(3), 0xFFFFFFFF));                                      // write(2, all ones), bit off
  backend.expect({R(A(0), 0x5), R(A(26), 0), W(A(25), 0x4),                 // set_overflow_mask(0x4),
                  R(A(3), 0x1), R(A(0), 0x5), R(A(26), 0)});                // left all ones before: no flag
  backend.expect({R(A(26), 0x4), R(A(3), 0x4), R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});  // the hook
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.write(2, 0x10), Status::kOk);
  EXPECT_EQ(su.read64(2).value(), kPeriod + 3);
  EXPECT_EQ(su.set_overflow_irq(2, true), Status::kOk);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x4u);  // a new pass: a period
  EXPECT_EQ(g_totals.total(2), 2 * kPeriod + 5);
  EXPECT_EQ(su.set_overflow_irq(2, true), Status::kOk);
  EXPECT_EQ(su.set_overflow_mask(0x4), Status::kOk);
  EXPECT_EQ(su.set_overflow_mask(0), Status::kOk);
  EXPECT_EQ(su.set_overflow_irq(2, true), Status::kOk);
  EXPECT_EQ(su.set_overflow_mask(0), Status::kOk);
  for (const bool flag_latched : {true, false}) {
    EXPECT_EQ(su.write(2, 0xFFFFFFFF), Status::kOk);
    EXPECT_EQ(su.set_overflow_mask(0x4), Status::kOk);
    EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 2);
    EXPECT_EQ(su.handle_overflow_irq().value(), 0x4u);  // the preload's pass, or a new one
    EXPECT_EQ(g_totals.total(2), 0xFFFFFFFFull + 5 + (flag_latched ? 0 : kPeriod));
    if (flag_latched) {
      EXPECT_EQ(su.set_overflow_mask(0), Status::kOk);
    }
  }
}

TEST_F(SafesuStaticStorage, MccuHookFollowsTheStaticPolicy) {
  Calls calls;
  ASSERT_EQ(su.on_mccu(1, calls.cb()), Status::kOk);
  backend.expect({R(A(29), 0x41), W(A(29), 0x48), W(A(29), 0x41)});  // kRefill: update bit 3, enable off
  backend.expect({R(A(29), 0x41), W(A(29), 0x40), W(A(29), 0x41)});  // kClearOnly: enable off only
  test::ScopedBackend use(backend);
  EXPECT_EQ(su.handle_mccu_irq(1).value(), 0x2u);
  g_callbacks.mccu_policy = MccuIrqPolicy::kClearOnly;
  EXPECT_EQ(su.handle_mccu_irq(1).value(), 0x2u);
  EXPECT_EQ(calls.seen, (std::vector<unsigned>{1, 1}));
}

// ---- no storage: the features are compiled out ---------------------------------------
TEST(SafesuNoStorage, TotalsAndCallbacksAreUnavailableAndTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  NoneBoth su;
  Calls calls;
  EXPECT_EQ(su.callbacks(), nullptr);
  EXPECT_EQ(su.totals(), nullptr);
  EXPECT_EQ(su.read64(0).status(), Status::kUnavailable);
  EXPECT_EQ(su.sync64(), Status::kUnavailable);
  EXPECT_EQ(su.on_overflow(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.on_mccu(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.on_rdc(0, calls.cb()), Status::kUnavailable);
  EXPECT_EQ(su.set_mccu_irq_policy(MccuIrqPolicy::kClearOnly), Status::kUnavailable);
  // Bad input is still kBadArg, before anything else.
  EXPECT_EQ(su.read64(24).status(), Status::kBadArg);
  EXPECT_EQ(su.on_overflow(24, calls.cb()), Status::kBadArg);
  EXPECT_EQ(su.write(24, 0), Status::kBadArg);
  EXPECT_EQ(su.handle_mccu_irq(4).status(), Status::kBadArg);
}

TEST(SafesuNoStorage, NoCallDoesTotalsWork) {
  // reset: no vector read (2R 3W counting); write: 1W even of a value whose
  // flag could be latched; clear_overflow: the pulse alone.
  test::ExpectBackend backend;
  backend.expect({R(A(0), 0x5), W(A(0), 0x6), R(A(0), 0x6), W(A(0), 0x4), W(A(0), 0x5)});
  backend.expect(W(A(3), 9));
  backend.expect({R(A(0), 0x5), W(A(0), 0xD), W(A(0), 0x5)});
  backend.expect({R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x5)});  // enable_overflow(discard stale)
  test::ScopedBackend use(backend);
  NoneBoth su;
  EXPECT_EQ(su.reset(), Status::kOk);
  EXPECT_EQ(su.write(2, 9), Status::kOk);
  EXPECT_EQ(su.clear_overflow(), Status::kOk);
  EXPECT_EQ(su.enable_overflow(), Status::kOk);
}

TEST(SafesuNoStorage, HooksStillAcknowledge) {
  // As SafesuSeq.HooksWithoutCallbacksStillAcknowledge (incl. a parked
  // counter), with kRefill as the MCCU policy.
  test::ExpectBackend backend;
  backend.expect({R(A(26), 0x2), R(A(2), 0x9), R(A(0), 0x1), W(A(0), 0x9), W(A(0), 0x1)});
  backend.expect({R(A(26), 0x1), R(A(1), 0xFFFFFFFF), R(A(0), 0x5), W(A(0), 0xC), R(A(1), 0xFFFFFFFF), W(A(1), 0),
                  W(A(0), 0x5)});
  backend.expect({R(A(29), 0x41), W(A(29), 0x44), W(A(29), 0x41)});
  backend.expect({R(A(40), 0x1), R(A(29), 0x41), W(A(29), 0x01), W(A(29), 0x41)});
  test::ScopedBackend use(backend);
  NoneBoth su;
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x2u);
  EXPECT_EQ(su.handle_overflow_irq().value(), 0x1u);
  EXPECT_EQ(su.handle_mccu_irq(0).value(), 0x1u);
  EXPECT_EQ(su.handle_rdc_irq().value(), 0x1u);
}

}  // namespace
