// SPDX-License-Identifier: Apache-2.0
// SafeSU driver against the behavioural model (sim/models/safesu_model):
// whole scenarios with events, interrupts (the model's output lines) and the
// hooks, on the shipped configurations, at bus gaps 0, 1 and 4.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;

constexpr uintptr_t kBase = 0x80100000;

struct Calls {
  std::vector<unsigned> seen;
  static void record(void* ctx, unsigned source) { static_cast<Calls*>(ctx)->seen.push_back(source); }
  IrqCallback cb() { return {record, this}; }
};

using Case = std::tuple<const Layout*, uint32_t>;  // layout, bus gap

class SafesuScenario : public ::testing::TestWithParam<Case> {
 protected:
  SafesuScenario()
      : layout_(*std::get<0>(GetParam())), model_(pmu_sim::safesu_config(layout_)), bus_(std::get<1>(GetParam())),
        su_(kBase, layout_), use_(bus_) {
    bus_.map(kBase, Model::kWindowSize, &model_);
    EXPECT_EQ(su_.attach_callbacks(&callbacks_), Status::kOk);
    EXPECT_EQ(su_.track_totals(&totals_), Status::kOk);
  }
  uint32_t gap() const { return std::get<1>(GetParam()); }
  const Layout& layout_;
  Model model_;
  test::ModelBus bus_;
  SafeSU su_;
  test::ScopedBackend use_;
  Callbacks callbacks_;
  Totals totals_;
};

TEST_P(SafesuScenario, CountsTheRoutedEventOnly) {
  const uint16_t e4 = static_cast<uint16_t>(0x55 % layout_.n_soc_ev);
  const Route t[] = {{0, 5}, {4, e4}, {1, 6}};
  ASSERT_EQ(su_.route_table(t, 3), Status::kOk);
  EXPECT_EQ(su_.routed_event(4).value(), 0x55u % layout_.n_soc_ev);
  model_.set_event(5, true);
  model_.set_event(0x55 % layout_.n_soc_ev, true);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(100);
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  // Counted: the idle cycles after the enabling write, the 100, the stop's
  // read (a read loses nothing) and its idle cycles; the stop's write
  // freezes (docs/hw/safesu.md §3.1, §3.2).
  const uint32_t c0 = su_.read(0).value();
  EXPECT_EQ(c0, 101u + 2 * gap());
  EXPECT_EQ(su_.read(4).value(), c0);  // straddling field routes correctly
  EXPECT_EQ(su_.read(1).value(), 0u);
}

TEST_P(SafesuScenario, SoftResetReallyLeavesZero) {
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(50);
  // Stopped: exactly 0.
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  ASSERT_EQ(su_.reset(), Status::kOk);
  for (unsigned k = 0; k < layout_.n_counters; ++k) EXPECT_EQ(model_.counter(k), 0u) << k;
  // Counting: restarts from 0, so it holds exactly the cycles counted since the
  // re-enabling write (nothing carried over, no +1 from the shadow copy).
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(50);
  ASSERT_EQ(su_.reset(), Status::kOk);
  EXPECT_EQ(model_.counter(0), gap());  // the idle cycles after the re-enabling write, nothing carried over
}

TEST_P(SafesuScenario, WideCounterCarriesAcrossTheWrap) {
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.write(3, 0xFFFFFF00u), Status::kOk);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(0x200);
  ASSERT_EQ(su_.stop(su_.all_counters()), Status::kOk);
  const uint64_t total = su_.read64(3).value();
  const uint32_t raw = model_.counter(3);
  EXPECT_LT(raw, 0x200u);                       // the hardware wrapped
  EXPECT_EQ(total, 0x100000000ull + raw);       // the 64-bit total did not lose it
}

