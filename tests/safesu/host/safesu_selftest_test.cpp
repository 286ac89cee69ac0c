// SPDX-License-Identifier: Apache-2.0
// The driver's self-test on the RTL-exact model at every bus gap the RTL was
// measured with (0, 1 and 4 idle cycles between accesses; docs/hw/safesu.md
// §8): a healthy unit must pass every check at every gap (issue 10, SafeSU
// driver item 3: at gap 0 "RDC disable keeps the watermark" reads the
// watermark one cycle before its final value is readable).
#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;

constexpr uintptr_t kBase = 0x80100000;

// A shipped layout and the model of the same build (docs/hw/safesu.md §1.2).
struct Case {
  const Layout* layout;
  Model::Config model;
  uint32_t gap;
};
void PrintTo(const Case& c, std::ostream* os) {
  *os << unsigned{c.layout->n_cores} << "c" << unsigned{c.layout->n_soc_ev} << "e gap " << c.gap;
}

class SafesuSelftestGap : public ::testing::TestWithParam<Case> {};

TEST_P(SafesuSelftestGap, HealthyUnitPassesEveryCheck) {
  const Layout& l = *GetParam().layout;
  Model model(GetParam().model);
  test::ModelBus bus(GetParam().gap);
  bus.map(kBase, Model::kWindowSize, &model);
  test::ScopedBackend use(bus);
  SafeSU su{kBase, l};
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su, &report), Status::kOk);
  for (unsigned i = 0; i < report.count; ++i) {
    const Check& c = report.checks[i];
    EXPECT_TRUE(c.pass) << c.name << ": expected " << c.expected << " observed " << c.observed;
  }
}

constexpr Model::Config m4c128{24, 128, 4}, m6c128{24, 128, 6}, m6c256{24, 256, 6}, m4c32{24, 32, 4};
const Case kCases[] = {
    {&k4c128, m4c128, 0}, {&k4c128, m4c128, 1}, {&k4c128, m4c128, 4}, {&k6c128, m6c128, 0},
    {&k6c128, m6c128, 1}, {&k6c128, m6c128, 4}, {&k6c256, m6c256, 0}, {&k6c256, m6c256, 1},
    {&k6c256, m6c256, 4}, {&k4c32, m4c32, 0},   {&k4c32, m4c32, 1},   {&k4c32, m4c32, 4}};

INSTANTIATE_TEST_SUITE_P(Shipped, SafesuSelftestGap, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           const Layout& l = *p.param.layout;
                           return std::to_string(l.n_cores) + "c" + std::to_string(l.n_soc_ev) + "e_gap" +
                                  std::to_string(p.param.gap);
                         });

}  // namespace
