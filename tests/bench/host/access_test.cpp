// SPDX-License-Identifier: Apache-2.0
// The host bench's own tests: its access counter counts what a backend saw,
// its divergence check catches any difference between pmukit and a
// baseline, and every operation the bench times does the baseline's
// register work (so no ratio in docs/performance.md compares unlike work).
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "../../../bench/host/access.hpp"
#include "host/backend.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace {

using pmu_sim::Access;
using pmu_sim::CR;
using pmu_sim::CW;
using pmu_sim::R;
using pmu_sim::W;

TEST(BenchAccessCounter, CountsReadsWritesAndCsrAccessesOfALog) {
  const std::vector<Access> log = {R(0x10, 1), W(0x10, 2), R(0x14, 0), CR(0x300, 5), CW(0x300, 6), W(0x18, 7)};
  const bench::AccessCount c = bench::count_accesses(log);
  EXPECT_EQ(c.reads, 2u);
  EXPECT_EQ(c.writes, 2u);
  EXPECT_EQ(c.csr, 2u);
  EXPECT_EQ(bench::format_counts(c), "mmio_reads=2 mmio_writes=2 csr_accesses=2");
  EXPECT_EQ(bench::format_counts(bench::count_accesses({})), "mmio_reads=0 mmio_writes=0");
}

TEST(BenchAccessCounter, CountsWhatTheModelBusLogged) {
  pmu_sim::ModelBus bus;
  pmu::models::SafesuModel model{pmu::models::SafesuModel::Config{}};
  bus.map(BENCH_SAFESU_BASE, pmu::models::SafesuModel::kWindowSize, &model);
  bus.mmio_write32(BENCH_SAFESU_BASE, 1);
  (void)bus.mmio_read32(BENCH_SAFESU_BASE + 4);
  (void)bus.mmio_read32(BENCH_SAFESU_BASE + 8);
  const bench::AccessCount c = bench::count_accesses(bus.log);
  EXPECT_EQ(c.reads, 2u);
  EXPECT_EQ(c.writes, 1u);
}

bench::Trace trace() {
  bench::Trace t;
  t.accesses = {R(0x100, 3), W(0x100, 4)};
  t.callbacks = {{0, 1}};
  t.outcome = {0, 3};
  return t;
}

// Each way a pmukit path can differ from its baseline is reported.
TEST(BenchDivergence, ReportsEveryKindOfDifference) {
  bench::OpRun same;
  same.baseline = trace();
  same.pmukit = {{"run-time", trace()}};
  EXPECT_EQ(same.divergence(), "");

  std::vector<bench::Trace> changed(6, trace());
  changed[0].accesses[1].value = 5;                 // another value written
  changed[1].accesses[0].addr = 0x104;              // another register
  changed[2].accesses.push_back(R(0x100, 3));       // one access more
  changed[3].callbacks[0].second = 2;               // callback later
  changed[4].outcome.status = 1;                    // another status
  changed[5].accesses[0].kind = Access::kWrite;     // a write for a read
  for (size_t i = 0; i < changed.size(); ++i) {
    bench::OpRun r;
    r.baseline = trace();
    r.pmukit = {{"run-time", trace()}, {"compile-time", changed[i]}};
    EXPECT_NE(r.divergence().find("compile-time"), std::string::npos) << "change " << i;
    EXPECT_EQ(r.divergence().find("pmukit run-time"), std::string::npos) << "change " << i;
  }
}

// Every operation the bench times, one test each.
const std::vector<bench::OpRun>& runs() {
  static const std::vector<bench::OpRun> all = bench::run_all();
  return all;
}

class BaselineEquivalence : public ::testing::TestWithParam<size_t> {};

TEST_P(BaselineEquivalence, PmukitDoesTheBaselinesRegisterWork) {
  const bench::OpRun& r = runs()[GetParam()];
  ASSERT_FALSE(r.pmukit.empty()) << r.name << ": no pmukit path measured";
  EXPECT_EQ(r.divergence(), "") << r.name;
  // "(untracked)": a 64-bit call without totals attached answers without
  // touching the unit; every other operation does register work.
  const bool untracked = r.name.find("(untracked)") != std::string::npos;
  EXPECT_EQ(r.baseline.accesses.empty(), untracked)
      << r.name << (untracked ? ": touches the unit without totals" : ": the scenario does no register work");
  // "(spurious)": a hook with nothing flagged calls nobody; every other hook
  // scenario fires a callback.
  if (r.name.find("hook") != std::string::npos) {
    const bool spurious = r.name.find("(spurious)") != std::string::npos;
    EXPECT_EQ(r.baseline.callbacks.empty(), spurious)
        << r.name << (spurious ? ": calls back with nothing flagged" : ": the scenario fires no callback");
  }
}

std::string op_name(const ::testing::TestParamInfo<size_t>& info) {
  std::string s;
  for (char c : runs()[info.param].name) s += (isalnum(static_cast<unsigned char>(c)) ? c : '_');
  return s;
}

INSTANTIATE_TEST_SUITE_P(Ops, BaselineEquivalence, ::testing::Range(size_t{0}, runs().size()), op_name);

}  // namespace
