// SPDX-License-Identifier: Apache-2.0
// The Ibex profile on RV32 against the Ibex-mode model (RTL facts).
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ibex.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CR;

models::RiscvCsrModel ibex_model(unsigned num, unsigned width) {
  models::RiscvCsrConfig mc;
  mc.xlen = 32;
  mc.ibex = true;
  mc.num_hpm = num;
  mc.width = width;
  return models::RiscvCsrModel(mc);
}

// An Ibex core (ibex_model()) behind the model bus, no cycles between
// accesses, serving the test's CSR accesses while it lives.
struct IbexCore {
  models::RiscvCsrModel model;
  test::ModelBus bus{0};
  test::ScopedBackend use{bus};
  IbexCore(unsigned num, unsigned width) : model(ibex_model(num, width)) { bus.map_csr(&model); }
};

TEST(RiscvIbex, EventNamesAndCounterMapping) {
  EXPECT_STREQ(ibex::event_name(0), "NumCycles");
  EXPECT_EQ(ibex::event_name(1), nullptr);
  EXPECT_STREQ(ibex::event_name(12), "NumCyclesDivWait");
  EXPECT_EQ(ibex::event_name(13), nullptr);
  const ibex::Config c{3, 40};
  EXPECT_EQ(ibex::counter_for_event(0, c).value(), 0u);
  EXPECT_EQ(ibex::counter_for_event(2, c).value(), 2u);
  EXPECT_EQ(ibex::counter_for_event(5, c).value(), 5u);
  EXPECT_EQ(ibex::counter_for_event(6, c).status(), Status::kUnavailable);
  EXPECT_EQ(ibex::counter_for_event(1, c).status(), Status::kBadArg);
  EXPECT_EQ(ibex::counter_for_event(13, c).status(), Status::kBadArg);
  static_assert(ibex::counter_mask(10) == 0x1FFD);
  static_assert(ibex::counter_mask(0) == 0x5);
  EXPECT_FALSE(ibex::valid(ibex::Config{11, 40}));
  EXPECT_FALSE(ibex::valid(ibex::Config{10, 65}));
  EXPECT_FALSE(ibex::valid(ibex::Config{10, 0}));
}

TEST(RiscvIbex, DiscoverTreatsNonZeroAsImplementedWhateverTheValue) {
  auto model = ibex_model(10, 40);
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ibex::Found found;
  EXPECT_EQ(ibex::discover(ibex::Config{10, 40}, &found), Status::kOk);
  EXPECT_EQ(found.counters, 0x1FFDu);
  EXPECT_EQ(found.width, 40u);
  // The RTL's one-hot values (1 << (i-3)), not the doc's (1 << event id).
  EXPECT_EQ(bus.log[0], CR(0x323, 0x1));
  EXPECT_EQ(bus.log[9], CR(0x32C, 0x200));
  // A mismatch still says what the core has.
  ibex::Found other;
  EXPECT_EQ(ibex::discover(ibex::Config{4, 40}, &other), Status::kMismatch);
  EXPECT_EQ(other.counters, 0x1FFDu);
}

TEST(RiscvIbex, NarrowCounterWrapsAtItsWidthAndExtends) {
  auto model = ibex_model(3, 40);
  model.set_event_rate(5, 1);  // NumLoads, counted by mhpmcounter5
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  const ibex::Config cfg{3, 40};
  ibex::IbexCounters c(cfg);
  CounterTotals totals;
  c.track_totals(&totals);
  ASSERT_EQ(c.stop(0x20), Status::kOk);
  ASSERT_EQ(c.write(5, 0xFFFFFFFFF0ull), Status::kOk);
  ASSERT_EQ(ibex::init(c, cfg), Status::kOk);
  ASSERT_EQ(c.start(0x20), Status::kOk);
  bus.advance(100);
  const uint64_t raw = ibex::read_event(c, cfg, ibex::Event::kNumLoads).value();
  EXPECT_LT(raw, 0x100u);  // wrapped at 2^40
  EXPECT_EQ(model.wraps(5), 1u);
  const uint64_t ext = c.read64(5).value();
  EXPECT_GT(ext, 100u);
  EXPECT_LT(ext, 0x120u);
}

TEST(RiscvIbex, HighHalfOfA40BitCounterHoldsOnly8Bits) {
  IbexCore core(1, 40);
  ibex::IbexCounters c(ibex::Config{1, 40});
  ASSERT_EQ(c.write(3, ~uint64_t{0}), Status::kOk);
  EXPECT_EQ(c.read(3).value(), 0xFFFFFFFFFFull);
}

