// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf against the behavioural model on a ModelBus: counting,
// wrap, the overflow hook (dispatch + W1C of the snapshot), ovf-stop, and
// 64-bit totals across many wraps. Also the per-call access counts that
// docs/cm.md lists for `make bench`.
#include <gtest/gtest.h>

#include <vector>

#include "pmu_sim/cm_model.hpp"
#include "pmu/cm/perf.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using models::CmPerfModel;

constexpr uintptr_t kGcr = 0x1E000000;

struct Rig {
  // No cycles per access, so counts are exact functions of advance().
  test::ModelBus bus{0};
  CmPerfModel model;
  Perf perf{kGcr};
  test::ScopedBackend use{bus};
  Rig() { bus.map(kGcr + kGdbOffset, CmPerfModel::kWindowSize, &model); }
};

TEST(CmScenario, ProbeFindsTwoCounters) {
  Rig r;
  EXPECT_EQ(r.perf.probe(), Status::kOk);
}

TEST(CmScenario, CountsEventsAndCyclesAndStops) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
  ASSERT_TRUE(r.model.set_event_rate(event::kCommandBusUsage, 1, 2));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kRequestCount, 0x1234), Status::kOk);
  ASSERT_EQ(r.perf.program(Counter::kP1, event::kCommandBusUsage, 0x5678), Status::kOk);
  EXPECT_EQ(r.model.qualifier(0), 0x1234u);
  EXPECT_EQ(r.model.qualifier(1), 0x5678u);
  ASSERT_EQ(r.perf.reset_and_start(kAll), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read(Counter::kCycle).value(), 1000u);
  EXPECT_EQ(r.perf.read(Counter::kP0).value(), 1000u);
  EXPECT_EQ(r.perf.read(Counter::kP1).value(), 500u);
  ASSERT_EQ(r.perf.stop(kP0), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read(Counter::kP0).value(), 1000u);
  EXPECT_EQ(r.perf.read(Counter::kP1).value(), 1000u);
  EXPECT_EQ(r.perf.read(Counter::kCycle).value(), 2000u);
  ASSERT_EQ(r.perf.stop(kAll), Status::kOk);
  r.bus.advance(1000);
  EXPECT_EQ(r.perf.read64(Counter::kCycle).value(), 2000u);
  // A reset-and-start of one counter leaves the others alone.
  ASSERT_EQ(r.perf.reset_and_start(kP1), Status::kOk);
  r.bus.advance(10);
  EXPECT_EQ(r.perf.read(Counter::kP1).value(), 5u);
  EXPECT_EQ(r.perf.read(Counter::kP0).value(), 1000u);
}

TEST(CmScenario, WrapSetsOverflowAndTheTotalCarriesOn) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kL2HitsMisses, 1));
  ASSERT_EQ(r.perf.program(Counter::kP1, event::kL2HitsMisses, 0), Status::kOk);
  ASSERT_EQ(r.perf.reset(kP1), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP1, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(r.perf.start(kP1), Status::kOk);
  r.bus.advance(0x200);  // well past the wrap, whatever its exact boundary
  EXPECT_EQ(r.perf.read_overflow().value(), kP1);
  EXPECT_EQ(r.perf.read(Counter::kP1).value(), 0x100u);
  EXPECT_EQ(r.perf.read64(Counter::kP1).value(), 0x200u);
  EXPECT_EQ(r.model.counted(1), 0x200u);  // the preload is not counted
  ASSERT_EQ(r.perf.clear_overflow(kP0 | kCycle), Status::kOk);  // not P1's bit
  EXPECT_EQ(r.perf.read_overflow().value(), kP1);
  ASSERT_EQ(r.perf.clear_overflow(kP1), Status::kOk);
  EXPECT_EQ(r.perf.read_overflow().value(), kNone);
}

struct Hits {
  std::vector<unsigned> sources;
  std::vector<uint64_t> totals;
  Perf* perf = nullptr;
  test::ModelBus* bus = nullptr;
  uint64_t advance_in_callback = 0;
};
void on_hit(void* ctx, unsigned source) {
  auto* h = static_cast<Hits*>(ctx);
  h->sources.push_back(source);
  h->totals.push_back(h->perf->read64(static_cast<Counter>(source)).value());
  if (h->advance_in_callback != 0) h->bus->advance(h->advance_in_callback);
}

