// SPDX-License-Identifier: Apache-2.0
// The 64-bit total of a narrow Sscofpmf counter when OF does not follow the
// wraps one for one: the file clears OF (clear_overflow, program), OF is held
// set as the interrupt disable (docs/hw/riscv-counters.md §2.3: "If OF was
// already 1, no new request is made"), or no hook runs at all. Every total is
// compared with the model's own count of events (its wraps and value).
#include <gtest/gtest.h>

#include <utility>

#include "counter_config_helper.hpp"
#include "host/backend.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "csr_model_helper.hpp"

namespace {

using namespace pmu;
using namespace pmu::riscv;
using pmu::test::cfg;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;

constexpr unsigned kWidth = 12;
constexpr uint64_t kPeriod = uint64_t{1} << kWidth;
constexpr uint64_t kOf = uint64_t{1} << 63;

// One 12-bit hpm counter (3) of an Sscofpmf file on the CSR model, counting
// one event per cycle, its total tracked from zero at its current value.
struct NarrowCounter {
  static models::RiscvCsrConfig config() {
    return test::sscofpmf_csrs(1, kWidth);
  }
  explicit NarrowCounter(unsigned gap, uint64_t of = 0) : bus(gap) {
    model.set_event_rate(7, 1);
    bus.map_csr(&model);
    c.track_totals(&totals);
    EXPECT_EQ(c.init(), Status::kOk);
    EXPECT_EQ(c.probe_width(3).value(), kWidth);
    EXPECT_EQ(c.program(3, make_hpm_event(7).value().with(mhpmevent::kOf, of)), Status::kOk);
    EXPECT_EQ(c.reset_total(3), Status::kOk);  // (stopped: the model's count starts here too)
    wraps0 = model.wraps(3);
    value0 = model.counter(3);
    EXPECT_EQ(c.start(0x8), Status::kOk);
  }
  // The total, read with the counter stopped (the accesses take bus cycles),
  // and every event counted since reset_total(); the counter runs on after.
  std::pair<uint64_t, uint64_t> total_and_truth() {
    EXPECT_EQ(c.stop(0x8), Status::kOk);
    const uint64_t total = c.read64(3).value();
    const uint64_t truth = (model.wraps(3) - wraps0) * kPeriod + model.counter(3) - value0;
    EXPECT_EQ(c.start(0x8), Status::kOk);
    return {total, truth};
  }

  models::RiscvCsrModel model{config()};
  test::ModelBus bus;
  test::ScopedBackend use{bus};
  Counters c{cfg(0x8)};
  CounterTotals totals;
  uint64_t wraps0 = 0;
  uint64_t value0 = 0;
};

// The total equals the events counted (both read with the counter stopped).
::testing::AssertionResult exact(NarrowCounter& r) {
  const std::pair<uint64_t, uint64_t> tt = r.total_and_truth();
  if (tt.first == tt.second) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "total " << tt.first << ", events " << tt.second;
}

class RiscvTotalsOf : public ::testing::TestWithParam<unsigned> {};

// clear_overflow() folds the wrap that set OF before clearing it, whether a
// read saw OF pending or not: the wrap counts once.
TEST_P(RiscvTotalsOf, ClearOverflowCountsTheWrapOnce) {
  for (const bool read_while_pending : {true, false}) {
    NarrowCounter r(GetParam());
    r.bus.advance(kPeriod - 100);
    (void)r.c.read64(3);
    r.bus.advance(200);  // wraps: OF set
    ASSERT_TRUE(r.model.event(3) & kOf);
    if (read_while_pending) {
      EXPECT_TRUE(exact(r));
    }
    ASSERT_EQ(r.c.clear_overflow(3), Status::kOk);
    EXPECT_FALSE(r.model.event(3) & kOf);
    r.bus.advance(50);
    EXPECT_TRUE(exact(r)) << "read while pending: " << read_while_pending;
    r.bus.advance(kPeriod);  // the next wrap sets OF again: counted once more
    EXPECT_TRUE(exact(r));
  }
}

// Reprogramming the event (OF written 0) after an overflow nobody served.
TEST_P(RiscvTotalsOf, ReprogrammingAfterAnUnservedOverflowCountsTheWrapOnce) {
  NarrowCounter r(GetParam());
  r.bus.advance(kPeriod - 100);
  (void)r.c.read64(3);
  r.bus.advance(200);
  (void)r.c.read64(3);
  ASSERT_EQ(r.c.program(3, make_hpm_event(7).value()), Status::kOk);  // OF -> 0
  r.bus.advance(50);
  EXPECT_TRUE(exact(r));
}

// Reads only, one every 500 counts (8 per period), no hook. OF programmed 1
// holds the overflow interrupt off: no wrap sets it, so the reads count the
// wraps from the values. OF programmed 0: the first wrap sets it and it
// stays set; the reads count that wrap once and every later one from the
// values.
TEST_P(RiscvTotalsOf, ReadsAloneCountEveryWrapOnceWhetherOfStartsSetOrClear) {
  for (const uint64_t of : {uint64_t{1}, uint64_t{0}}) {
    SCOPED_TRACE(of ? "OF programmed 1" : "OF programmed 0");
    NarrowCounter r(GetParam(), of);
    for (int k = 0; k < 40; ++k) {
      r.bus.advance(500);
      (void)r.c.read64(3);
    }
    EXPECT_GE(r.model.wraps(3) - r.wraps0, 4u);
    EXPECT_TRUE(exact(r));
  }
}

// A read that finds OF set while the values do not show its wrap (a whole
// period since the last read) adds the period: the flag is what carries it.
TEST_P(RiscvTotalsOf, AWrapOnlyOfShowsIsCountedByTheReadThatSeesIt) {
  NarrowCounter r(GetParam());
  (void)r.c.read64(3);
  r.bus.advance(kPeriod + 30);  // wrapped, and past the last read's value
  ASSERT_TRUE(r.model.event(3) & kOf);
  EXPECT_TRUE(exact(r));
  r.bus.advance(100);
  EXPECT_TRUE(exact(r));  // OF still set: not counted again
}

INSTANTIATE_TEST_SUITE_P(BusGaps, RiscvTotalsOf, ::testing::Values(0u, 1u, 4u));

// The exact accesses of clear_overflow() with a narrow counter's total: the
// fold (OF, value, OF: mhpmevent3 bit 63 around mhpmcounter3), the clear (one
// csrrc of bit 63), then OF read again, which now stands for no wrap.
TEST(RiscvTotalsOfAccesses, ClearOverflowFoldsThenClears) {
  test::ExpectBackend bus;
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  bus.expect({CR(0xB03, 0x10), CR(0x323, 0),                 // set_width(3, 12): value, OF
              CR(0x323, kOf | 7), CR(0xB03, 0x20), CR(0x323, kOf | 7),  // fold: the wrap OF shows
              CC(0x323, kOf),                                // clear,
              CR(0x323, 7), CR(0xB03, 0x28), CR(0x323, 7),   // fold again, OF read back
              CR(0x323, 7), CR(0xB03, 0x30), CR(0x323, 7)});  // read64
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.set_width(3, kWidth), Status::kOk);
  ASSERT_EQ(c.clear_overflow(3), Status::kOk);
  EXPECT_EQ(c.read64(3).value(), kPeriod + 0x20u);  // 0x10 -> 0x20 through a wrap, then 0x10 more
}

