// SPDX-License-Identifier: Apache-2.0
// The SafeSU 64-bit software extension against the model's own increment
// count (Model::increments): no count lost or invented, whether the totals
// are driven by the overflow interrupt alone, by periodic reads, or both,
// and a counter parked on 0xFFFFFFFF does not storm or inflate its total.
#include <gtest/gtest.h>

#include <random>

#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;
constexpr uintptr_t kBase = 0x80100000;
constexpr uint64_t kPeriod = uint64_t{1} << 32;

class SafesuExtension : public ::testing::Test {
 protected:
  SafesuExtension() : model_(Model::Config{}), su_(kBase, k4c128), use_(bus_) {
    bus_.map(kBase, Model::kWindowSize, &model_);
  }
  // Counter 0 counts every cycle (self-test mode 01); overflow armed.
  void arm() {
    ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
    ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
    ASSERT_EQ(su_.enable_overflow(), Status::kOk);
    ASSERT_EQ(su_.write_counter(0, 0), Status::kOk);
    base_total_ = su_.read_counter64(0).value();
    base_incs_ = model_.increments(0);
    ASSERT_EQ(su_.enable_counters(), Status::kOk);
  }
  // What the driver says counter 0 counted since arm(), against the truth.
  void expect_exact() {
    ASSERT_EQ(su_.disable_counters(), Status::kOk);
    const uint64_t driver = su_.read_counter64(0).value() - base_total_;
    const uint64_t truth = model_.increments(0) - base_incs_;
    EXPECT_EQ(driver, truth) << "driver " << driver << " truth " << truth;
  }
  bool overflow_line() const { return (model_.irq_outputs() & Model::kIrqOverflow) != 0; }
  // Run until the overflow line rises, then 'latency' more cycles, then
  // take the interrupt: the hook is the only observer.
  void run_to_interrupt(uint64_t latency) {
    uint64_t guard = 0;
    while (!overflow_line()) {
      bus_.advance(1u << 20);
      ASSERT_LT(++guard, 8192u) << "no overflow within 2^33 cycles";
    }
    bus_.advance(latency);
    ASSERT_TRUE(su_.handle_overflow_irq().ok());
    EXPECT_FALSE(overflow_line());
  }

  Model model_;
  test::ModelBus bus_;
  SafeSU su_;
  test::ScopedBackend use_;
  uint64_t base_total_ = 0;
  uint64_t base_incs_ = 0;
};

TEST_F(SafesuExtension, OverflowInterruptAloneKeepsTheTotalAcrossManyWraps) {
  arm();
  for (int wrap = 0; wrap < 6; ++wrap) run_to_interrupt(wrap * 1000);
  expect_exact();
  EXPECT_GT(model_.increments(0) - base_incs_, 6 * kPeriod - (1u << 21));
}

TEST_F(SafesuExtension, InterruptWithTheSameLatencyEveryPeriodLosesNothing) {
  // The hook sees the same raw value each time: raw - last is 0 mod 2^32,
  // and only the flag tells that a whole period passed.
  arm();
  for (int wrap = 0; wrap < 4; ++wrap) run_to_interrupt(0);
  expect_exact();
}

TEST_F(SafesuExtension, RandomMixOfReadsAndInterruptsLosesNothing) {
  arm();
  std::mt19937_64 rng(20261122);
  for (int step = 0; step < 400; ++step) {
    bus_.advance(rng() % (kPeriod / 8));
    if (overflow_line() && (rng() & 1)) {
      ASSERT_TRUE(su_.handle_overflow_irq().ok());
    }
    if ((rng() % 3) == 0) (void)su_.read_counter(0);
  }
  if (overflow_line()) {
    ASSERT_TRUE(su_.handle_overflow_irq().ok());
  }
  expect_exact();
}

TEST_F(SafesuExtension, CounterParkedOnAllOnesIsMovedOffWithoutCountingAPeriod) {
  // Counting off and the counter written to 0xFFFFFFFF: the detector sees an
  // all-ones next value every cycle, so the flag would come back at once.
  ASSERT_EQ(su_.set_overflow_mask(1), Status::kOk);
  ASSERT_EQ(su_.enable_overflow(), Status::kOk);
  ASSERT_EQ(su_.write_counter(0, 0xFFFFFFFFu), Status::kOk);
  const uint64_t before = su_.read_counter64(0).value();
  bus_.advance(10);
  ASSERT_TRUE(overflow_line());
  ASSERT_EQ(su_.handle_overflow_irq().value(), 1u);
  bus_.advance(10);
  EXPECT_FALSE(overflow_line()) << "a parked counter keeps the line up: storm";
  EXPECT_EQ(model_.counter(0), 0u);
  EXPECT_EQ(su_.read_counter64(0).value(), before);
  // And counting goes on from there.
  ASSERT_EQ(su_.set_selftest_mode(SelftestMode::kAllOnes), Status::kOk);
  const uint64_t incs = model_.increments(0);
  ASSERT_EQ(su_.enable_counters(), Status::kOk);
  bus_.advance(500);
  ASSERT_EQ(su_.disable_counters(), Status::kOk);
  EXPECT_EQ(su_.read_counter64(0).value() - before, model_.increments(0) - incs);
}

}  // namespace
