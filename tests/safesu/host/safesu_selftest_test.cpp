// SPDX-License-Identifier: Apache-2.0
// The driver's self-test on the RTL-exact model: a healthy unit passes every
// check at every bus gap from 0 up (issue 10 item 3: at gap 0 "RDC disable
// keeps the watermark" used to read the watermark one cycle before its final
// value is readable, docs/hw/safesu.md §8); the access count the header
// states; and each check fails when the unit misbehaves in exactly the way
// it checks (the model's fault injection: a counter that never counts, one
// that counts by a different step, a stuck one), so a weakened check is
// caught (issue 15).
#include <gtest/gtest.h>

#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "pmu/safesu/selftest.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;

constexpr uintptr_t kBase = 0x80100000;

const Layout kOld4 = make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025));
const Layout kOneCounter = make_layout(shipped_params(2, 64, 1));

// A unit of one layout on the model at one bus gap.
struct Rig {
  Rig(const Layout& l, uint32_t gap) : model(pmu_sim::safesu_config(l)), bus(gap), su(kBase, l) {
    bus.map(kBase, Model::kWindowSize, &model);
  }
  Status run() {
    test::ScopedBackend use(bus);
    const uint32_t before = model.accesses();
    const Status s = run_selftest(su, &report);
    accesses = model.accesses() - before;
    return s;
  }
  const Check* check(const char* name) const {
    for (unsigned i = 0; i < report.count; ++i)
      if (std::strcmp(report.checks[i].name, name) == 0) return &report.checks[i];
    return nullptr;
  }
  Model model;
  test::ModelBus bus;
  SafeSU su;
  SelftestReport report{};
  uint32_t accesses = 0;
};

// ---- a healthy unit passes at every bus gap ---------------------------------------
struct Case {
  const Layout* layout;
  uint32_t gap;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << unsigned{c.layout->n_cores} << "c" << unsigned{c.layout->n_soc_ev} << "e gap " << c.gap;
}

class SafesuSelftestGap : public ::testing::TestWithParam<Case> {};

TEST_P(SafesuSelftestGap, HealthyUnitPassesEveryCheck) {
  Rig r(*GetParam().layout, GetParam().gap);
  EXPECT_EQ(r.run(), Status::kOk);
  for (unsigned i = 0; i < r.report.count; ++i) {
    const Check& c = r.report.checks[i];
    EXPECT_TRUE(c.pass) << c.name << ": expected " << c.expected << " observed " << c.observed;
  }
  EXPECT_TRUE(r.report.all_pass());
}

std::vector<Case> cases() {
  std::vector<Case> v;
  for (const Layout* l : {&k4c128, &k6c128, &k6c256, &k4c32, &kOld4})
    for (uint32_t gap = 0; gap <= 6; ++gap) v.push_back({l, gap});
  return v;
}
INSTANTIATE_TEST_SUITE_P(Shipped, SafesuSelftestGap, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           const Layout& l = *p.param.layout;
                           return std::to_string(l.n_cores) + "c" + std::to_string(l.n_soc_ev) + "e" +
                                  (l.rdc_usable ? "" : "_old") + "_gap" + std::to_string(p.param.gap);
                         });

// ---- what it costs and what it checks ---------------------------------------------------
TEST(SafesuSelftest, MakesTheAccessCountItsHeaderStates) {
  for (const Layout* l : {&k4c128, &k6c128, &k6c256, &k4c32}) {
    Rig r(*l, 0);
    ASSERT_EQ(r.run(), Status::kOk);
    EXPECT_EQ(r.accesses, 211u) << unsigned{l->n_cores} << " cores";
  }
  Rig old(kOld4, 0);
  ASSERT_EQ(old.run(), Status::kOk);
  EXPECT_EQ(old.accesses, 174u);  // the RDC part skipped
}

