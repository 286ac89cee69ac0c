// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf and FixedPerf against the behavioural model on a ModelBus:
// counting, wrap, the overflow hook (dispatch + W1C of the snapshot),
// ovf-stop, and 64-bit totals across many wraps, including the
// interrupt-only case and sampling callbacks that re-arm their counter. Also
// the per-call access counts that docs/cm.md lists.
#include <gtest/gtest.h>

#include <vector>

#include "both_paths.hpp"
#include "host/backend.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu_sim/cm_model.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using models::CmPerfModel;

constexpr uintptr_t kGcr = 0x1E000000;

using Paths = cm_test::BothPaths<kGcr>;

template <typename T>
struct Rig {
  // No cycles per access, so counts are exact functions of advance().
  test::ModelBus bus{0};
  CmPerfModel model;
  T perf = Paths::make<T>();
  Callbacks callbacks{};
  Totals totals;
  test::ScopedBackend use{bus};
  Rig() {
    bus.map(kGcr + kGdbOffset, CmPerfModel::kWindowSize, &model);
    perf.attach_callbacks(&callbacks);
    perf.track_totals(&totals);
  }
};

template <typename T>
class CmScenario : public ::testing::Test {};
TYPED_TEST_SUITE(CmScenario, Paths::Types, cm_test::PathNames);

TYPED_TEST(CmScenario, ProbeFindsTwoCounters) {
  Rig<TypeParam> r;
  EXPECT_EQ(r.perf.probe(), Status::kOk);
}

TYPED_TEST(CmScenario, CountsEventsAndCyclesAndStops) {
  Rig<TypeParam> r;
  ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
  ASSERT_TRUE(r.model.set_event_rate(event::kCommandBusUsage, 1, 2));
  ASSERT_EQ(r.perf.program(kP0Counter, event::kRequestCount, 0x1234), Status::kOk);
  ASSERT_EQ(r.perf.program(kP1Counter, event::kCommandBusUsage, 0x5678), Status::kOk);
  EXPECT_EQ(r.model.qualifier(kP0Counter), 0x1234u);
  EXPECT_EQ(r.model.qualifier(kP1Counter), 0x5678u);
  ASSERT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read(kCycleCounter).value(), 1000u);
  EXPECT_EQ(r.perf.read(kP0Counter).value(), 1000u);
  EXPECT_EQ(r.perf.read(kP1Counter).value(), 500u);
  ASSERT_EQ(r.perf.stop(kP0Mask), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read(kP0Counter).value(), 1000u);
  EXPECT_EQ(r.perf.read(kP1Counter).value(), 1000u);
  EXPECT_EQ(r.perf.read(kCycleCounter).value(), 2000u);
  ASSERT_EQ(r.perf.stop(kAllMask), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read64(kCycleCounter).value(), 2000u);
  // A reset-and-start of one counter leaves the others alone.
  ASSERT_EQ(r.perf.reset_and_start(kP1Mask), Status::kOk);
  r.bus.advance(10);
  EXPECT_EQ(r.perf.read(kP1Counter).value(), 5u);
  EXPECT_EQ(r.perf.read(kP0Counter).value(), 1000u);
}

