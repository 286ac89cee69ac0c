// SPDX-License-Identifier: Apache-2.0
// SafeSU 64-bit totals (Totals, attached with track_totals) against the
// model's own increment count (Model::increments), at bus gaps 0, 1 and 4: no
// count lost or invented, whether the totals are driven by the overflow
// interrupt alone, by periodic reads, or both; a preload of exactly
// 0xFFFFFFFF (issue 10 item 1), with the counter's mask bit on or off; a
// write or reset while the overflow unit is disabled; a pass seen by a read
// and then cleared by another counter's hook, or whose flag that hook's
// clear took unseen and a read saw after; a flag latched in the last cycles
// before a write or reset; a counter parked on 0xFFFFFFFF; a pass with the
// counter's mask bit off, the bit then turned on.
#include <gtest/gtest.h>

#include <random>

#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;
constexpr uintptr_t kBase = 0x80100000;
constexpr uint64_t kPeriod = uint64_t{1} << 32;

class SafesuExtension : public ::testing::TestWithParam<uint32_t> {
 public:  // (callbacks in the tests reach the rig through a pointer)
  SafesuExtension() : model_(Model::Config{}), bus_(GetParam()), su_(kBase, k4c128), use_(bus_) {
    bus_.map(kBase, Model::kWindowSize, &model_);
    EXPECT_EQ(su_.attach_callbacks(&callbacks_), Status::kOk);
    EXPECT_EQ(su_.track_totals(&totals_), Status::kOk);
  }
  // Counter k counts every cycle (self-test mode 01); overflow armed.
  void arm(unsigned k = 0) {
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(1u << k), Status::kOk);
    ASSERT_EQ(su_.enable_overflow(), Status::kOk);
    ASSERT_EQ(su_.write(k, 0), Status::kOk);
    base_total_ = su_.read64(k).value();
    base_incs_ = model_.increments(k);
    ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  }
  // What the driver says counter k counted since arm(), against the truth.
  void expect_exact(unsigned k = 0) {
    ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
    const uint64_t driver = su_.read64(k).value() - base_total_;
    const uint64_t truth = model_.increments(k) - base_incs_;
    EXPECT_EQ(driver, truth) << "driver " << driver << " truth " << truth;
  }
  // Counters 0 and 1 count every cycle, counter 1 passing 0xFFFFFFFF 0x80
  // cycles after counter 0, whose callback takes 0x200 cycles (and reads
  // counter 1 at its end if asked): counter 1's flag latches after the
  // hook's snapshot and before its clear. Takes that hook (it serves counter
  // 0 only), then leaves counter 1's overflow alone armed, the callback
  // gone. expect_exact(1) compares from before all this.
  void counter1_passes_during_counter0s_callback(bool read_in_callback) {
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(0x3), Status::kOk);
    ASSERT_EQ(su_.enable_overflow(), Status::kOk);
    ASSERT_EQ(su_.write(0, 0xFFFFFF00u), Status::kOk);
    ASSERT_EQ(su_.write(1, 0xFFFFFE80u), Status::kOk);
    base_total_ = su_.read64(1).value();
    base_incs_ = model_.increments(1);
    read_in_callback_ = read_in_callback;
    ASSERT_EQ(su_.on_overflow(0, {[](void* c, unsigned) {
                                    auto* self = static_cast<SafesuExtension*>(c);
                                    self->bus_.advance(0x200);
                                    if (self->read_in_callback_) (void)self->su_.read64(1);
                                  }, this}),
              Status::kOk);
    ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
    bus_.advance(0x100);
    ASSERT_TRUE(overflow_line());
    ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);  // counter 1's flag was not in the snapshot
    EXPECT_EQ(model_.overflow_flags(), 0u) << "the clear took counter 1's flag unseen";
    ASSERT_EQ(su_.on_overflow(0, {}), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(0x2), Status::kOk);
  }
  bool overflow_line() const { return (model_.irq_outputs() & Model::kIrqOverflow) != 0; }
  // Run until the overflow line rises, then 'latency' more cycles, then
  // take the interrupt: the hook is the only observer.
  void run_to_interrupt(uint64_t latency) {
    uint64_t guard = 0;
    while (!overflow_line()) {
      bus_.advance(1u << 20);
      ASSERT_LT(++guard, 8192u) << "no overflow within 2^33 cycles";
    }
    bus_.advance(latency);
    ASSERT_TRUE(su_.handle_overflow_irq().ok());
    EXPECT_FALSE(overflow_line());
  }

  Model model_;
  test::ModelBus bus_;
  SafeSU su_;
  test::ScopedBackend use_;
  Callbacks callbacks_;
  Totals totals_;
  uint64_t base_total_ = 0;
  bool read_in_callback_ = false;
  uint64_t base_incs_ = 0;
};