// The routine borrows core 0's MCCU limit and puts it back; core 1's it
// never touches. A refill after it gives each core its own budget again.
TEST(SafesuSelftest, PutsEachCoresBudgetLimitBack) {
  Rig r(k4c128, 0);
  {
    test::ScopedBackend use(r.bus);
    ASSERT_EQ(r.su.set_budget(0, 0x1234), Status::kOk);
    ASSERT_EQ(r.su.set_budget(1, 0x5678), Status::kOk);
  }
  ASSERT_EQ(r.run(), Status::kOk);
  test::ScopedBackend use(r.bus);
  ASSERT_EQ(r.su.refill_cores(0x3), Status::kOk);
  EXPECT_EQ(r.su.remaining_budget(0).value(), 0x1234u);
  EXPECT_EQ(r.su.remaining_budget(1).value(), 0x5678u);
}

TEST(SafesuSelftest, ReportsEveryCheckInOrder) {
  Rig r(k4c128, 1);
  ASSERT_EQ(r.run(), Status::kOk);
  const char* const expected[] = {
      "counter soft reset leaves 0", "mode 01: counter 0 counts", "mode 01: all counters equal",
      "mode 10: nothing counts", "mode 11: counter 0 counts", "mode 11: others idle",
      "overflow vector clear after enable", "overflow flag at 0xFFFFFFFF", "overflow clear pulse",
      "MCCU budget loads the limit", "MCCU budget decrements", "MCCU budget not exhausted",
      "MCCU budget saturates at 0", "MCCU refill reloads the limit", "RDC watermark records the run",
      "RDC threshold fires input 0", "RDC disable clears the vector", "RDC disable keeps the watermark",
      "RDC reset clears the watermark"};
  ASSERT_EQ(r.report.count, sizeof expected / sizeof expected[0]);
  for (unsigned i = 0; i < r.report.count; ++i) EXPECT_STREQ(r.report.checks[i].name, expected[i]);
}

TEST(SafesuSelftest, ALayoutWithOneCounterHasNoOthersToCheck) {
  Rig r(kOneCounter, 0);
  EXPECT_EQ(r.run(), Status::kOk);
  EXPECT_EQ(r.check("mode 11: others idle"), nullptr);
  EXPECT_NE(r.check("mode 11: counter 0 counts"), nullptr);
}

TEST(SafesuSelftest, RefusesANullReportOrAnUnusableUnitTouchingNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  SafeSU su{kBase, k4c128};
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su, nullptr), Status::kBadArg);
  SafeSU misaligned{kBase + 4, k4c128};
  EXPECT_EQ(run_selftest(misaligned, &report), Status::kBadArg);
}

TEST(SafesuSelftest, TheBuildTimeUnitRunsTheSameRoutine) {
  Model model(pmu_sim::safesu_config(k6c256));
  test::ModelBus bus(0);
  bus.map(kBase, Model::kWindowSize, &model);
  test::ScopedBackend use(bus);
  static FixedSafeSU<kBase, k6c256> su;
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su, &report), Status::kOk);
  EXPECT_TRUE(report.all_pass());
  EXPECT_EQ(model.accesses(), 211u);
}

// ---- every counting check fails on the fault it is there for ----------------------------
// The named check fails (and the run reports kFailed) once 'fault' sits on
// counter k.
void expect_check_fails(const Layout& l, unsigned k, Model::Fault fault, uint32_t value, const char* name) {
  for (uint32_t gap : {0u, 1u, 4u}) {
    SCOPED_TRACE(testing::Message() << name << ", counter " << k << ", gap " << gap);
    Rig r(l, gap);
    r.model.inject_fault(k, fault, value);
    EXPECT_EQ(r.run(), Status::kFailed);
    const Check* c = r.check(name);
    ASSERT_NE(c, nullptr);
    EXPECT_FALSE(c->pass) << "observed " << c->observed;
  }
}

TEST(SafesuSelftestFaults, CounterZeroThatNeverCountsFailsMode01Counting) {
  expect_check_fails(k4c128, 0, Model::Fault::kNeverCounts, 0, "mode 01: counter 0 counts");
}