TYPED_TEST(CmScenario, WrapSetsOverflowAndTheTotalCarriesOn) {
  Rig<TypeParam> r;
  ASSERT_TRUE(r.model.set_event_rate(event::kL2HitsMisses, 1));
  ASSERT_EQ(r.perf.program(kP1Counter, event::kL2HitsMisses, 0), Status::kOk);
  ASSERT_EQ(r.perf.reset(kP1Mask), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP1Counter, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(r.perf.start(kP1Mask), Status::kOk);
  r.bus.advance(0x200);  // well past the wrap, whatever its exact boundary
  EXPECT_EQ(r.perf.read_overflow().value(), kP1Mask);
  EXPECT_EQ(r.perf.read(kP1Counter).value(), 0x100u);
  EXPECT_EQ(r.perf.read64(kP1Counter).value(), 0x200u);
  EXPECT_EQ(r.model.counted(kP1Counter), 0x200u);  // the preload is not counted
  ASSERT_EQ(r.perf.clear_overflow(kP0Mask | kCycleMask), Status::kOk);  // not P1's bit
  EXPECT_EQ(r.perf.read_overflow().value(), kP1Mask);
  ASSERT_EQ(r.perf.clear_overflow(kP1Mask), Status::kOk);
  EXPECT_EQ(r.perf.read_overflow().value(), 0u);
}

template <typename T>
struct Hits {
  std::vector<unsigned> sources;
  std::vector<uint64_t> totals;
  T* perf = nullptr;
  test::ModelBus* bus = nullptr;
  uint64_t advance_in_callback = 0;
};
template <typename T>
void on_hit(void* ctx, unsigned source) {
  auto* h = static_cast<Hits<T>*>(ctx);
  h->sources.push_back(source);
  h->totals.push_back(h->perf->read64(source).value());
  if (h->advance_in_callback != 0) h->bus->advance(h->advance_in_callback);
}

TYPED_TEST(CmScenario, HookDispatchesToTheOverflowedCounterAndClearsItsBit) {
  Rig<TypeParam> r;
  Hits<TypeParam> hits;
  hits.perf = &r.perf;
  ASSERT_TRUE(r.model.set_event_rate(event::kReadDataUsage, 1));
  ASSERT_EQ(r.perf.program(kP0Counter, event::kReadDataUsage, 0), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(kP0Counter, {on_hit<TypeParam>, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(kCycleCounter, {on_hit<TypeParam>, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFFF0u), Status::kOk);
  r.bus.advance(0x40);
  ASSERT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  const auto handled = r.perf.handle_overflow_irq();
  ASSERT_TRUE(handled.ok());
  EXPECT_EQ(handled.value(), kP0Mask);
  EXPECT_EQ(hits.sources, (std::vector<unsigned>{kP0Counter}));
  EXPECT_EQ(hits.totals, (std::vector<uint64_t>{0x40u}));
  EXPECT_EQ(r.model.ov(), 0u);
  EXPECT_EQ(r.model.irq_outputs(), 0u);
  // A second entry finds nothing and calls nobody.
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), 0u);
  EXPECT_EQ(hits.sources.size(), 1u);
}

TYPED_TEST(CmScenario, HookClearsOnlyWhatItSawEvenIfMoreOverflowsMeanwhile) {
  Rig<TypeParam> r;
  Hits<TypeParam> hits;
  hits.perf = &r.perf;
  hits.bus = &r.bus;
  ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
  ASSERT_TRUE(r.model.set_event_rate(event::kSharingMiss, 1));
  ASSERT_EQ(r.perf.program(kP0Counter, event::kRequestCount, 0), Status::kOk);
  ASSERT_EQ(r.perf.program(kP1Counter, event::kSharingMiss, 0), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(kP0Counter, {on_hit<TypeParam>, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFFF0u), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP1Counter, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(r.perf.start(kP0Mask | kP1Mask), Status::kOk);
  r.bus.advance(0x20);  // P0 overflows, P1 not yet
  ASSERT_EQ(r.model.ov(), 2u);
  hits.advance_in_callback = 0x200;  // P1 overflows while P0's callback runs
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask);
  EXPECT_EQ(r.model.ov(), 4u);  // P1's bit survives for the next entry
  EXPECT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  hits.advance_in_callback = 0;
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP1Mask);  // no callback for P1
  EXPECT_EQ(hits.sources, (std::vector<unsigned>{kP0Counter}));
  EXPECT_EQ(r.model.irq_outputs(), 0u);
}

// Under both readings of the flag point (docs/hw/cm-gcr-perf.md §5.1): P1
// counts two a cycle from an odd value, so it lands on 0xFFFFFFFF exactly
// and then wraps to 1, and each reading stops it at its own point.
TYPED_TEST(CmScenario, OvfStopStopsAllCountersOnTheFirstOverflow) {
  for (const auto point : {CmPerfModel::FlagPoint::kWrap, CmPerfModel::FlagPoint::kAllOnes}) {
    const bool at_all_ones = point == CmPerfModel::FlagPoint::kAllOnes;
    SCOPED_TRACE(at_all_ones ? "flag at all ones" : "flag on the wrap");
    Rig<TypeParam> r;
    r.model.set_flag_point(point);
    ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
    ASSERT_TRUE(r.model.set_event_rate(event::kIocu1Requests, 2));
    ASSERT_EQ(r.perf.program(kP0Counter, event::kRequestCount, 0), Status::kOk);
    ASSERT_EQ(r.perf.program(kP1Counter, event::kIocu1Requests, 0), Status::kOk);
    ASSERT_EQ(r.perf.set_overflow_stop(true), Status::kOk);
    ASSERT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk);
    ASSERT_EQ(r.perf.preload(kP1Counter, 0xFFFFFF01u), Status::kOk);
    r.bus.advance(10000);
    EXPECT_EQ(r.perf.read_overflow().value(), kP1Mask);
    const uint32_t p0 = r.perf.read(kP0Counter).value();
    const uint32_t p1 = r.perf.read(kP1Counter).value();
    const uint32_t cy = r.perf.read(kCycleCounter).value();
    EXPECT_LT(p0, 1000u);  // stopped long before 10000
    EXPECT_EQ(p1, at_all_ones ? 0xFFFFFFFFu : 1u);
    EXPECT_EQ(p0, cy);
    r.bus.advance(10000);
    EXPECT_EQ(r.perf.read(kP0Counter).value(), p0);
    EXPECT_EQ(r.perf.read(kP1Counter).value(), p1);
    EXPECT_EQ(r.perf.read(kCycleCounter).value(), cy);
    // Clearing the bit and starting again resumes counting.
    ASSERT_EQ(r.perf.clear_overflow(kP1Mask), Status::kOk);
    ASSERT_EQ(r.perf.start(kAllMask), Status::kOk);
    r.bus.advance(100);
    EXPECT_EQ(r.perf.read(kCycleCounter).value(), cy + 100);
  }
}

TYPED_TEST(CmScenario, SixtyFourBitTotalsSurviveManyWrapsThroughTheHook) {
  Rig<TypeParam> r;
  ASSERT_TRUE(r.model.set_event_rate(event::kL2PipelineUtilization, 3));
  ASSERT_EQ(r.perf.program(kP0Counter, event::kL2PipelineUtilization, 0), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk);
  uint64_t cycles = 0;
  unsigned entries = 0;
  for (int i = 0; i < 40; ++i) {
    r.bus.advance(uint64_t{1} << 30);
    cycles += uint64_t{1} << 30;
    if (r.model.irq_outputs() != 0) {
      ASSERT_TRUE(r.perf.handle_overflow_irq().ok());
      ++entries;
    }
  }
  // 40 * 2^30 cycles: P0 (3/cycle) wrapped 30 times, the cycle counter 10.
  EXPECT_GE(entries, 30u);
  EXPECT_EQ(r.perf.read64(kCycleCounter).value(), cycles);
  EXPECT_EQ(r.perf.read64(kP0Counter).value(), 3 * cycles);
  EXPECT_EQ(r.perf.read64(kP1Counter).value(), 0u);
}

TYPED_TEST(CmScenario, SixtyFourBitTotalsSurviveWrapsWhenPolled) {
  Rig<TypeParam> r;
  ASSERT_TRUE(r.model.set_event_rate(event::kResponseUnitUsage, 5, 4));
  ASSERT_EQ(r.perf.program(kP1Counter, event::kResponseUnitUsage, 0), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kP1Mask | kCycleMask), Status::kOk);
  uint64_t cycles = 0;
  for (int i = 0; i < 12; ++i) {  // each poll < one wrap period
    r.bus.advance(uint64_t{3} << 30);
    cycles += uint64_t{3} << 30;
    ASSERT_TRUE(r.perf.read64(kP1Counter).ok());
    ASSERT_TRUE(r.perf.read64(kCycleCounter).ok());
  }
  EXPECT_EQ(r.perf.read64(kCycleCounter).value(), cycles);
  EXPECT_EQ(r.perf.read64(kP1Counter).value(), cycles * 5 / 4);
}