TEST_P(SafesuExtension, OverflowInterruptAloneKeepsTheTotalAcrossManyWraps) {
  arm();
  for (int wrap = 0; wrap < 6; ++wrap) run_to_interrupt(wrap * 1000);
  expect_exact();
  EXPECT_GT(model_.increments(0) - base_incs_, 6 * kPeriod - (1u << 21));
}

TEST_P(SafesuExtension, InterruptWithTheSameLatencyEveryPeriodLosesNothing) {
  // The hook sees the same raw value each time: raw - last is 0 mod 2^32,
  // and only the flag tells that a whole period passed.
  arm();
  for (int wrap = 0; wrap < 4; ++wrap) run_to_interrupt(0);
  expect_exact();
}

// read64() reads the flags only when unsure (docs/safesu.md §3): made after
// a whole period only the flag shows, before the hook, it is short by
// exactly 2^32, and the hook's fold adds it.
TEST_P(SafesuExtension, ARead64AfterAPeriodOnlyTheFlagShowsIsShortUntilTheHookFoldsIt) {
  arm();
  (void)su_.read64(0);
  bus_.advance(kPeriod + 0x100);  // round once and a little further than the read
  ASSERT_TRUE(overflow_line());
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  const uint64_t truth = model_.increments(0) - base_incs_;
  ASSERT_GT(truth, kPeriod);
  EXPECT_EQ(su_.read64(0).value() - base_total_, truth - kPeriod);
  ASSERT_TRUE(su_.handle_overflow_irq().ok());
  expect_exact();
}

TEST_P(SafesuExtension, RandomMixOfReadsAndInterruptsLosesNothing) {
  arm();
  std::mt19937_64 rng(20261122 + GetParam());
  for (int step = 0; step < 400; ++step) {
    bus_.advance(rng() % (kPeriod / 8));
    if (overflow_line() && (rng() & 1)) {
      ASSERT_TRUE(su_.handle_overflow_irq().ok());
    }
    if ((rng() % 3) == 0) (void)su_.read64(0);
  }
  if (overflow_line()) {
    ASSERT_TRUE(su_.handle_overflow_irq().ok());
  }
  expect_exact();
}

// Issue 10 item 1: writing 0xFFFFFFFF sets the flag from the write itself
// (docs/hw/safesu.md §8); that flag is no pass the total lacks. Event active,
// so the counter moves on from the write: the hook must not add 2^32.
TEST_P(SafesuExtension, PreloadOfAllOnesCountsNoPeriodTheCounterNeverMade) {
  for (const uint32_t preload : {0xFFFFFFFFu, 0xFFFFFFFEu}) {
    SCOPED_TRACE(testing::Message() << std::hex << preload);
    ASSERT_EQ(su_.set_overflow_mask(1u << 5), Status::kOk);
    ASSERT_EQ(su_.enable_overflow(), Status::kOk);
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);  // event active
    ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
    ASSERT_EQ(su_.write(5, preload), Status::kOk);
    // The counts since the write (its own cycle counts nothing, §3.2): how
    // far the counter has moved from the value written, whatever bus cycles
    // write() spent after it.
    const uint64_t incs = model_.increments(5) - static_cast<uint32_t>(model_.counter(5) - preload);
    bus_.advance(0x10);
    ASSERT_TRUE(overflow_line());
    ASSERT_EQ(su_.handle_overflow_irq().value(), 1u << 5);
    EXPECT_FALSE(overflow_line());
    ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
    const uint64_t counted = model_.increments(5) - incs;
    EXPECT_EQ(su_.read64(5).value(), uint64_t{preload} + counted);
    EXPECT_LT(counted, 0x100u);
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kNormal), Status::kOk);
  }
}

