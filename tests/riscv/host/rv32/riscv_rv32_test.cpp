// SPDX-License-Identifier: Apache-2.0
// Standard counters on RV32: hi/lo/hi against a model whose low half wraps
// between the reads, split writes and event selectors, RV32 OF handling.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "host/backend.hpp"
#include "../counter_config_helper.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CW;

static_assert(hal::kXlen == 32, "this file is built with PMU_HOST_XLEN=32");

using pmu::test::cfg;

TEST(RiscvRv32, HiLoHiRetriesWhenTheLowHalfWrapsBetweenReads) {
  models::RiscvCsrConfig mc;
  mc.xlen = 32;
  mc.num_hpm = 1;
  models::RiscvCsrModel model(mc);
  model.set_event_rate(4, 1);
  test::ModelBus bus(1);  // one count per CSR access
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8, false));
  ASSERT_EQ(c.program(3, make_hpm_event(4).value()), Status::kOk);
  model.set_counter(3, 0xFFFFFFFEull);
  bus.clear_log();
  // hi 0, lo, hi 1: the low half wrapped in between, so hi, lo, hi again
  // (the unprivileged spec's idiom; the counter moves one per access).
  EXPECT_EQ(c.read(3).value(), 0x100000002ull);
  EXPECT_EQ(bus.log, (std::vector<test::Access>{CR(0xB83, 0), CR(0xB03, 0xFFFFFFFF), CR(0xB83, 1), CR(0xB83, 1),
                                                CR(0xB03, 2), CR(0xB83, 1)}));
}

TEST(RiscvRv32, HiLoHiIsConsistentForEveryPhaseAndRateAroundTheWrap) {
  for (uint64_t rate = 1; rate <= 4; ++rate) {
    for (uint64_t start = 0xFFFFFFF0ull; start <= 0x100000004ull; ++start) {
      models::RiscvCsrConfig mc;
      mc.xlen = 32;
      models::RiscvCsrModel model(mc);
      test::ModelBus bus(rate);
      bus.map_csr(&model);
      test::ScopedBackend use(bus);
      Counters c(cfg(0x1, false));
      model.set_counter(0, start);
      const uint64_t v = c.read(0).value();
      // The value existed at some instant of the read: between start and end,
      // and never the torn hi-old/lo-new combination.
      EXPECT_GE(v, start) << rate << " " << start;
      EXPECT_LE(v, model.counter(0)) << rate << " " << start;
    }
  }
}

TEST(RiscvRv32, WriteIsLoZeroThenHiThenLo) {
  test::ExpectBackend bus;
  bus.expect({CW(0xB05, 0), CW(0xB85, 0x12345678), CW(0xB05, 0x9ABCDEF0)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x20));
  EXPECT_EQ(c.write(5, 0x123456789ABCDEF0ull), Status::kOk);
}

TEST(RiscvRv32, ProgramWritesHighHalfFirstWithSscofpmf) {
  test::ExpectBackend bus;
  bus.expect({CW(0x723, 0x40000000), CW(0x323, 9)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.program(3, make_hpm_event(9, inhibit::kM).value()), Status::kOk);
}

TEST(RiscvRv32, ProgramWithoutSscofpmfTouchesOnlyTheLowHalfAndRejectsHighBits) {
  test::ExpectBackend bus;
  bus.expect(CW(0x323, 9));
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8, false));
  EXPECT_EQ(c.program(3, make_hpm_event(9).value()), Status::kOk);
  EXPECT_EQ(c.program(3, make_hpm_event(9, inhibit::kM).value()), Status::kBadArg);
  // Selector bits 55:32 would go to mhpmevent3h, which exists only with
  // Sscofpmf: refused too, before any access (the low half alone was written).
  EXPECT_EQ(c.program(3, HpmEvent{(uint64_t{1} << 40) | 9}), Status::kBadArg);
  EXPECT_EQ(c.program(3, HpmEvent{(uint64_t{1} << 32) | 9}), Status::kBadArg);
}