TYPED_TEST(CmScenario, SixtyFourBitTotalsWithReadsAndHookInterleavedAtUnevenTimes) {
  Rig<TypeParam> r;
  ASSERT_TRUE(r.model.set_event_rate(event::kCoherentRequestResponse, 7, 3));
  ASSERT_EQ(r.perf.program(kP0Counter, event::kCoherentRequestResponse, 0), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk);
  uint64_t cycles = 0;
  uint32_t lcg = 12345;
  for (int i = 0; i < 200; ++i) {
    lcg = lcg * 1103515245u + 12345u;
    const uint64_t step = (lcg >> 2) % (uint64_t{1} << 30) + 1;  // < one P0 period
    r.bus.advance(step);
    cycles += step;
    if (lcg & 0x40000000u) {
      ASSERT_TRUE(r.perf.read64(kP0Counter).ok());
    }
    if (lcg & 0x20000000u) {
      ASSERT_TRUE(r.perf.read(kCycleCounter).ok());
    }
    if (r.model.irq_outputs() != 0) {
      ASSERT_TRUE(r.perf.handle_overflow_irq().ok());
    }
  }
  EXPECT_EQ(r.perf.read64(kCycleCounter).value(), cycles);
  EXPECT_EQ(r.perf.read64(kP0Counter).value(), cycles * 7 / 3);
  EXPECT_EQ(r.model.counted(kP0Counter), cycles * 7 / 3);
  EXPECT_EQ(r.model.counted(kCycleCounter), cycles);
}