TEST(RiscvIbex, UnimplementedCountersAreRejectedByTheDriverAndReadZeroOnTheModel) {
  IbexCore core(2, 40);
  uint64_t v = 1;
  EXPECT_TRUE(core.model.csr_read(0xB0C, &v));
  EXPECT_EQ(v, 0u);
  EXPECT_TRUE(core.model.csr_write(0x323, 0x40));  // hard-wired: ignored, no trap
  EXPECT_TRUE(core.model.csr_read(0x323, &v));
  EXPECT_EQ(v, 1u);
  EXPECT_FALSE(core.model.csr_read(0x723, &v));    // mhpmevent3h: illegal on Ibex
  core.model.csr_write(0x320, ~uint64_t{0});
  EXPECT_EQ(core.model.inhibit(), 0x1Du);
  test::NoAccessBackend none;
  test::ScopedBackend use2(none);
  ibex::IbexCounters c(ibex::Config{2, 40});
  EXPECT_EQ(c.read(5).status(), Status::kBadArg);
  EXPECT_EQ(ibex::read_event(c, ibex::Config{2, 40}, ibex::Event::kNumLoads).status(), Status::kUnavailable);
  EXPECT_EQ(c.start(0x20), Status::kBadArg);
  EXPECT_EQ(c.program(3, HpmEvent{1}), Status::kUnavailable);  // hard-wired selectors
  ibex::IbexCounters bad(ibex::Config{11, 40});
  EXPECT_EQ(ibex::init(bad, ibex::Config{11, 40}), Status::kBadArg);
  EXPECT_EQ(ibex::discover(ibex::Config{11, 40}, nullptr), Status::kBadArg);
  EXPECT_EQ(bad.read(0).status(), Status::kBadArg);
}

// What the Ibex RTL's CSR case list does not have raises an illegal
// instruction (ibex_pkg has no 0xB01/0xB81, the "time" slot, and no
// scounteren: Ibex has no S-mode); and MHPMCounterNum tops out at 10.
TEST(RiscvIbex, TheModelTrapsWhatTheRtlDoesNotListAndHasAtMostTenCounters) {
  auto model = ibex_model(2, 40);
  uint64_t v = 0;
  EXPECT_FALSE(model.csr_read(0xB01, &v));
  EXPECT_FALSE(model.csr_read(0xB81, &v));
  EXPECT_FALSE(model.csr_write(0xB01, 5));
  EXPECT_FALSE(model.csr_read(0x106, &v));
  EXPECT_FALSE(model.csr_write(0x106, 1));
  EXPECT_TRUE(model.csr_read(0x306, &v));  // mcounteren is there
  auto wide = ibex_model(12, 40);
  EXPECT_TRUE(wide.csr_read(0x32C, &v));
  EXPECT_EQ(v, 0x200u);  // mhpmevent12, the tenth
  EXPECT_TRUE(wide.csr_read(0x32D, &v));
  EXPECT_EQ(v, 0u);  // mhpmevent13: none
  wide.csr_write(0x320, ~uint64_t{0});
  EXPECT_EQ(wide.inhibit(), 0x1FFDu);
}
}  // namespace

