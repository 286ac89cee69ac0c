// SPDX-License-Identifier: Apache-2.0
// The CM perf driver with build-time storage (pmu/storage.hpp): a static
// callback table and static totals (StaticStorage), or none (NoStorage). The
// register sequences are those of attached storage (cm_perf_seq_test.cpp);
// a feature compiled out costs no access and answers as if never attached;
// the objects hold no bytes for it; bad input touches nothing.
#include <gtest/gtest.h>

#include <string.h>

#include <vector>

#include "gcr_addresses.hpp"
#include "host/backend.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using pmu::test::R;
using pmu::test::W;

// The registers' addresses at the QEMU Malta GCR base (gcr_addresses.hpp).
using namespace cm_test;

// The application's storage, named in the types.
Callbacks g_table{};
Totals g_totals;

using StaticCallbacks = StaticStorage<Callbacks, g_table>;
using StaticTotals = StaticStorage<Totals, g_totals>;
// Both features, fixed at build time.
using Tracked = FixedPerf<kGcr, true, StaticCallbacks, StaticTotals>;
// Callbacks only (what the bench's untracked calls use).
using Untracked = FixedPerf<kGcr, true, StaticCallbacks, NoStorage<Totals>>;
// Neither.
using Bare = FixedPerf<kGcr, true, NoStorage<Callbacks>, NoStorage<Totals>>;
// A run-time base with build-time storage.
using RuntimeTracked = BasicPerf<RuntimeGcr, StaticCallbacks, StaticTotals>;

// ---- what the types promise ---------------------------------------------------------

static_assert(check_counter_unit<Tracked>() && check_counter_unit<Untracked>() && check_counter_unit<Bare>());
static_assert(is_counter_unit<RuntimeTracked>::value);
// Build-time storage holds no bytes: a FixedPerf with it is an empty object,
// a run-time one is its base and status.
static_assert(__is_empty(Tracked) && __is_empty(Untracked) && __is_empty(Bare));
static_assert(sizeof(RuntimeTracked) == sizeof(RuntimeGcr));
// Mixed: only the attached kind takes a pointer.
static_assert(sizeof(FixedPerf<kGcr, true, StaticCallbacks>) == sizeof(void*));
static_assert(sizeof(FixedPerf<kGcr, true, AttachedStorage<Callbacks>, NoStorage<Totals>>) == sizeof(void*));
// The defaults are attached storage: the run-time path and the C API keep
// their size.
static_assert(util::is_same<Perf, BasicPerf<RuntimeGcr, AttachedStorage<Callbacks>, AttachedStorage<Totals>>>::value);
static_assert(sizeof(Perf) == 4 * sizeof(void*));

template <typename Fn>
void expect_seq(std::initializer_list<test::Access> seq, Fn call) {
  test::ExpectBackend bus;
  bus.expect(seq);
  test::ScopedBackend use(bus);
  call();
  bus.verify();
}

struct Calls {
  std::vector<unsigned> sources;
};
void record(void* ctx, unsigned source) { static_cast<Calls*>(ctx)->sources.push_back(source); }

// The static storage starts fresh for every test.
class CmStorage : public ::testing::Test {
 protected:
  void SetUp() override {
    g_table = Callbacks{};
    g_totals = Totals{};
  }
};

// A fresh Totals is zero bytes only, so a static one (g_totals above) is in
// .bss, with no image in flash (make bench: RAM table): the hook's reset set
// starts empty as well as the totals.
TEST(CmTotals, AFreshOneIsAllZero) {
  static const Totals kFresh;
  static const unsigned char kZero[sizeof kFresh] = {};
  EXPECT_EQ(memcmp(&kFresh, kZero, sizeof kFresh), 0);
}

// ---- static totals: the attached sequences, nothing attached -----------------------

TEST_F(CmStorage, StaticTotalsExtendAcrossAWrapWithOneLoadEach) {
  Tracked p;
  expect_seq({R(kCnt1, 0xFFFFFFF0), R(kCnt1, 0x10), R(kCycleReg, 5)}, [&] {
    EXPECT_EQ(p.read64(kP1Counter).value(), 0xFFFFFFF0ull);
    EXPECT_EQ(p.read64(kP1Counter).value(), 0x100000010ull);
    EXPECT_EQ(p.read64(kCycleCounter).value(), 5u);
  });
  // The totals are the application's object: a second object of the type
  // carries on from them.
  Tracked q;
  expect_seq({R(kCnt1, 0x20)}, [&] { EXPECT_EQ(q.read64(kP1Counter).value(), 0x100000020ull); });
}

TEST_F(CmStorage, StaticTotalsPreloadReadsThenWritesAndCarriesOn) {
  Tracked p;
  expect_seq({R(kOv, 0), R(kCnt0, 100), W(kCnt0, 0xFFFFFF00), R(kOv, 0), R(kCnt0, 0x20)}, [&] {
    EXPECT_EQ(p.preload(kP0Counter, 0xFFFFFF00), Status::kOk);
    EXPECT_EQ(p.read64(kP0Counter).value(), 100u + 0x120u);  // 100 before, 0x120 after
  });
}