// The access counts docs/cm.md lists for each call.
TYPED_TEST(CmScenario, AccessCountsPerCallMatchTheDocs) {
  Rig<TypeParam> r;
  struct Row {
    const char* call;
    size_t reads, writes;
  };
  auto count = [&](auto fn, Row want) {
    r.bus.clear_log();
    fn();
    size_t reads = 0, writes = 0;
    for (const auto& a : r.bus.log) (a.kind == test::Access::kRead ? reads : writes)++;
    EXPECT_EQ(reads, want.reads) << want.call;
    EXPECT_EQ(writes, want.writes) << want.call;
  };
  ASSERT_TRUE(r.model.set_event_rate(0, 1));
  count([&] { EXPECT_EQ(r.perf.probe(), Status::kOk); }, {"probe", 1, 0});
  count([&] { EXPECT_EQ(r.perf.program(kP0Counter, 0, 0), Status::kOk); }, {"program", 1, 2});
  count([&] { EXPECT_EQ(r.perf.reset_and_start(kAllMask), Status::kOk); }, {"reset_and_start", 1, 1});
  count([&] { EXPECT_EQ(r.perf.start(kAllMask), Status::kOk); }, {"start", 1, 1});
  count([&] { EXPECT_EQ(r.perf.stop(kP1Mask), Status::kOk); }, {"stop", 1, 1});
  count([&] { EXPECT_EQ(r.perf.reset(kP1Mask), Status::kOk); }, {"reset", 1, 1});
  count([&] { EXPECT_EQ(r.perf.control(kP1Mask, kP0Mask, kCycleMask), Status::kOk); }, {"control", 1, 1});
  count([&] { EXPECT_EQ(r.perf.set_overflow_stop(false), Status::kOk); }, {"set_overflow_stop", 1, 1});
  count([&] { EXPECT_EQ(r.perf.set_interrupt_enable(true), Status::kOk); }, {"set_interrupt_enable", 1, 1});
  count([&] { EXPECT_TRUE(r.perf.read(kP0Counter).ok()); }, {"read", 1, 0});
  count([&] { EXPECT_TRUE(r.perf.read64(kCycleCounter).ok()); }, {"read64", 1, 0});
  count([&] { EXPECT_TRUE(r.perf.read_overflow().ok()); }, {"read_overflow", 1, 0});
  // With totals: R OV, each count, W OV, R OV, each count again.
  count([&] { EXPECT_EQ(r.perf.clear_overflow(kAllMask), Status::kOk); }, {"clear_overflow, totals", 8, 1});
  count([&] { EXPECT_EQ(r.perf.clear_overflow(kP1Mask), Status::kOk); }, {"clear_overflow(one), totals", 4, 1});
  count([&] { EXPECT_EQ(r.perf.on_overflow(kP0Counter, {}), Status::kOk); }, {"on_overflow", 0, 0});
  count([&] { EXPECT_EQ(r.perf.handle_overflow_irq().value(), 0u); }, {"hook, spurious", 1, 0});
  ASSERT_EQ(r.perf.start(kAllMask), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFFFFu), Status::kOk);
  ASSERT_EQ(r.perf.preload(kCycleCounter, 0xFFFFFFFFu), Status::kOk);
  r.bus.advance(4);
  count([&] { EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask | kCycleMask); },
        {"hook, 2 flagged, totals", 3, 1});
  count([&] { EXPECT_EQ(r.perf.preload(kP1Counter, 5), Status::kOk); }, {"preload, totals", 3, 1});
  // Without totals: no counter is read for them.
  r.perf.track_totals(nullptr);
  count([&] { EXPECT_EQ(r.perf.preload(kP1Counter, 5), Status::kOk); }, {"preload", 0, 1});
  count([&] { EXPECT_EQ(r.perf.clear_overflow(kAllMask), Status::kOk); }, {"clear_overflow", 0, 1});
  ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFFFFu), Status::kOk);
  r.bus.advance(4);
  count([&] { EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask); }, {"hook, 1 flagged", 1, 1});
  count([&] { EXPECT_EQ(r.perf.read64(kP0Counter).status(), Status::kUnavailable); }, {"read64, no totals", 0, 0});
}