// A write of 0xFFFFFFFF with the mask bit on latches the flag at once (§8);
// a counter that stays on all ones (counting off) and is then cleared keeps
// re-latching it: either way the flag is the value written, no period.
TEST_P(SafesuExtension, PreloadOfAllOnesWithTheMaskBitOnOrParkedCountsNoPeriod) {
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);
  EXPECT_EQ(model_.overflow_flags(), 1u);
  ASSERT_EQ(su_.clear_overflow(), Status::kOk);  // the epoch ends; the parked counter re-latches
  bus_.advance(10);
  EXPECT_EQ(model_.overflow_flags(), 1u);
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  EXPECT_EQ(su_.read64(0).value(), 0xFFFFFFFFu);
}

// §2.3, §3.3: with the overflow unit disabled (CFG0 bit 2 = 0) the vector
// reads 0 but the flags keep latching. A flag latched then, before a write
// or reset, stands for counts they discard; enable_overflow(false) keeps it,
// and the hook that serves it must add no period.
TEST_P(SafesuExtension, AFlagHiddenByTheDisabledOverflowUnitBeforeAWriteOrResetCountsNoPeriod) {
  for (const bool by_reset : {false, true}) {
    SCOPED_TRACE(by_reset ? "reset" : "write");
    ASSERT_EQ(su_.disable_overflow(), Status::kOk);
    ASSERT_EQ(su_.clear_overflow(), Status::kOk);
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
    ASSERT_EQ(su_.write(0, 0xFFFFFF00u), Status::kOk);
    ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
    bus_.advance(1000);  // passes 0xFFFFFFFF: latched, hidden
    ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
    EXPECT_EQ(model_.overflow_flags(), 1u);
    EXPECT_EQ(su_.overflow_vector().value(), 0u) << "CFG0 bit 2 = 0: the vector reads 0";
    const uint32_t restart = by_reset ? 0u : 5u;
    ASSERT_EQ(by_reset ? su_.reset() : su_.write(0, restart), Status::kOk);
    const uint64_t incs = model_.increments(0);
    ASSERT_EQ(su_.enable_overflow(false), Status::kOk);  // the stale flag appears
    EXPECT_EQ(su_.overflow_vector().value(), 1u);
    EXPECT_TRUE(overflow_line());
    ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
    EXPECT_FALSE(overflow_line());
    EXPECT_EQ(su_.read64(0).value(), restart + (model_.increments(0) - incs));
  }
}

// Taking a hidden flag as latched is harmless when there was none: the
// counter's first flag after the write is a pass the hook sees in its window.
TEST_P(SafesuExtension, AWriteWithTheOverflowUnitDisabledAndNoFlagStillCountsTheNextPass) {
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFF00u), Status::kOk);  // CFG0 bit 2 = 0, nothing latched
  EXPECT_EQ(model_.overflow_flags(), 0u);
  const uint64_t incs = model_.increments(0);
  ASSERT_EQ(su_.enable_overflow(false), Status::kOk);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  run_to_interrupt(30);
  run_to_interrupt(30);  // and a whole period after it
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(0).value() - 0xFFFFFF00u, model_.increments(0) - incs);
}

// A counter whose pass through 0xFFFFFFFF a read saw, and whose flag another
// counter's hook then cleared: its next flag, a whole period later, still
// stands for a period (the clear ends what the earlier read accounted).
TEST_P(SafesuExtension, APassSeenByAReadBeforeAnotherHooksClearDoesNotHideTheNextPeriod) {
  counter1_passes_during_counter0s_callback(/*read_in_callback=*/true);
  EXPECT_FALSE(overflow_line());
  run_to_interrupt(77);  // only the interrupt observes counter 1 from now on
  expect_exact(1);
}