TEST(CmScenario, HookDispatchesToTheOverflowedCounterAndClearsItsBit) {
  Rig r;
  Hits hits;
  hits.perf = &r.perf;
  ASSERT_TRUE(r.model.set_event_rate(event::kReadDataUsage, 1));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kReadDataUsage, 0), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(Counter::kP0, {on_hit, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(Counter::kCycle, {on_hit, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAll), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP0, 0xFFFFFFF0u), Status::kOk);
  r.bus.advance(0x40);
  ASSERT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  const auto handled = r.perf.handle_overflow_irq();
  ASSERT_TRUE(handled.ok());
  EXPECT_EQ(handled.value(), kP0);
  EXPECT_EQ(hits.sources, (std::vector<unsigned>{0u}));
  EXPECT_EQ(hits.totals, (std::vector<uint64_t>{0x40u}));
  EXPECT_EQ(r.model.ov(), 0u);
  EXPECT_EQ(r.model.irq_outputs(), 0u);
  // A second entry finds nothing and calls nobody.
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kNone);
  EXPECT_EQ(hits.sources.size(), 1u);
}

TEST(CmScenario, HookClearsOnlyWhatItSawEvenIfMoreOverflowsMeanwhile) {
  Rig r;
  Hits hits;
  hits.perf = &r.perf;
  hits.bus = &r.bus;
  ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
  ASSERT_TRUE(r.model.set_event_rate(event::kSharingMiss, 1));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kRequestCount, 0), Status::kOk);
  ASSERT_EQ(r.perf.program(Counter::kP1, event::kSharingMiss, 0), Status::kOk);
  ASSERT_EQ(r.perf.on_overflow(Counter::kP0, {on_hit, &hits}), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP0, 0xFFFFFFF0u), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP1, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(r.perf.start(kP0 | kP1), Status::kOk);
  r.bus.advance(0x20);  // P0 overflows, P1 not yet
  ASSERT_EQ(r.model.ov(), 2u);
  hits.advance_in_callback = 0x200;  // P1 overflows while P0's callback runs
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0);
  EXPECT_EQ(r.model.ov(), 4u);  // P1's bit survives for the next entry
  EXPECT_EQ(r.model.irq_outputs(), CmPerfModel::kIrqPcInt);
  hits.advance_in_callback = 0;
  EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP1);  // no callback for P1
  EXPECT_EQ(hits.sources, (std::vector<unsigned>{0u}));
  EXPECT_EQ(r.model.irq_outputs(), 0u);
}

TEST(CmScenario, OvfStopStopsAllCountersOnTheFirstOverflow) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kRequestCount, 1));
  ASSERT_TRUE(r.model.set_event_rate(event::kIocu1Requests, 2));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kRequestCount, 0), Status::kOk);
  ASSERT_EQ(r.perf.program(Counter::kP1, event::kIocu1Requests, 0), Status::kOk);
  ASSERT_EQ(r.perf.set_overflow_stop(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAll), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP1, 0xFFFFFF00u), Status::kOk);
  r.bus.advance(10000);
  EXPECT_EQ(r.perf.read_overflow().value(), kP1);
  const uint32_t p0 = r.perf.read(Counter::kP0).value();
  const uint32_t p1 = r.perf.read(Counter::kP1).value();
  const uint32_t cy = r.perf.read(Counter::kCycle).value();
  EXPECT_LT(p0, 1000u);  // stopped long before 10000
  EXPECT_LT(p1, 0x10u);  // wrapped
  EXPECT_EQ(p0, cy);
  r.bus.advance(10000);
  EXPECT_EQ(r.perf.read(Counter::kP0).value(), p0);
  EXPECT_EQ(r.perf.read(Counter::kP1).value(), p1);
  EXPECT_EQ(r.perf.read(Counter::kCycle).value(), cy);
  // Clearing the bit and starting again resumes counting.
  ASSERT_EQ(r.perf.clear_overflow(kP1), Status::kOk);
  ASSERT_EQ(r.perf.start(kAll), Status::kOk);
  r.bus.advance(100);
  EXPECT_EQ(r.perf.read(Counter::kCycle).value(), cy + 100);
}

TEST(CmScenario, SixtyFourBitTotalsSurviveManyWrapsThroughTheHook) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kL2PipelineUtilization, 3));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kL2PipelineUtilization, 0), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAll), Status::kOk);
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
  EXPECT_EQ(r.perf.read64(Counter::kCycle).value(), cycles);
  EXPECT_EQ(r.perf.read64(Counter::kP0).value(), 3 * cycles);
  EXPECT_EQ(r.perf.read64(Counter::kP1).value(), 0u);
}

TEST(CmScenario, SixtyFourBitTotalsSurviveWrapsWhenPolled) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kResponseUnitUsage, 5, 4));
  ASSERT_EQ(r.perf.program(Counter::kP1, event::kResponseUnitUsage, 0), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kP1 | kCycle), Status::kOk);
  uint64_t cycles = 0;
  for (int i = 0; i < 12; ++i) {  // each poll < one wrap period
    r.bus.advance(uint64_t{3} << 30);
    cycles += uint64_t{3} << 30;
    ASSERT_TRUE(r.perf.read64(Counter::kP1).ok());
    ASSERT_TRUE(r.perf.read64(Counter::kCycle).ok());
  }
  EXPECT_EQ(r.perf.read64(Counter::kCycle).value(), cycles);
  EXPECT_EQ(r.perf.read64(Counter::kP1).value(), cycles * 5 / 4);
}