TEST(SafesuSelftestFaults, OneUnequalCounterFailsAllCountersEqual) {
  for (const Layout* l : {&k4c128, &k6c256}) {
    const unsigned last = l->n_counters - 1u;
    expect_check_fails(*l, last, Model::Fault::kWrongStep, 2, "mode 01: all counters equal");
    expect_check_fails(*l, last, Model::Fault::kNeverCounts, 0, "mode 01: all counters equal");
    expect_check_fails(*l, 1, Model::Fault::kWrongStep, 3, "mode 01: all counters equal");
  }
}

TEST(SafesuSelftestFaults, ALastCounterCountingInMode11FailsOthersIdle) {
  const unsigned last = k4c128.n_counters - 1u;
  expect_check_fails(k4c128, last, Model::Fault::kStuckAt, 5, "mode 11: others idle");
}

TEST(SafesuSelftestFaults, AStuckCounterZeroFailsTheSoftResetAndNothingCountsChecks) {
  expect_check_fails(k4c128, 0, Model::Fault::kStuckAt, 7, "counter soft reset leaves 0");
  expect_check_fails(k4c128, 0, Model::Fault::kStuckAt, 7, "mode 10: nothing counts");
}

// The model behind a filter: logs the offset of every write, and reads
// input 0's watermark byte as the model has it (kNone), with bit 0 stuck at
// 1 (kBit0Stuck: an RDC reset that does not clear input 0's watermark; its
// neighbours in the same register clear as they should), or as 0 (kDead:
// an RDC that records no run on input 0).
enum class Watermark0Fault { kNone, kBit0Stuck, kDead };
struct Filter final : pmu::models::MmioModel {
  Filter(Model& m, uint32_t watermark0, Watermark0Fault f = Watermark0Fault::kNone)
      : model(m), wm0(watermark0), fault(f) {}
  uint32_t read(uint32_t offset, unsigned size) override {
    const uint32_t v = model.read(offset, size);
    if (offset != wm0) return v;
    if (fault == Watermark0Fault::kBit0Stuck) return v | 0x1u;
    if (fault == Watermark0Fault::kDead) return v & ~0xFFu;
    return v;
  }
  void write(uint32_t offset, unsigned size, uint32_t value) override {
    writes.push_back(offset);
    model.write(offset, size, value);
  }
  void advance(uint64_t cycles) override { model.advance(cycles); }
  uint32_t irq_outputs() const override { return model.irq_outputs(); }
  Model& model;
  uint32_t wm0;
  Watermark0Fault fault;
  std::vector<uint32_t> writes;
};

// The self-test on the model seen through the filter make(model) returns,
// at bus gaps 0, 1 and 4: it fails, and exactly the named check fails,
// having observed 'observed'.
template <typename MakeFilter>
void expect_only_check_fails(MakeFilter make, const char* name, uint32_t observed) {
  for (uint32_t gap : {0u, 1u, 4u}) {
    SCOPED_TRACE(testing::Message() << name << ", gap " << gap);
    Model model(pmu_sim::safesu_config(k4c128));
    auto filter = make(model);
    test::ModelBus bus(gap);
    bus.map(kBase, Model::kWindowSize, &filter);
    test::ScopedBackend use(bus);
    SafeSU su{kBase, k4c128};
    SelftestReport report{};
    EXPECT_EQ(run_selftest(su, &report), Status::kFailed);
    EXPECT_EQ(report.failed, 1u);
    for (unsigned i = 0; i < report.count; ++i) {
      const bool named = std::strcmp(report.checks[i].name, name) == 0;
      EXPECT_EQ(report.checks[i].pass, !named) << report.checks[i].name << " observed " << report.checks[i].observed;
      if (named) {
        EXPECT_EQ(report.checks[i].observed, observed) << name;
      }
    }
  }
}

