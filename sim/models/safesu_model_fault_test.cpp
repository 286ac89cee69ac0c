// SPDX-License-Identifier: Apache-2.0
// Fault injection in the SafeSU model (not RTL behaviour): a broken unit for
// the self-test's own tests. Each fault sits on one counter; none is present
// unless injected.
#include <gtest/gtest.h>

#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using pmu::models::SafesuModel;
using Config = SafesuModel::Config;
using Fault = SafesuModel::Fault;

constexpr Config kModel4c128{24, 128, 4, false, true, false, false};
constexpr uint32_t kEn = 1u << 0, kRst = 1u << 1, kOvfEn = 1u << 2, kMode01 = 1u << 30;

struct Unit {
  Unit() : m(kModel4c128) {}
  uint32_t rd(uint32_t idx) { return m.read(4 * idx, 4); }
  void wr(uint32_t idx, uint32_t v) { m.write(4 * idx, 4, v); }
  SafesuModel m;
};

TEST(SafesuModelFault, NoFaultByDefaultEveryCounterCountsAlike) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.m.advance(100);
  for (uint32_t k = 1; k < 24; ++k) EXPECT_EQ(u.m.counter(k), u.m.counter(0)) << k;
}

TEST(SafesuModelFault, StuckAtHoldsThroughCountingWritesAndReset) {
  Unit u;
  u.m.inject_fault(5, Fault::kStuckAt, 0x1234);
  EXPECT_EQ(u.rd(1 + 5), 0x1234u);
  u.wr(0, kMode01 | kEn);
  u.m.advance(50);
  u.wr(1 + 5, 7);
  u.m.advance(2);
  EXPECT_EQ(u.rd(1 + 5), 0x1234u);
  u.wr(0, kMode01 | kRst);
  u.m.advance(2);
  EXPECT_EQ(u.rd(1 + 5), 0x1234u);
  EXPECT_EQ(u.m.counter(5), 0x1234u);
  EXPECT_EQ(u.m.counter(4), 0u);
  // Stuck at all ones it flags like a parked counter.
  u.m.inject_fault(6, Fault::kStuckAt, 0xFFFFFFFFu);
  u.wr(25, 1u << 6);
  u.wr(0, kOvfEn);
  EXPECT_EQ(u.m.overflow_flags(), 1u << 6);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqOverflow);
}

// Only the faulty counter changes; a preload still lands in it.
TEST(SafesuModelFault, NeverCountsAndWrongStepChangeOnlyTheirCounter) {
  struct Case {
    Fault fault;
    uint32_t value;
    uint32_t after_30;  // from a preload of 40, 30 counting cycles
  } cases[] = {{Fault::kNeverCounts, 0, 40}, {Fault::kWrongStep, 2, 100}, {Fault::kWrongStep, 0, 40}};
  for (const Case& c : cases) {
    Unit u;
    u.m.inject_fault(3, c.fault, c.value);
    u.wr(1 + 3, 40);
    u.wr(0, kMode01 | kEn);
    u.m.advance(30);
    EXPECT_EQ(u.m.counter(3), c.after_30) << static_cast<int>(c.fault) << " " << c.value;
    EXPECT_EQ(u.m.increments(3), c.after_30 - 40);
    EXPECT_EQ(u.m.counter(2), 30u);
  }
}

TEST(SafesuModelFault, RemovingTheFaultRestoresTheCounter) {
  Unit u;
  u.m.inject_fault(3, Fault::kNeverCounts);
  u.m.inject_fault(4, Fault::kWrongStep, 5);
  u.m.inject_fault(3, Fault::kNone);
  u.wr(0, kMode01 | kEn);
  u.m.advance(10);
  EXPECT_EQ(u.m.counter(3), 10u);
  EXPECT_EQ(u.m.counter(4), 50u);
  u.m.clear_faults();
  u.m.advance(10);
  EXPECT_EQ(u.m.counter(4), 60u);
  u.m.inject_fault(99, Fault::kStuckAt, 1);  // no such counter: ignored
  u.m.advance(1);
  EXPECT_EQ(u.m.counter(0), 21u);
}

// The driver's self-test sees each fault (on a bus with one idle cycle
// between accesses, where the unfaulted unit passes).
TEST(SafesuModelFault, DriverSelftestReportsEachFault) {
  using namespace pmu::safesu;
  constexpr uintptr_t kBase = 0x80100000;
  struct Case {
    uint32_t counter;
    Fault fault;
    uint32_t value;
  } cases[] = {{0, Fault::kNone, 0},
               {7, Fault::kStuckAt, 0},
               {0, Fault::kNeverCounts, 0},
               {12, Fault::kWrongStep, 2}};
  for (const Case& c : cases) {
    SafesuModel model(kModel4c128);
    model.inject_fault(c.counter, c.fault, c.value);
    pmu::test::ModelBus bus(1);
    bus.map(kBase, SafesuModel::kWindowSize, &model);
    pmu::test::ScopedBackend use(bus);
    SafeSU su{kBase, pmu::safesu::k4c128};
    SelftestReport report{};
    const pmu::Status st = run_selftest(su, &report);
    EXPECT_EQ(st == pmu::Status::kOk, c.fault == Fault::kNone) << static_cast<int>(c.fault);
    EXPECT_EQ(report.failed == 0, c.fault == Fault::kNone) << static_cast<int>(c.fault);
  }
}

}  // namespace