TEST(CmScenario, SixtyFourBitTotalsWithReadsAndHookInterleavedAtUnevenTimes) {
  Rig r;
  ASSERT_TRUE(r.model.set_event_rate(event::kCoherentRequestResponse, 7, 3));
  ASSERT_EQ(r.perf.program(Counter::kP0, event::kCoherentRequestResponse, 0), Status::kOk);
  ASSERT_EQ(r.perf.set_interrupt_enable(true), Status::kOk);
  ASSERT_EQ(r.perf.reset_and_start(kAll), Status::kOk);
  uint64_t cycles = 0;
  uint32_t lcg = 12345;
  for (int i = 0; i < 200; ++i) {
    lcg = lcg * 1103515245u + 12345u;
    const uint64_t step = (lcg >> 2) % (uint64_t{1} << 30) + 1;  // < one P0 period
    r.bus.advance(step);
    cycles += step;
    if (lcg & 0x40000000u) {
      ASSERT_TRUE(r.perf.read64(Counter::kP0).ok());
    }
    if (lcg & 0x20000000u) {
      ASSERT_TRUE(r.perf.read(Counter::kCycle).ok());
    }
    if (r.model.irq_outputs() != 0) {
      ASSERT_TRUE(r.perf.handle_overflow_irq().ok());
    }
  }
  EXPECT_EQ(r.perf.read64(Counter::kCycle).value(), cycles);
  EXPECT_EQ(r.perf.read64(Counter::kP0).value(), cycles * 7 / 3);
  EXPECT_EQ(r.model.counted(0), cycles * 7 / 3);
  EXPECT_EQ(r.model.counted(2), cycles);
}

// The access counts docs/cm.md lists for each call.
TEST(CmScenario, AccessCountsPerCallMatchTheDocs) {
  Rig r;
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
  count([&] { EXPECT_EQ(r.perf.program(Counter::kP0, 0, 0), Status::kOk); }, {"program", 1, 2});
  count([&] { EXPECT_EQ(r.perf.reset_and_start(kAll), Status::kOk); }, {"reset_and_start", 1, 1});
  count([&] { EXPECT_EQ(r.perf.start(kAll), Status::kOk); }, {"start", 1, 1});
  count([&] { EXPECT_EQ(r.perf.stop(kP1), Status::kOk); }, {"stop", 1, 1});
  count([&] { EXPECT_EQ(r.perf.reset(kP1), Status::kOk); }, {"reset", 1, 1});
  count([&] { EXPECT_EQ(r.perf.control(kP1, kP0, kCycle), Status::kOk); }, {"control", 1, 1});
  count([&] { EXPECT_EQ(r.perf.set_overflow_stop(false), Status::kOk); }, {"set_overflow_stop", 1, 1});
  count([&] { EXPECT_EQ(r.perf.set_interrupt_enable(true), Status::kOk); }, {"set_interrupt_enable", 1, 1});
  count([&] { EXPECT_TRUE(r.perf.read(Counter::kP0).ok()); }, {"read", 1, 0});
  count([&] { EXPECT_TRUE(r.perf.read64(Counter::kCycle).ok()); }, {"read64", 1, 0});
  count([&] { EXPECT_TRUE(r.perf.read_overflow().ok()); }, {"read_overflow", 1, 0});
  count([&] { EXPECT_EQ(r.perf.clear_overflow(kAll), Status::kOk); }, {"clear_overflow", 0, 1});
  count([&] { EXPECT_EQ(r.perf.on_overflow(Counter::kP0, {}), Status::kOk); }, {"on_overflow", 0, 0});
  count([&] { EXPECT_EQ(r.perf.handle_overflow_irq().value(), kNone); }, {"hook, spurious", 1, 0});
  ASSERT_EQ(r.perf.start(kAll), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kP0, 0xFFFFFFFFu), Status::kOk);
  ASSERT_EQ(r.perf.preload(Counter::kCycle, 0xFFFFFFFFu), Status::kOk);
  r.bus.advance(4);
  count([&] { EXPECT_EQ(r.perf.handle_overflow_irq().value(), kP0 | kCycle); }, {"hook, 2 flagged", 3, 1});
  count([&] { EXPECT_EQ(r.perf.preload(Counter::kP1, 5), Status::kOk); }, {"preload", 1, 1});
}

}  // namespace