// The same pass, but its flag latched after the hook's snapshot and before
// its clear, so the clear took it unseen (the documented limit): the read
// the docs then ask for comes after the clear and sees the pass. It accounts
// for a pass from before the clear, so it must not make the hook take the
// counter's next flag, a whole period later, for that pass.
TEST_P(SafesuExtension, APassWhoseFlagAnotherHooksClearTookIsReadAfterAndTheNextPeriodStillCounts) {
  counter1_passes_during_counter0s_callback(/*read_in_callback=*/false);
  (void)su_.read64(1);   // within the period, as the docs ask: it sees the pass
  run_to_interrupt(77);  // only the interrupt observes counter 1 from now on
  expect_exact(1);
}

// The other side of the test above: the counter was last observed before a
// flag clear, and passes 0xFFFFFFFF after it. A read64() that sees that pass
// cannot tell it from one before the clear, so it reads the vector: the
// flag is latched, it stands for this pass, and the hook that serves it
// must add no period (without the vector read it added 2^32).
TEST_P(SafesuExtension, APassAReadSeesAfterAFlagClearIsTheOneItsLatchedFlagStandsFor) {
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.set_overflow_mask(0x2), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(1, 0xFFFFFF00u), Status::kOk);
  const uint64_t base = su_.read64(1).value();
  const uint64_t incs = model_.increments(1);
  ASSERT_EQ(su_.clear_overflow(), Status::kOk);  // counter 1 last observed before this clear
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(0x180);
  ASSERT_TRUE(overflow_line()) << "counter 1 passed 0xFFFFFFFF after the clear";
  const size_t before = bus_.log.size();
  (void)su_.read64(1);  // sees the pass: counter, then CFG0 and the vector
  EXPECT_EQ(bus_.log.size() - before, 3u);
  ASSERT_EQ(su_.handle_overflow_irq().value(), 2u);
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(1).value() - base, model_.increments(1) - incs);
}

// A counter written with 0xFFFFFFFF while counting (its flag latches at the
// write, §8) moves on, and a flag clear (clear_overflow, or
// enable_overflow(true)) takes the flag of that pass. Its next flag, a whole
// period later, is a new pass: the hook must add the period. (The total was
// last seen on all ones, taken as parked there: without the read after the
// clear, the hook took that flag for the parking and lost 2^32.)
TEST_P(SafesuExtension, AnAllOnesPreloadWhoseFlagAClearTookStillCountsTheNextPeriod) {
  for (const bool by_enable : {false, true}) {
    SCOPED_TRACE(by_enable ? "enable_overflow(true)" : "clear_overflow()");
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
    ASSERT_EQ(su_.enable_overflow(), Status::kOk);
    ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
    ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);
    const uint64_t incs = model_.increments(0) - static_cast<uint32_t>(model_.counter(0) - 0xFFFFFFFFu);
    bus_.advance(10);
    ASSERT_EQ(by_enable ? su_.enable_overflow(true) : su_.clear_overflow(), Status::kOk);
    EXPECT_EQ(model_.overflow_flags(), 0u) << "the flag of the preload's pass is gone";
    run_to_interrupt(40);  // only the interrupt observes the counter from here
    ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
    EXPECT_EQ(su_.read64(0).value(), 0xFFFFFFFFu + (model_.increments(0) - incs));
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kNormal), Status::kOk);
  }
}

// The same through another counter's hook: counter 0's callback preloads
// counter 1 with all ones (after the snapshot), counter 1 moves on, and the
// hook's clear takes the flag the write latched.
TEST_P(SafesuExtension, AnAllOnesPreloadInAnotherCountersCallbackStillCountsTheNextPeriod) {
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.set_overflow_mask(0x3), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(su_.on_overflow(0, {[](void* c, unsigned) {
                                  auto* self = static_cast<SafesuExtension*>(c);
                                  ASSERT_EQ(self->su_.write(1, 0xFFFFFFFFu), Status::kOk);
                                  self->base_incs_ = self->model_.increments(1) -
                                                     static_cast<uint32_t>(self->model_.counter(1) - 0xFFFFFFFFu);
                                  self->bus_.advance(0x20);
                                }, this}),
            Status::kOk);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(0x100);
  ASSERT_TRUE(overflow_line());
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  EXPECT_EQ(model_.overflow_flags(), 0u) << "the clear took counter 1's flag";
  ASSERT_EQ(su_.on_overflow(0, {}), Status::kOk);
  ASSERT_EQ(su_.set_overflow_mask(0x2), Status::kOk);
  run_to_interrupt(40);  // only the interrupt observes counter 1 from here
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(1).value(), 0xFFFFFFFFu + (model_.increments(1) - base_incs_));
}