TEST_P(SafesuScenario, OverflowHookCallsBackClearsAndLeavesTheUnitRunning) {
  Calls calls;
  ASSERT_EQ(su_.on_overflow(2, calls.cb()), Status::kOk);
  ASSERT_EQ(su_.set_overflow_irq(2, true), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(2, 0xFFFFFFE0u), Status::kOk);
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  ASSERT_EQ(su_.start(su_.all_counters()), Status::kOk);
  bus_.advance(100);
  ASSERT_TRUE(model_.irq_outputs() & Model::kIrqOverflow);
  EXPECT_EQ(su_.handle_overflow_irq().value(), 1u << 2);
  EXPECT_EQ(calls.seen, std::vector<unsigned>{2});
  EXPECT_FALSE(model_.irq_outputs() & Model::kIrqOverflow);
  const uint32_t a = su_.read(2).value();
  bus_.advance(10);
  EXPECT_GT(su_.read(2).value(), a);  // still counting
  EXPECT_GT(su_.read64(2).value(), 0xFFFFFFFFull);
}

TEST_P(SafesuScenario, EnableOverflowDiscardsFlagsLatchedWhileDisabled) {
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);  // latches while disabled
  ASSERT_EQ(su_.write(0, 0), Status::kOk);  // (parked at all ones it would re-flag every cycle)
  ASSERT_NE(model_.overflow_flags() & 1u, 0u);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  EXPECT_EQ(su_.overflow_vector().value(), 0u);
  EXPECT_FALSE(model_.irq_outputs() & Model::kIrqOverflow);
  // Without discarding, the stale flag shows at once (what the hardware does).
  ASSERT_EQ(su_.disable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write(0, 0xFFFFFFFFu), Status::kOk);
  ASSERT_EQ(su_.write(0, 0), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(false), Status::kOk);
  EXPECT_EQ(su_.overflow_vector().value(), 1u);
}

TEST_P(SafesuScenario, MccuBudgetExhaustionHookRefillsAndClears) {
  Calls calls;
  const unsigned core = 1, input = 2;  // inputs 2c and 2c+1 belong to core c
  ASSERT_EQ(su_.on_mccu(core, calls.cb()), Status::kOk);
  ASSERT_EQ(su_.route(input, 9), Status::kOk);
  ASSERT_EQ(su_.set_weight(input, 5), Status::kOk);
  ASSERT_EQ(su_.set_budget(core, 100), Status::kOk);
  EXPECT_EQ(su_.remaining_budget(core).value(), 100u);
  ASSERT_EQ(su_.enable_mccu(), Status::kOk);
  model_.set_event(9, true);
  bus_.advance(40);
  model_.set_event(9, false);
  bus_.advance(5);
  EXPECT_EQ(su_.remaining_budget(core).value(), 0u);
  ASSERT_TRUE(model_.irq_outputs() & Model::irq_mccu(core));
  // A refill by update pulse alone does not clear the sticky IRQ (docs/hw/safesu.md §3.5)...
  ASSERT_EQ(su_.set_budget(core, 100), Status::kOk);
  EXPECT_TRUE(model_.irq_outputs() & Model::irq_mccu(core));
  // ...the hook's refill does.
  EXPECT_EQ(su_.handle_mccu_irq(core).value(), 1u << core);  // the mask served
  EXPECT_EQ(calls.seen, std::vector<unsigned>{core});
  EXPECT_FALSE(model_.irq_outputs() & Model::irq_mccu(core));
  EXPECT_EQ(su_.remaining_budget(core).value(), 100u);
  // Still enabled: the budget drains again.
  model_.set_event(9, true);
  bus_.advance(5);
  EXPECT_LT(su_.remaining_budget(core).value(), 100u);
}