TEST_F(CmStorage, StaticTotalsRestartOnResetResetAndStartAndControl) {
  Tracked p;
  expect_seq({R(kCnt0, 1000), R(kCycleReg, 2000), R(kCtl, 0x52), W(kCtl, 0xD0), R(kCnt0, 5), R(kCycleReg, 2100)},
             [&] {
               EXPECT_EQ(p.read64(kP0Counter).value(), 1000u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), 2000u);
               EXPECT_EQ(p.reset(kP0Mask), Status::kOk);
               EXPECT_EQ(p.read64(kP0Counter).value(), 5u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), 2100u);
             });
  expect_seq({R(kCtl, 0x2), W(kCtl, 0x3F0), R(kCnt1, 3), R(kCycleReg, 4)}, [&] {
    EXPECT_EQ(p.reset_and_start(kAllMask), Status::kOk);
    EXPECT_EQ(p.read64(kP1Counter).value(), 3u);
    EXPECT_EQ(p.read64(kCycleCounter).value(), 4u);
  });
  expect_seq({R(kCtl, 0x52), W(kCtl, 0x30), R(kCnt0, 7), R(kCycleReg, 9)}, [&] {
    EXPECT_EQ(p.control(0, kP0Mask, kCycleMask), Status::kOk);
    EXPECT_EQ(p.read64(kP0Counter).value(), 7u);  // stopped, not reset: 0 (reset_and_start) -> 7
    EXPECT_EQ(p.read64(kCycleCounter).value(), 9u);
  });
}

TEST_F(CmStorage, StaticStorageHookSnapshotsCallsBackFoldsThenClears) {
  Tracked p;
  Calls calls;
  ASSERT_EQ(p.on_overflow(kP0Counter, {record, &calls}), Status::kOk);
  EXPECT_EQ(g_table.by_counter[kP0Counter].fn, &record);  // the static table
  // P0 flagged, its wrap not visible (0 -> 5): a whole period is added.
  expect_seq({R(kOv, 0x80000002), R(kCnt0, 5), W(kOv, 0x2), R(kCnt0, 6)}, [&] {
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(p.read64(kP0Counter).value(), (1ull << 32) + 6);
  });
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{kP0Counter}));
  void (*isr)(void*) = &Tracked::overflow_isr;
  expect_seq({R(kOv, 0x0)}, [&] { isr(&p); });  // spurious: one read, no clear
}

// A callback resetting its counter: the fold must not add a phantom period.
void reset_p1(void* ctx, unsigned source) { (void)static_cast<Tracked*>(ctx)->reset(counter_mask(source)); }

TEST_F(CmStorage, StaticTotalsAResetInACallbackRestartsTheTotal) {
  Tracked p;
  ASSERT_EQ(p.on_overflow(kP1Counter, {reset_p1, &p}), Status::kOk);
  expect_seq({R(kOv, 0x5), R(kCtl, 0x152), W(kCtl, 0x350), R(kCycleReg, 3), W(kOv, 0x5), R(kCnt1, 2), R(kCycleReg, 4)},
             [&] {
               EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask | kCycleMask);
               EXPECT_EQ(p.read64(kP1Counter).value(), 2u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), (1ull << 32) + 4);
             });
}

// ---- no storage: the feature is compiled out ---------------------------------------

TEST_F(CmStorage, WithoutTotalsRead64IsUnavailableAndTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Untracked p;
  for (unsigned i = 0; i < kNumCounters; ++i) EXPECT_EQ(p.read64(i).status(), Status::kUnavailable);
  EXPECT_EQ(p.read64(3).status(), Status::kBadArg);  // the index is checked first, as attached
  EXPECT_EQ(none.log.size(), 0u);
}

TEST_F(CmStorage, WithoutTotalsPreloadIsOneWriteAndResetsSpendNothingOnTotals) {
  Untracked p;
  expect_seq({W(kCnt0, 0xFFFFFF00)}, [&] { EXPECT_EQ(p.preload(kP0Counter, 0xFFFFFF00), Status::kOk); });
  expect_seq({R(kCtl, 0x152), W(kCtl, 0x350)}, [&] { EXPECT_EQ(p.reset(kP1Mask), Status::kOk); });
  expect_seq({R(kCtl, 0x2), W(kCtl, 0x3F0)}, [&] { EXPECT_EQ(p.reset_and_start(kAllMask), Status::kOk); });
  expect_seq({R(kCtl, 0x40000102), W(kCtl, 0x40000060)},
             [&] { EXPECT_EQ(p.control(kP0Mask, kP1Mask, kCycleMask), Status::kOk); });
  // The static totals of the other type were not touched.
  for (unsigned i = 0; i < kNumCounters; ++i) {
    expect_seq({R(i == 0 ? kCycleReg : i == 1 ? kCnt0 : kCnt1, 0)},
               [&] { EXPECT_EQ(Tracked().read64(i).value(), 0u); });
  }
}