// A flag needs the counter's mask bit (§3.3): with the bit off, a preload
// of 0xFFFFFFFF, or a pass a read sees, latches no flag, yet the total has
// that pass. Turning the bit on afterwards (either call) must not let the
// next flag, a whole period later, stand for that pass: the interrupt
// alone then keeps the total.
TEST_P(SafesuExtension, APassWithTheMaskBitOffThenTheBitOnStillCountsTheNextPeriod) {
  for (const bool by_read : {false, true}) {
    for (const bool whole_mask : {false, true}) {
      SCOPED_TRACE(testing::Message() << (by_read ? "a read saw the pass" : "an all-ones preload") << ", then "
                                      << (whole_mask ? "set_overflow_mask()" : "set_overflow_irq()"));
      ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
      ASSERT_EQ(su_.set_overflow_mask(0), Status::kOk);
      ASSERT_EQ(su_.enable_overflow(), Status::kOk);
      ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
      const uint32_t preload = by_read ? 0xFFFFFF00u : 0xFFFFFFFFu;
      ASSERT_EQ(su_.write(0, preload), Status::kOk);
      const uint64_t incs = model_.increments(0) - static_cast<uint32_t>(model_.counter(0) - preload);
      bus_.advance(0x200);
      if (by_read) {
        ASSERT_LT(model_.counter(0), 0x400u) << "the counter passed all ones";
        // The increments when the counter held the value read: the bus
        // cycles after the read count too.
        const uint64_t total = su_.read64(0).value();
        const uint64_t incs_then = model_.increments(0) - static_cast<uint32_t>(model_.counter(0) - total);
        ASSERT_EQ(total, uint64_t{preload} + (incs_then - incs)) << "the read saw the pass";
      }
      EXPECT_EQ(model_.overflow_flags(), 0u) << "no flag: the mask bit was off";
      ASSERT_EQ(whole_mask ? su_.set_overflow_mask(1) : su_.set_overflow_irq(0, true), Status::kOk);
      run_to_interrupt(40);  // only the interrupt observes the counter from here
      ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
      EXPECT_EQ(su_.read64(0).value(), uint64_t{preload} + (model_.increments(0) - incs));
      ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kNormal), Status::kOk);
    }
  }
}

// The same preload with the counter parked on all ones (counting off): the
// bit going on latches its flag, which stands for the preload's pass, so
// the hook adds no period, and the next pass is one.
TEST_P(SafesuExtension, AParkedAllOnesPreloadWhoseBitGoesOnLatchesTheFlagOfTheSamePass) {
  ASSERT_EQ(su_.set_overflow_mask(0), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);
  EXPECT_EQ(model_.overflow_flags(), 0u);
  ASSERT_EQ(su_.set_overflow_irq(0, true), Status::kOk);
  EXPECT_EQ(model_.overflow_flags(), 1u) << "the bit latched the parked counter's flag";
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  const uint64_t incs = model_.increments(0);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(0x40);
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  run_to_interrupt(40);
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(0).value(), 0xFFFFFFFFu + (model_.increments(0) - incs));
}