namespace {
// ---- the three Ibex builds: 0 counters (stock simple system), 10 x 32 bits
// (OpenTitan), 10 x 40 bits ("fully featured") -----------------------------------
struct Build {
  unsigned num, width;
};
constexpr Build kBuilds[] = {{0, 40}, {10, 32}, {10, 40}};

TEST(RiscvIbex, ProbeCoreFindsWhatEachBuildHas) {
  for (const Build& b : kBuilds) {
    IbexCore core(b.num, b.width);
    const ibex::Found f = ibex::probe_core();
    EXPECT_EQ(f.counters, ibex::counter_mask(b.num)) << b.num << "x" << b.width;
    EXPECT_EQ(f.mhpm_counter_num(), b.num);
    EXPECT_EQ(f.width, b.num == 0 ? 0u : b.width);
    EXPECT_EQ(ibex::discover(f.config(), nullptr), Status::kOk);
    // The probe restores what it touched: no counter keeps all ones.
    EXPECT_EQ(core.model.counter(3), 0u);
    EXPECT_EQ(core.model.inhibit(), 0u);
  }
}

// The repro: a 10x32 core declared 10x40. init() refuses it before
// anything is counted wrong (it was a delta of 2^40 - 2^32 + 317).
TEST(RiscvIbex, InitRefusesADeclaredWidthTheCoreDoesNotHave) {
  IbexCore core(10, 32);
  const ibex::Config declared{10, 40};
  ibex::IbexCounters c(declared);
  EXPECT_EQ(ibex::init(c, declared), Status::kMismatch);
  ibex::Found found;
  EXPECT_EQ(ibex::discover(declared, &found), Status::kMismatch);
  EXPECT_EQ(found.counters, 0x1FFDu);  // what the core has, also on a mismatch
  EXPECT_EQ(found.width, 32u);
}

// A core with fewer counters than declared: init() refuses it (counter 5
// would read 0 forever), and so it does one with more; a refusal leaves the
// file's totals as they were (no width guessed from the probe).
TEST(RiscvIbex, InitRefusesACounterNumberTheCoreDoesNotHave) {
  struct Case {
    unsigned core, declared;
  };
  for (const Case k : {Case{2, 10}, Case{2, 3}, Case{10, 3}, Case{10, 0}, Case{0, 1}}) {
    IbexCore core(k.core, 32);
    const ibex::Config declared{k.declared, 32};
    ibex::IbexCounters c(declared);
    CounterTotals totals;
    c.track_totals(&totals);
    EXPECT_EQ(ibex::init(c, declared), Status::kMismatch) << k.core << " vs " << k.declared;
    for (unsigned i = 0; i < 13; ++i) EXPECT_EQ(c.width(i), 64u) << k.core << " vs " << k.declared << " counter " << i;
    EXPECT_EQ(core.model.counter(3), 0u);  // nothing left written
  }
}

// What init() reads: the last declared counter's selector and the next one's,
// then the width probe of mhpmcounter3 (stop, save, all ones, restore).
TEST(RiscvIbex, InitReadsTheSelectorsAroundTheDeclaredCountersBeforeTheWidth) {
  IbexCore core(3, 40);
  const ibex::Config cfg{3, 40};
  ibex::IbexCounters c(cfg);
  ASSERT_EQ(ibex::init(c, cfg), Status::kOk);
  ASSERT_GE(core.bus.log.size(), 3u);
  EXPECT_EQ(core.bus.log[0], CR(0x325, 0x4));  // mhpmevent5, the last declared: implemented
  EXPECT_EQ(core.bus.log[1], CR(0x326, 0x0));  // mhpmevent6: not
  EXPECT_EQ(core.bus.log[2].addr, 0x320u);     // then the width probe stops mhpmcounter3
}

// Every build, every counter it has: the width each counter gets (64 for
// mcycle/minstret, MHPMCounterWidth for mhpmcounter3..) and an exact 64-bit
// total across a wrap at that width.
TEST(RiscvIbex, EveryCounterOfEveryBuildHasItsWidthAndAnExactTotal) {
  for (const Build& b : kBuilds) {
    auto model = ibex_model(b.num, b.width);
    for (unsigned id = 3; id <= 12; ++id) model.set_event_rate(id, 1);
    test::ModelBus bus(0);
    bus.map_csr(&model);
    test::ScopedBackend use(bus);
    const ibex::Config cfg{b.num, b.width};
    ibex::IbexCounters c(cfg);
    CounterTotals totals;
    c.track_totals(&totals);
    ASSERT_EQ(ibex::init(c, cfg), Status::kOk);
    const uint32_t all = c.config().counters;
    EXPECT_EQ(all, ibex::counter_mask(b.num));
    ASSERT_EQ(c.stop(all), Status::kOk);
    for (uint32_t m = all; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      const unsigned w = i < kFirstHpm ? 64u : b.width;
      EXPECT_EQ(c.width(i), w) << b.num << "x" << b.width << " counter " << i;
      // 20 counts below the wrap of that width (mcycle/minstret: 2^64).
      const uint64_t top = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
      ASSERT_EQ(c.write(i, top - 19), Status::kOk);
      ASSERT_EQ(c.reset_total(i), Status::kOk);
    }
    ASSERT_EQ(c.start(all), Status::kOk);
    bus.advance(317);
    for (uint32_t m = all; m != 0; m &= m - 1) {
      const unsigned i = util::ctz32(m);
      EXPECT_EQ(c.read64(i).value(), 317u) << b.num << "x" << b.width << " counter " << i;
    }
  }
}
}  // namespace
