// SPDX-License-Identifier: Apache-2.0
// Build-time counter files on RV32: hi/lo/hi reads through the compare
// dispatch, OF in the high event half, static totals folded by the hook,
// bad input and the RV64-only AME file touching nothing.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "host/backend.hpp"
#include "../callback_log.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;

static_assert(hal::kXlen == 32, "this file is built with PMU_HOST_XLEN=32");

constexpr CounterConfig kSmall{0xD, true, true, OverflowSource::kScountovf};
constexpr CounterConfig kAme = ame::AmeConfig{true, 0xFFFFFFFDu};
CounterCallbacks g_cbs;
CounterTotals g_totals;
FixedCounters<kSmall> g_bare;
FixedCounters<kSmall, StaticStorage<CounterCallbacks, g_cbs>, StaticStorage<CounterTotals, g_totals>> g_stored;

TEST(RiscvFixedRv32, ReadsAreHiLoHiOfTheirOwnCsrs) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB80, 1), CR(0xB00, 2), CR(0xB80, 1),               // cycle
              CR(0xB82, 3), CR(0xB02, 4), CR(0xB82, 4),               // instret: hi moved,
              CR(0xB82, 4), CR(0xB02, 5), CR(0xB82, 4),               // so all three again
              CR(0xB83, 0), CR(0xB03, 6), CR(0xB83, 0),               // hpm 3
              CC(0x320, 0xD)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.read64(0).value(), (uint64_t{1} << 32) | 2);
  EXPECT_EQ(g_bare.read64(2).value(), (uint64_t{4} << 32) | 5);
  EXPECT_EQ(g_bare.read(3).value(), 6u);
  EXPECT_EQ(g_bare.start(0xD), Status::kOk);
}

TEST(RiscvFixedRv32, HookClearsOfInTheHighHalfAfterTheCallbackAndTheFold) {
  g_cbs = CounterCallbacks{};
  g_totals = CounterTotals{};
  test::ExpectBackend bus;
  test::CallbackLog seen;
  seen.bus = &bus;
  bus.expect({CR(0xB83, 0), CR(0xB03, 0), CR(0xB83, 0)});  // reset_total
  test::ScopedBackend use(bus);
  ASSERT_EQ(g_stored.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(g_stored.reset_total(3), Status::kOk);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8), CR(0xB83, 0), CR(0xB03, 9), CR(0xB83, 0),
              CC(0x723, 0x80000000)});
  EXPECT_EQ(g_stored.handle_overflow_irq().value(), 0x8u);
  EXPECT_EQ(seen.log_at_call, std::vector<size_t>{5});
  EXPECT_EQ(g_totals.wide[3].total(), 9u);
}

TEST(RiscvFixedRv32, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.read(1).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read64(4).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read64(3).status(), Status::kUnavailable);  // no totals
  EXPECT_EQ(g_bare.start(0x12), Status::kBadArg);
  EXPECT_EQ(g_bare.stop(0), Status::kBadArg);
  EXPECT_EQ(g_bare.write(1, 0), Status::kBadArg);
  EXPECT_EQ(g_bare.on_overflow(3, {}), Status::kUnavailable);  // no callbacks compiled in
  // AME is RV64 only: a declared build-time AME file is unavailable on RV32.
  ame::FixedAmeCounters<kAme> a;
  EXPECT_EQ(a.read(0).status(), Status::kUnavailable);
  EXPECT_EQ(a.start(1), Status::kUnavailable);
  EXPECT_EQ(a.handle_overflow_irq().status(), Status::kUnavailable);
}

}  // namespace