// A counter parked on all ones through a flag clear re-latches its flag at
// the release (§8): read after the clear, it is still on all ones and its
// flag latched, so the hook that serves that flag adds no period, and a
// counter that leaves all ones after the release is the same pass.
TEST_P(SafesuExtension, ACounterParkedOnAllOnesThroughAClearIsTheSamePass) {
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);  // counting off: parked
  const size_t before = bus_.log.size();
  ASSERT_EQ(su_.clear_overflow(), Status::kOk);
  EXPECT_EQ(bus_.log.size() - before, 6u) << "the pulse (1R 2W), then the counter, CFG0 and the vector";
  EXPECT_EQ(model_.overflow_flags(), 1u);
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  const uint64_t incs = model_.increments(0);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);  // leaves all ones, flag latched
  bus_.advance(0x40);
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  run_to_interrupt(40);  // and the next pass is a period
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(0).value(), 0xFFFFFFFFu + (model_.increments(0) - incs));
  const size_t after = bus_.log.size();
  ASSERT_EQ(su_.clear_overflow(), Status::kOk);
  EXPECT_EQ(bus_.log.size() - after, 3u) << "no counter on all ones: the pulse alone";
}

// A write or reset whose counter reaches 0xFFFFFFFF in the last bus cycles
// before it (between the driver's reads and its write): the flag latched
// then stands for counts the write or reset discards, so the hook must add
// no period for it, whatever cycle it latched in. The sweep puts that cycle
// everywhere in and around the call, at each bus gap.
TEST_P(SafesuExtension, AFlagLatchedJustBeforeAWriteOrResetCountsNoPeriod) {
  for (const bool by_reset : {false, true}) {
    for (uint32_t delay = 0; delay < 24; ++delay) {
      SCOPED_TRACE(testing::Message() << (by_reset ? "reset" : "write") << " " << delay
                                      << " idle cycles after the start");
      ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
      ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
      ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
      ASSERT_EQ(su_.write(0, 0xFFFFFFF0u), Status::kOk);
      ASSERT_EQ(su_.enable_overflow(), Status::kOk);
      ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
      bus_.advance(delay);
      ASSERT_EQ(by_reset ? su_.reset() : su_.write(0, 100), Status::kOk);
      const uint32_t restart = by_reset ? 0u : 100u;
      const uint64_t incs = model_.increments(0) - (model_.counter(0) - restart);
      bus_.advance(50);
      if (overflow_line()) {
        ASSERT_TRUE(su_.handle_overflow_irq().ok());
      }
      ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
      EXPECT_EQ(su_.read64(0).value(), restart + (model_.increments(0) - incs));
    }
  }
}

TEST_P(SafesuExtension, CounterParkedOnAllOnesIsMovedOffWithoutCountingAPeriod) {
  // Counting off and the counter written to 0xFFFFFFFF: the detector sees an
  // all-ones next value every cycle, so the flag would come back at once.
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);
  const uint64_t before = su_.read64(0).value();
  bus_.advance(10);
  ASSERT_TRUE(overflow_line());
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  bus_.advance(10);
  EXPECT_FALSE(overflow_line()) << "a parked counter keeps the line up: storm";
  EXPECT_EQ(model_.counter(0), 0u);
  EXPECT_EQ(su_.read64(0).value(), before);
  // And counting goes on from there.
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  const uint64_t incs = model_.increments(0);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(500);
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  EXPECT_EQ(su_.read64(0).value() - before, model_.increments(0) - incs);
}

INSTANTIATE_TEST_SUITE_P(Gaps, SafesuExtension, ::testing::Values(0u, 1u, 4u),
                         [](const ::testing::TestParamInfo<uint32_t>& p) { return "gap" + std::to_string(p.param); });

// The Totals arithmetic alone.
TEST(SafesuTotals, ZeroStorageStartsAtTheFirstRawValueWithNothingAccounted) {
  Totals t;
  EXPECT_EQ(t.observe(3, 12345), 12345u);
  // A flag seen with no visible pass stands for a period.
  EXPECT_EQ(t.observe_flagged(4, 10), (uint64_t{1} << 32) + 10);
}