// Sampling: every overflow callback re-arms its counter one period below the
// wrap, the usual profiler loop. The totals stay exact over many periods
// although each fold runs after a preload.
template <typename T>
struct Sampler {
  T* perf;
  uint32_t period;
  unsigned samples = 0;
};
template <typename T>
void rearm(void* ctx, unsigned source) {
  auto* s = static_cast<Sampler<T>*>(ctx);
  ++s->samples;
  ASSERT_EQ(s->perf->preload(source, 0u - s->period), Status::kOk);
}

TYPED_TEST(CmScenario, SamplingCallbacksThatReArmKeepTheTotalsExact) {
  Rig<TypeParam> r;
  Sampler<TypeParam> sampler{&r.perf, 100000};
  ASSERT_TRUE(r.model.set_event_rate(event::kSharingMiss, 3, 2));
  ASSERT_EQ(r.perf.program(kP1Counter, event::kSharingMiss, 0), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(kP1Counter, {rearm<TypeParam>, &sampler}), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset(kAllMask), Status::kOk);
  ASSERT_EQ(r.perf.preload(kP1Counter, 0u - sampler.period), Status::kOk);
  ASSERT_EQ(r.perf.start(kP1Mask), Status::kOk);
  for (int i = 0; i < 5000; ++i) {
    r.bus.advance(997);  // an uneven step: the hook sees the counter at varying distances past 0
    if (r.model.irq_outputs() != 0) {
      ASSERT_TRUE(r.perf.handle_overflow_irq().ok());
    }
  }
  EXPECT_GE(sampler.samples, 70u);  // 5000 * 997 * 1.5 / 100000 ~ 74
  EXPECT_EQ(r.perf.read64(kP1Counter).value(), r.model.counted(kP1Counter));
}

// The interrupt-only case: no read between hooks, only the hook's folds, and
// one hook entry per wrap that lands a whole period after the previous one.
TYPED_TEST(CmScenario, InterruptOnlyTotalsAreExactWhenEachHookSeesNoVisibleWrap) {
  Rig<TypeParam> r;
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kCycleMask), Status::kOk);
  r.bus.advance((uint64_t{1} << 32) + 5);
  ASSERT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  ASSERT_TRUE(r.perf.handle_overflow_irq().ok());  // raw 5: the wrap shows
  for (int i = 0; i < 8; ++i) {
    r.bus.advance(uint64_t{1} << 32);  // exactly one period: raw 5 again
    ASSERT_EQ(r.perf.handle_overflow_irq().value(), kCycleMask);
  }
  EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter));
  EXPECT_EQ(r.model.counted(kCycleCounter), (uint64_t{9} << 32) + 5);
}

// Runs 'body' on a fresh rig counting cycles with the interrupt enabled, at
// both readings of the overflow point and bus gaps of 0, 1 and 4 (the gap
// set; 'body' sets 0 for its exact reads).
template <typename Perf, typename Body>
void at_each_flag_point_and_gap(Body body) {
  for (const auto point : {CmPerfModel::FlagPoint::kWrap, CmPerfModel::FlagPoint::kAllOnes}) {
    for (const unsigned gap : {0u, 1u, 4u}) {
      SCOPED_TRACE(::testing::Message() << (point == CmPerfModel::FlagPoint::kWrap ? "flag on the wrap" : "flag at all ones")
                                        << ", gap " << gap);
      Rig<Perf> r;
      r.model.set_flag_point(point);
      ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
      ASSERT_EQ(r.perf.reset_and_start(kCycleMask), Status::kOk);
      r.bus.set_idle_cycles(gap);
      body(r);
    }
  }
}