TEST(SafesuSelftestFaults, AWatermarkZeroThatSurvivesTheResetFailsTheResetCheck) {
  expect_only_check_fails(
      [](Model& m) { return Filter(m, k4c128.watermarks.at(0).offset, Watermark0Fault::kBit0Stuck); },
      "RDC reset clears the watermark", 1);
}

TEST(SafesuSelftestFaults, AWatermarkThatRecordsNoRunFailsTheRecordsCheckOnly) {
  expect_only_check_fails(
      [](Model& m) { return Filter(m, k4c128.watermarks.at(0).offset, Watermark0Fault::kDead); },
      "RDC watermark records the run", 0);
}

// An MCCU whose core-0 budget runs out during the first spin (it counts
// far faster than any real one: the self-test loads 0x80000000 so that a
// healthy unit never gets there): core 0's remaining budget reads 0 where
// it reads a value between the small limit the saturation check loads and
// the large one. "budget decrements" still passes (0 is below the limit);
// exactly "not exhausted" fails.
struct ExhaustingMccu final : pmu::models::MmioModel {
  ExhaustingMccu(Model& m, uint32_t remaining0) : model(m), rem0(remaining0) {}
  uint32_t read(uint32_t offset, unsigned size) override {
    const uint32_t v = model.read(offset, size);
    return offset == rem0 && v > 2u && v < 0x80000000u ? 0u : v;
  }
  void write(uint32_t offset, unsigned size, uint32_t value) override { model.write(offset, size, value); }
  void advance(uint64_t cycles) override { model.advance(cycles); }
  uint32_t irq_outputs() const override { return model.irq_outputs(); }
  Model& model;
  uint32_t rem0;
};

TEST(SafesuSelftestFaults, AnMccuThatExhaustsTheLargeBudgetFailsNotExhaustedOnly) {
  expect_only_check_fails([](Model& m) { return ExhaustingMccu(m, k4c128.mccu_remaining.at(0).offset); },
                          "MCCU budget not exhausted", 0);
}

// The restore writes the configuration (weights, core 0's limit) before
// CFG0 and CFG1, which start counting and the MCCU/RDC: every write
// freezes the counters for its cycle (docs/hw/safesu.md §3.2 item 1), so
// no write after the enables costs the caller's counters an increment.
TEST(SafesuSelftest, RestoresTheConfigurationBeforeTheEnables) {
  const Layout& l = k4c128;
  Model model(pmu_sim::safesu_config(l));
  Filter filter(model, l.watermarks.at(0).offset);
  test::ModelBus bus(0);
  bus.map(kBase, Model::kWindowSize, &filter);
  test::ScopedBackend use(bus);
  SafeSU su{kBase, l};
  SelftestReport report{};
  ASSERT_EQ(run_selftest(su, &report), Status::kOk);
  ASSERT_GE(filter.writes.size(), 4u);
  const std::vector<uint32_t> tail(filter.writes.end() - 4, filter.writes.end());
  EXPECT_EQ(tail, (std::vector<uint32_t>{l.weights.at(0).offset, l.mccu_limits.at(0).offset, l.cfg0.offset,
                                         l.cfg1.offset}));
}

TEST(SafesuSelftestFaults, ADeadBusFailsAndDoesNotCrash) {
  // A "unit" that reads 0 and ignores writes: the report says so.
  test::ModelBus bus;
  struct Dead final : pmu::models::MmioModel {
    uint32_t read(uint32_t, unsigned) override { return 0; }
    void write(uint32_t, unsigned, uint32_t) override {}
    void advance(uint64_t) override {}
    uint32_t irq_outputs() const override { return 0; }
  } dead;
  bus.map(kBase, 0x100000, &dead);
  test::ScopedBackend use(bus);
  SafeSU su{kBase, k4c128};
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su, &report), Status::kFailed);
  EXPECT_FALSE(report.all_pass());
  EXPECT_GT(report.failed, 0u);
}

}  // namespace