TEST(SafesuTotals, AFlagIsAccountedOncePerClear) {
  Totals t;
  t.restart(0, 0xFFFFFFF0u, false);
  EXPECT_EQ(t.observe(0, 0x10), 0xFFFFFFF0ull + 0x20);  // saw the pass
  EXPECT_EQ(t.observe_flagged(0, 0x20), 0xFFFFFFF0ull + 0x30);  // the flag is that pass
  t.flags_cleared();
  EXPECT_EQ(t.observe_flagged(0, 0x20), 0xFFFFFFF0ull + 0x30 + (uint64_t{1} << 32));  // a new one
  t.flags_cleared();
  t.restart(1, 0xFFFFFFFFu, true);  // a write of all ones flags from the write
  EXPECT_EQ(t.observe_flagged(1, 3), 0xFFFFFFFFull + 4);
  t.flags_cleared();
  t.moved(1, 0);  // moved off all ones by the hook: the total stays
  EXPECT_EQ(t.observe(1, 5), 0xFFFFFFFFull + 9);
  // A write while the flag is latched: the flag stands for the counts
  // before it; without one, a flag is a new pass.
  t.restart(2, 100, true);
  EXPECT_EQ(t.observe_flagged(2, 110), 110u);
  t.restart(3, 100, false);
  EXPECT_EQ(t.observe_flagged(3, 110), (uint64_t{1} << 32) + 110);
}

// The epochs are 32-bit and step by 2: after 2^31 clears they come round
// to the mark of a tag written 2^31 clears ago (and, one clear before, to
// 0, the tag of no epoch). A counter last observed then, with a pass
// accounted, must not be taken as observed in the current epoch: its next
// flag, after so many clears, is a new pass. (2^31 clears: about 2.5 days
// of a hook at 10 kHz.)
TEST(SafesuTotals, EpochsComeRoundWithoutAnOldTagTakenForTheCurrentEpoch) {
  Totals t;
  t.restart(0, 100, true);  // flagged at the write: a pass accounted in epoch 0
  t.restart(1, 100, false);
  for (uint32_t n = 0; n < (1u << 31) - 1; ++n) (void)t.flags_cleared();
  EXPECT_TRUE(t.unsure(1, 50)) << "a pass counter 1 shows followed a clear it was not observed in";
  (void)t.flags_cleared();  // 2^31 clears: the epoch counter 0 was written in comes round
  EXPECT_EQ(t.observe_flagged(0, 110), 100 + kPeriod + 10) << "the old tag was taken as current";
  // And the epochs go on as before: a flag is a new pass unless the
  // counter's pass was seen since the clear.
  t.restart(2, 100, false);
  EXPECT_EQ(t.observe_flagged(2, 110), 100 + kPeriod + 10);
  t.restart(3, 100, false);
  EXPECT_EQ(t.observe(3, 50), kPeriod + 50);
  EXPECT_EQ(t.observe_flagged(3, 60), kPeriod + 60);
}

TEST(SafesuTotals, APassSeenAfterAClearTheCounterWasLastObservedBeforeIsUnsure) {
  Totals t;
  t.restart(0, 0xFFFFFF00u, false);
  EXPECT_FALSE(t.unsure(0, 0xFFFFFF80u));  // no pass
  EXPECT_FALSE(t.unsure(0, 0x10));         // a pass after the restart: the clear is older
  t.flags_cleared();
  EXPECT_FALSE(t.unsure(0, 0xFFFFFF80u));
  EXPECT_TRUE(t.unsure(0, 0x10));  // before or after this clear: the flag tells
  EXPECT_EQ(t.observe(0, 0x10), 0xFFFFFF00ull + 0x110);
  // Not latched (flag_latched not called): the next flag is a new pass.
  EXPECT_EQ(t.observe_flagged(0, 0x20), 0xFFFFFF00ull + 0x120 + (uint64_t{1} << 32));
  t.flags_cleared();
  t.restart(1, 0xFFFFFF00u, false);
  t.flags_cleared();
  EXPECT_TRUE(t.unsure(1, 0x10));
  EXPECT_EQ(t.observe(1, 0x10), 0xFFFFFF00ull + 0x110);
  t.flag_latched(1);  // latched: the flag is this pass
  EXPECT_EQ(t.observe_flagged(1, 0x20), 0xFFFFFF00ull + 0x120);
  // Observed in this epoch: a pass seen now is accounted without asking.
  t.flags_cleared();
  EXPECT_EQ(t.observe(1, 0x30), 0xFFFFFF00ull + 0x130);
  EXPECT_FALSE(t.unsure(1, 0x20));
}

}  // namespace