// clear_overflow() with a narrow counter's total on RV32: the fold reads OF
// in mhpmevent3h (bit 31) around the hi/lo/hi value, then clears it there.
TEST(RiscvRv32, ClearOverflowFoldsThroughTheHighHalf) {
  test::ExpectBackend bus;
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  bus.expect({CR(0xB83, 0), CR(0xB03, 0x10), CR(0xB83, 0), CR(0x723, 0),     // set_width(3, 12)
              CR(0x723, 0x80000000), CR(0xB83, 0), CR(0xB03, 0x20), CR(0xB83, 0),
              CR(0x723, 0x80000000),                                          // fold: OF set
              CC(0x723, 0x80000000),                                          // cleared,
              CR(0x723, 0), CR(0xB83, 0), CR(0xB03, 0x28), CR(0xB83, 0),      // fold again,
              CR(0x723, 0),                                                   // OF read back
              CR(0x723, 0), CR(0xB83, 0), CR(0xB03, 0x30), CR(0xB83, 0),      // read64
              CR(0x723, 0)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.set_width(3, 12), Status::kOk);
  ASSERT_EQ(c.clear_overflow(3), Status::kOk);
  EXPECT_EQ(c.read64(3).value(), 0x1000u + 0x20u);
}

TEST(RiscvRv32, HookClearsOfInTheHighHalf) {
  test::ExpectBackend bus;
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8), CC(0x723, 0x80000000)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x8u);
}

// event() on RV32: with Sscofpmf the high half (OF, xINH) is joined from
// mhpmeventNh; without it mhpmeventNh does not exist and is never read.
TEST(RiscvRv32, EventRoundTripsWithSscofpmfThroughBothHalves) {
  models::RiscvCsrConfig mc;
  mc.xlen = 32;
  mc.sscofpmf = true;
  mc.num_hpm = 2;
  models::RiscvCsrModel model(mc);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  Counters c(cfg(0x18));
  const HpmEvent ev = make_hpm_event(0x123456789ull, inhibit::kS | inhibit::kVu).value();
  ASSERT_EQ(c.program(4, ev), Status::kOk);
  EXPECT_EQ(c.event(4).value().raw, ev.raw);
  EXPECT_EQ(model.event(4), ev.raw);
}

TEST(RiscvRv32, EventWithoutSscofpmfReadsOnlyTheLowHalf) {
  test::ExpectBackend bus;
  bus.expect({CW(0x323, 0x1234), CR(0x323, 0x1234)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8, false));
  ASSERT_EQ(c.program(3, HpmEvent{0x1234}), Status::kOk);
  EXPECT_EQ(c.event(3).value().raw, 0x1234u);
}

TEST(RiscvRv32, EventWithSscofpmfJoinsTheHighHalf) {
  test::ExpectBackend bus;
  bus.expect({CR(0x323, 0x1234), CR(0x723, 0x90000000)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.event(3).value().raw, 0x9000000000001234ull);
}

TEST(RiscvRv32, InitZeroesBothEventHalves) {
  test::ExpectBackend b2;
  b2.expect({pmu::test::CS(0x320, 0x8), CW(0x723, 0), CW(0x323, 0)});
  test::ScopedBackend use(b2);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.init(), Status::kOk);
}
// AME is RV64 only (no h halves): on RV32 every call of a declared AME file
// is kUnavailable and touches nothing.
TEST(RiscvRv32, AmeFileIsUnavailableAndTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  ame::AmeConfig ac;
  ac.declared = true;
  ame::AmeCounters c(ac);
  EXPECT_EQ(c.init(), Status::kUnavailable);
  EXPECT_EQ(c.read(3).status(), Status::kUnavailable);
  EXPECT_EQ(c.read64(0).status(), Status::kUnavailable);
  EXPECT_EQ(c.write(3, 1), Status::kUnavailable);
  EXPECT_EQ(c.start(0x8), Status::kUnavailable);
  EXPECT_EQ(c.stop(0x8), Status::kUnavailable);
  EXPECT_EQ(c.program(3, make_hpm_event(1).value()), Status::kUnavailable);
  EXPECT_EQ(c.event(3).status(), Status::kUnavailable);
  EXPECT_EQ(c.overflow_vector().status(), Status::kUnavailable);
  EXPECT_EQ(c.handle_overflow_irq().status(), Status::kUnavailable);
  EXPECT_EQ(c.enable_overflow_irq(), Status::kUnavailable);
  EXPECT_EQ(c.probe_width(3).status(), Status::kUnavailable);
  EXPECT_EQ(ame::program(c, 3, ame::Composition{}), Status::kUnavailable);
  EXPECT_EQ(ame::set_counteren(c, 0, 0, 0), Status::kUnavailable);
}

// RV32 keeps OF in mhpmeventNh (bit 31, docs/hw/riscv-counters.md): the
// per-counter source reads each high half and serves only the counters
// whose OF is set; counter 3's high half carries other bits but no OF.
TEST(RiscvRv32, EventOfSourceServesOnlyTheCountersWhoseHighHalfHasOf) {
  test::ExpectBackend bus;
  Counters c(cfg(0x18, true, OverflowSource::kEventOf));
  bus.expect({CC(0x344, 0x2000), CR(0x723, 0x2), CR(0x724, 0x80000002u), CC(0x724, 0x80000000u)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x10u);
}

}  // namespace