// An Sscofpmf file's OF programmed set: the total stays that of the values.
TEST(RiscvTotalsOfAccesses, ProgrammingOfSetCountsNoWrap) {
  test::ExpectBackend bus;
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  bus.expect({CR(0xB03, 0x10), CR(0x323, 0),                // set_width(3, 12)
              CR(0x323, 0), CR(0xB03, 0x11), CR(0x323, 0),  // fold before the write
              CW(0x323, kOf | 7),                           // programmed,
              CR(0x323, kOf | 7), CR(0xB03, 0x12), CR(0x323, kOf | 7),  // fold again, OF read back
              CR(0x323, kOf | 7), CR(0xB03, 0x40), CR(0x323, kOf | 7)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.set_width(3, kWidth), Status::kOk);
  ASSERT_EQ(c.program(3, HpmEvent{kOf | 7}), Status::kOk);
  EXPECT_EQ(c.read64(3).value(), 0x30u);
}

// A wrap between the hook's fold and its acknowledge, while OF was already
// set (here programmed set), raises no flag, and the acknowledge then clears
// OF. The values count that wrap; it is not the pass the next OF stands
// for, so the next wrap, which sets OF, counts once more (it counted
// nothing: 2^12 lost, also after clear_overflow() or program() in that
// window; found by the RISC-V API fuzz test).
TEST(RiscvTotalsOfAccesses, AWrapWhileOfWasSetIsNotThePassOfTheNextOf) {
  test::ExpectBackend bus;
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  bus.expect({CR(0xB03, 0xF00), CR(0x323, 0),                             // set_width(3, 12)
              CR(0x323, 0), CR(0xB03, 0xF00), CR(0x323, 0),               // program: fold,
              CW(0x323, kOf | 7),                                         // OF programmed set,
              CR(0x323, kOf | 7), CR(0xB03, 0xF00), CR(0x323, kOf | 7),   // fold again
              CC(0x344, 0x2000), CR(0xDA0, 0x8),                          // hook: snapshot,
              CR(0x323, kOf | 7), CR(0xB03, 0xFFC),                       // fold at 0xFFC (OF still set),
              CC(0x323, kOf),                                             // (it wraps) OF cleared,
              CR(0x323, 7), CR(0xB03, 0x3), CR(0x323, 7),                 // fold again: the wrap
              CR(0x323, kOf | 7), CR(0xB03, 0x10), CR(0x323, kOf | 7)});  // read64: OF, a wrap more
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.set_width(3, kWidth), Status::kOk);
  ASSERT_EQ(c.program(3, HpmEvent{kOf | 7}), Status::kOk);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x8u);
  EXPECT_EQ(c.read64(3).value(), 2 * kPeriod + 0x10u - 0xF00u);  // 0xF00 -> 0x3 -> (a period) -> 0x10
}

}  // namespace