// read64() reads no flag (docs/cm.md, "64-bit totals"): made after a whole
// period only the flag shows, before the hook folds it, it is short by
// exactly 2^32, and the fold adds it.
TYPED_TEST(CmScenario, ARead64AfterAPeriodOnlyTheFlagShowsIsShortUntilTheHookFoldsIt) {
  at_each_flag_point_and_gap<TypeParam>([](Rig<TypeParam>& r) {
    r.bus.advance(5);
    ASSERT_TRUE(r.perf.read64(kCycleCounter).ok());
    r.bus.advance((uint64_t{1} << 32) + 3);  // round once and a little further than the read
    ASSERT_EQ(r.model.ov(), kCycleMask);
    r.bus.set_idle_cycles(0);
    EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter) - (uint64_t{1} << 32));
    ASSERT_EQ(r.perf.handle_overflow_irq().value(), kCycleMask);
    EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter));
  });
}

// A flag cleared by hand after a read64() saw its pass: the next flag, a
// whole period later and shown by no value, is a new pass, so the interrupt
// alone still counts every period (before clear_overflow() folded and read
// again, the total took the cleared flag's pass as pending and lost 2^32).
TYPED_TEST(CmScenario, ClearingAFlagByHandAfterARead64SawItsWrapStillCountsTheNextPeriod) {
  at_each_flag_point_and_gap<TypeParam>([](Rig<TypeParam>& r) {
    r.bus.advance((uint64_t{1} << 32) + 5);
    ASSERT_EQ(r.model.ov(), kCycleMask);
    ASSERT_TRUE(r.perf.read64(kCycleCounter).ok());  // the values show the pass
    ASSERT_EQ(r.perf.clear_overflow(kCycleMask), Status::kOk);
    ASSERT_EQ(r.model.ov(), 0u);
    for (int k = 0; k < 3; ++k) {
      r.bus.advance(uint64_t{1} << 32);  // one period: only the flag shows it
      ASSERT_EQ(r.perf.handle_overflow_irq().value(), kCycleMask);
    }
    r.bus.set_idle_cycles(0);
    EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter));
    EXPECT_GE(r.model.counted(kCycleCounter), uint64_t{4} << 32);
  });
}

// A callback that clears its own counter's flag (here at every entry): the
// call folds it, so the hook does not fold that flag a second time.
template <typename T>
void clear_own_flag(void* ctx, unsigned source) {
  ASSERT_EQ(static_cast<T*>(ctx)->clear_overflow(1u << source), Status::kOk);
}
TYPED_TEST(CmScenario, ACallbackClearingItsFlagIsFoldedOnce) {
  for (const unsigned gap : {0u, 1u, 4u}) {
    SCOPED_TRACE(gap);
    Rig<TypeParam> r;
    ASSERT_EQ(r.perf.on_overflow(kCycleCounter, {clear_own_flag<TypeParam>, &r.perf}), Status::kOk);
    ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
    ASSERT_EQ(r.perf.reset_and_start(kCycleMask), Status::kOk);
    r.bus.set_idle_cycles(gap);
    for (int k = 0; k < 4; ++k) {
      r.bus.advance(uint64_t{1} << 32);  // one period: only the flag shows it
      ASSERT_EQ(r.perf.handle_overflow_irq().value(), kCycleMask);
      ASSERT_EQ(r.model.ov(), 0u);
    }
    r.bus.set_idle_cycles(0);
    EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter));
    EXPECT_GE(r.model.counted(kCycleCounter), uint64_t{4} << 32);
  }
}