TEST_P(SafesuScenario, RdcWatermarkAndThresholdPerInput) {
  Calls calls;
  const unsigned input = 3;  // core 1's second input
  ASSERT_EQ(su_.on_rdc(input, calls.cb()), Status::kOk);
  ASSERT_EQ(su_.route(input, 7), Status::kOk);
  ASSERT_EQ(su_.set_rdc_threshold(input, 10), Status::kOk);
  ASSERT_EQ(su_.enable_rdc(), Status::kOk);
  model_.set_event(7, true);
  bus_.advance(5);
  model_.set_event(7, false);
  bus_.advance(3);
  const uint8_t short_run = su_.watermark(input).value();
  EXPECT_GE(short_run, 4u);
  EXPECT_LE(short_run, 6u);
  EXPECT_EQ(su_.rdc_vector().value(), 0u);
  model_.set_event(7, true);
  bus_.advance(20);
  model_.set_event(7, false);
  bus_.advance(3);
  EXPECT_EQ(su_.rdc_vector().value(), 1u << input);  // per input, not per core
  ASSERT_TRUE(model_.irq_outputs() & Model::kIrqRdc);
  const uint8_t long_run = su_.watermark(input).value();
  EXPECT_GE(long_run, 19u);
  EXPECT_EQ(su_.handle_rdc_irq().value(), 1u << input);
  EXPECT_EQ(calls.seen, std::vector<unsigned>{input});
  EXPECT_FALSE(model_.irq_outputs() & Model::kIrqRdc);
  EXPECT_EQ(su_.watermark(input).value(), long_run);  // kept by the toggle
  // Still enabled: a new long run fires again.
  model_.set_event(7, true);
  bus_.advance(20);
  EXPECT_TRUE(model_.irq_outputs() & Model::kIrqRdc);
}

TEST_P(SafesuScenario, WeightZeroNeverFiresOnCurrentRtl) {
  ASSERT_EQ(su_.set_rdc_threshold(0, 0), Status::kOk);
  ASSERT_EQ(su_.enable_rdc(), Status::kOk);
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kOnlyOutput0), Status::kOk);
  bus_.advance(30);
  EXPECT_EQ(su_.rdc_vector().value(), 0u);
  EXPECT_GT(su_.watermark(0).value(), 0u);
}

TEST_P(SafesuScenario, SelftestReportAllPassAndStateRestored) {
  ASSERT_EQ(su_.set_overflow_mask(0x5), Status::kOk);
  ASSERT_EQ(su_.set_weight(0, 0x42), Status::kOk);
  ASSERT_EQ(su_.enable_mccu(), Status::kOk);
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su_, &report), Status::kOk);
  for (unsigned i = 0; i < report.count; ++i) {
    const Check& c = report.checks[i];
    EXPECT_TRUE(c.pass) << c.name << ": expected " << c.expected << " observed " << c.observed;
  }
  EXPECT_TRUE(report.all_pass());
  EXPECT_GE(report.count, 16u);
  EXPECT_EQ(su_.weight(0).value(), 0x42u);
  EXPECT_EQ(model_.read(layout_.overflow_mask.offset, 4), 0x5u);
  EXPECT_EQ(model_.read(layout_.cfg1.offset, 4) & 1u, 1u);  // MCCU enabled again
  EXPECT_EQ(model_.read(0, 4) & cfg0::kSelftestMode.mask(), 0u);
  EXPECT_EQ(run_selftest(su_, nullptr), Status::kBadArg);
}

INSTANTIATE_TEST_SUITE_P(Shipped, SafesuScenario,
                         ::testing::Combine(::testing::Values(&k4c128, &k6c128, &k6c256, &k4c32),
                                            ::testing::Values(0u, 1u, 4u)),
                         [](const ::testing::TestParamInfo<Case>& p) {
                           const Layout& l = *std::get<0>(p.param);
                           return std::to_string(l.n_cores) + "c" + std::to_string(l.n_soc_ev) + "e_gap" +
                                  std::to_string(std::get<1>(p.param));
                         });

TEST(SafesuScenarioOld, OldFourCoreRtlSelftestSkipsTheRdcAndPasses) {
  static constexpr Layout kOld4 = make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025));
  Model model(pmu_sim::safesu_config(kOld4));
  test::ModelBus bus;
  bus.map(kBase, Model::kWindowSize, &model);
  test::ScopedBackend use(bus);
  SafeSU su{kBase, kOld4};
  SelftestReport report{};
  EXPECT_EQ(run_selftest(su, &report), Status::kOk);
  for (unsigned i = 0; i < report.count; ++i) EXPECT_TRUE(report.checks[i].pass) << report.checks[i].name;
  EXPECT_EQ(su.enable_rdc(), Status::kUnavailable);
}

}  // namespace