TEST_F(CmStorage, WithoutTotalsTheHookReadsNoCounter) {
  Untracked p;
  Calls calls;
  ASSERT_EQ(p.on_overflow(kCycleCounter, {record, &calls}), Status::kOk);
  ASSERT_EQ(p.on_overflow(kP1Counter, {record, &calls}), Status::kOk);
  expect_seq({R(kOv, 0x7), W(kOv, 0x7)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kAllMask); });
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{kCycleCounter, kP1Counter}));
}

TEST_F(CmStorage, WithoutCallbacksRegisteringIsUnavailableAndTheHookCallsNobody) {
  test::NoAccessBackend none;
  {
    test::ScopedBackend use(none);
    Bare p;
    EXPECT_EQ(p.on_overflow(kP0Counter, {record, nullptr}), Status::kUnavailable);
    EXPECT_EQ(p.on_overflow(3, {record, nullptr}), Status::kBadArg);
    EXPECT_EQ(p.read64(kP0Counter).status(), Status::kUnavailable);
  }
  EXPECT_EQ(none.log.size(), 0u);
  EXPECT_FALSE(g_table.by_counter[kP0Counter].set());  // not the static table either
  Bare p;
  expect_seq({R(kOv, 0x2), W(kOv, 0x2)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask); });
  expect_seq({R(kOv, 0xFFFFFFF8)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), 0u); });
}

// ---- bad input and an absent block touch nothing -------------------------------------

template <typename T>
void expect_bad_input_touches_nothing(T& p) {
  for (unsigned i : {3u, 4u, 255u, 0xFFFFFFFFu}) {
    EXPECT_EQ(p.read(i).status(), Status::kBadArg) << i;
    EXPECT_EQ(p.read64(i).status(), Status::kBadArg) << i;
    EXPECT_EQ(p.preload(i, 0), Status::kBadArg) << i;
    EXPECT_EQ(p.on_overflow(i, {record, nullptr}), Status::kBadArg) << i;
  }
  for (uint32_t m : {0u, 8u, 0xFu, 0x80000001u, 0xFFFFFFFFu}) {
    EXPECT_EQ(p.reset(m), Status::kBadArg) << m;
    EXPECT_EQ(p.reset_and_start(m), Status::kBadArg) << m;
    EXPECT_EQ(p.clear_overflow(m), Status::kBadArg) << m;  // with totals: no fold either
    if (m != 0) {
      EXPECT_EQ(p.control(0, 0, m), Status::kBadArg) << m;
    }
  }
  EXPECT_EQ(p.control(kP0Mask, kP0Mask, kP1Mask), Status::kBadArg);
}

TEST_F(CmStorage, BadInputTouchesNoRegisterAndNoStorage) {
  Tracked tracked;
  Bare bare;
  RuntimeTracked runtime(kGcr);
  {
    test::NoAccessBackend none;
    test::ScopedBackend use(none);
    expect_bad_input_touches_nothing(tracked);
    expect_bad_input_touches_nothing(bare);
    expect_bad_input_touches_nothing(runtime);
    EXPECT_EQ(none.log.size(), 0u);
  }
  for (unsigned i = 0; i < kNumCounters; ++i) EXPECT_FALSE(g_table.by_counter[i].set()) << i;
  // The totals are as fresh: a restart would not show, a fold would.
  expect_seq({R(kCnt0, 9)}, [&] { EXPECT_EQ(tracked.read64(kP0Counter).value(), 9u); });
}

TEST_F(CmStorage, AnAbsentOrUnusableBlockIsItsStatusWithNoAccess) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  FixedPerf<kGcr, false, StaticCallbacks, StaticTotals> absent;
  RuntimeTracked unconfigured;
  RuntimeTracked misaligned(kGcr + 0x4000);
  RuntimeTracked declared_absent(kGcr, false);
  const auto expect_all = [](auto& p, Status want) {
    EXPECT_EQ(p.probe(), want);
    EXPECT_EQ(p.reset(kAllMask), want);
    EXPECT_EQ(p.reset_and_start(kAllMask), want);
    EXPECT_EQ(p.control(kP0Mask, kP1Mask, kCycleMask), want);
    EXPECT_EQ(p.preload(kP0Counter, 1), want);
    EXPECT_EQ(p.read(kP0Counter).status(), want);
    EXPECT_EQ(p.read64(kP0Counter).status(), want);
    EXPECT_EQ(p.read_overflow().status(), want);
    EXPECT_EQ(p.clear_overflow(kAllMask), want);
    EXPECT_EQ(p.handle_overflow_irq().status(), want);
  };
  expect_all(absent, Status::kUnavailable);
  expect_all(unconfigured, Status::kBadArg);
  expect_all(misaligned, Status::kBadArg);
  expect_all(declared_absent, Status::kUnavailable);
  EXPECT_EQ(none.log.size(), 0u);
}

}  // namespace