// Where PC_OV sets is documented both ways (docs/hw/cm-gcr-perf.md §5.1);
// the model takes either, and the totals are exact under both: a hook that
// finds a counter on all ones (flagged there, or held there by
// Perf_Ovf_Stop) counts no period early, and a period only the flag shows
// is counted once.
TYPED_TEST(CmScenario, TotalsAreExactUnderEitherReadingOfTheOverflowPoint) {
  for (const auto point : {CmPerfModel::FlagPoint::kWrap, CmPerfModel::FlagPoint::kAllOnes}) {
    const bool all_ones = point == CmPerfModel::FlagPoint::kAllOnes;
    SCOPED_TRACE(all_ones ? "flag at all ones" : "flag on the wrap");
    Rig<TypeParam> r;
    r.model.set_flag_point(point);
    ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
    ASSERT_EQ(r.perf.program(kP0Counter, event::kRequestCount, 0), Status::kOk);
    // Counting onto all ones: flagged there at one reading only.
    ASSERT_EQ(r.perf.reset(kAllMask), Status::kOk);
    ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFFF0u), Status::kOk);
    ASSERT_EQ(r.perf.start(kP0Mask), Status::kOk);
    r.bus.advance(0xF);
    ASSERT_EQ(r.model.count(kP0Counter), 0xFFFFFFFFu);
    EXPECT_EQ(r.perf.handle_overflow_irq().value(), all_ones ? kP0Mask : 0u);
    EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    r.bus.advance(0x10);  // the wrap: flagged at the other reading only
    EXPECT_EQ(r.perf.handle_overflow_irq().value(), all_ones ? 0u : kP0Mask);
    EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    // Perf_Ovf_Stop holds the counter on all ones (at 0 after the wrap at the other reading).
    ASSERT_EQ(r.perf.set_overflow_stop(true), Status::kOk);
    ASSERT_EQ(r.perf.preload(kP0Counter, 0xFFFFFF00u), Status::kOk);
    r.bus.advance(1000);
    EXPECT_EQ(r.model.count(kP0Counter), all_ones ? 0xFFFFFFFFu : 0u);
    EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    // Restarted, read within each period: every wrap shows in the values.
    ASSERT_EQ(r.perf.set_overflow_stop(false), Status::kOk);
    ASSERT_EQ(r.perf.start(kP0Mask), Status::kOk);
    for (int k = 0; k < 6; ++k) {
      r.bus.advance(uint64_t{3} << 30);
      EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    }
    EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    // From a reset, a whole period past the last observation: only the flag shows it.
    ASSERT_EQ(r.perf.reset(kP0Mask), Status::kOk);
    r.bus.advance((uint64_t{1} << 32) + 0x40);
    EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
    EXPECT_EQ(r.model.counted(kP0Counter), (uint64_t{1} << 32) + 0x40);
  }
}

// A preload of a running counter that wraps between the preload's read of
// it and its write (the bus takes a few cycles per access): the wrap's
// events up to the write are in no total (docs/cm.md), and the flag the
// wrap raised stands for no period either, so the hook adds none. Every
// distance to the wrap within the bus cycles of the call is tried.
TYPED_TEST(CmScenario, AWrapBetweenAPreloadsReadAndItsWriteAddsNoPeriod) {
  constexpr unsigned kGap = 4;
  for (uint32_t k = 1; k <= 6 * kGap; ++k) {
    SCOPED_TRACE(k);
    Rig<TypeParam> r;
    ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
    ASSERT_EQ(r.perf.reset(kCycleMask), Status::kOk);
    ASSERT_EQ(r.perf.preload(kCycleCounter, 0u - k), Status::kOk);
    ASSERT_EQ(r.perf.start(kCycleMask), Status::kOk);
    r.bus.set_idle_cycles(kGap);
    r.bus.clear_log();
    ASSERT_EQ(r.perf.preload(kCycleCounter, 0x1000), Status::kOk);
    r.bus.set_idle_cycles(0);
    // What the counter counted between the preload's read of it and its
    // write: the read's bus cycles.
    uint64_t lost = 0;
    for (size_t a = 0; a + 1 < r.bus.log.size(); ++a)
      if (r.bus.log[a].kind == test::Access::kRead && r.bus.log[a].addr == kGcr + kGdbOffset + CmPerfModel::kPcCycle)
        lost = kGap;
    r.bus.advance(0x100);
    ASSERT_TRUE(r.perf.handle_overflow_irq().ok());
    EXPECT_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter) - lost);
  }
}

// Without attached storage the unit still counts, reads and serves the hook.
TYPED_TEST(CmScenario, WithoutStorageTheHookStillAcknowledges) {
  Rig<TypeParam> r;
  r.perf.attach_callbacks(nullptr);
  r.perf.track_totals(nullptr);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.preload(kCycleCounter, 0xFFFFFFF0u), Status::kOk);
  ASSERT_EQ(r.perf.start(kCycleMask), Status::kOk);
  r.bus.advance(0x20);
  EXPECT_EQ(r.perf.read(kCycleCounter).value(), 0x10u);
  ASSERT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kCycleMask);
  EXPECT_EQ(r.model.irq_outputs(), 0u);
  EXPECT_EQ(r.perf.read64(kCycleCounter).status(), Status::kUnavailable);
}

}  // namespace
