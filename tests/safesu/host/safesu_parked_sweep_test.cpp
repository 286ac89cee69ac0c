// SPDX-License-Identifier: Apache-2.0
// Issue 10 item 2: a counter parked on 0xFFFFFFFF (its flag re-latches every
// cycle it stays there, docs/hw/safesu.md §8) whose event arrives while the
// overflow hook runs. The arrival is swept over every cycle of the hook, and
// a few before and after, at bus gaps 0, 1 and 4, as a level that stays and
// as a one-cycle pulse. For every offset: exactly one callback, the line low
// when the hook returns and after (no re-entry), and the 64-bit total equal
// to the increments the model made (a frozen cycle counts no event, like a
// write's; §3.2).
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;

constexpr uintptr_t kBase = 0x80100000;
constexpr uint32_t kEvent = 9;  // the parked counter's SoC event

struct Sweep {
  uint32_t gap;
  bool pulse;  // one cycle high, else a level that stays
  unsigned counter;
};
void PrintTo(const Sweep& s, std::ostream* os) {
  *os << "gap " << s.gap << (s.pulse ? " pulse" : " level") << " counter " << s.counter;
}

// One unit with counter k parked on all ones, its flag latched, counting on.
struct Rig {
  explicit Rig(const Sweep& s) : model(Model::Config{}), bus(s.gap), su(kBase, k4c128), k(s.counter) {
    bus.map(kBase, Model::kWindowSize, &model);
    test::ScopedBackend use(bus);
    EXPECT_EQ(su.attach_callbacks(&callbacks), Status::kOk);
    EXPECT_EQ(su.track_totals(&totals), Status::kOk);
    EXPECT_EQ(su.on_overflow(k, {count, this}), Status::kOk);
    EXPECT_EQ(su.route(k, kEvent), Status::kOk);
    EXPECT_EQ(su.set_overflow_mask(1u << k), Status::kOk);
    EXPECT_EQ(su.enable_overflow(), Status::kOk);
    EXPECT_EQ(su.start(su.all_counters()), Status::kOk);
    EXPECT_EQ(su.write(k, 0xFFFFFFFFu), Status::kOk);
    base_total = su.read64(k).value();
    base_incs = model.increments(k);
    bus.advance(7);
  }
  static void count(void* self, unsigned) { ++static_cast<Rig*>(self)->callbacks_made; }
  bool line() const { return (model.irq_outputs() & Model::kIrqOverflow) != 0; }
  // The hook as the line's handler runs it; returns its span in cycles.
  uint64_t hook() {
    test::ScopedBackend use(bus);
    const uint64_t t0 = model.now();
    const size_t before = bus.log.size();
    EXPECT_EQ(su.handle_overflow_irq().value(), 1u << k);
    hook_accesses = bus.log.size() - before;
    return model.now() - t0;
  }

  Model model;
  test::ModelBus bus;
  SafeSU su;
  unsigned k;
  Callbacks callbacks;
  Totals totals;
  unsigned callbacks_made = 0;
  size_t hook_accesses = 0;
  uint64_t base_total = 0;
  uint64_t base_incs = 0;
};

class SafesuParkedSweep : public ::testing::TestWithParam<Sweep> {};

TEST_P(SafesuParkedSweep, NoArrivalOffsetLosesOrInventsACountOrLeavesTheLineHigh) {
  // The hook's span with no event: the frozen clear (4R 3W).
  uint64_t span = 0;
  {
    Rig dry(GetParam());
    ASSERT_TRUE(dry.line());
    span = dry.hook();
    EXPECT_FALSE(dry.line());
    EXPECT_EQ(dry.model.counter(dry.k), 0u);
    EXPECT_EQ(dry.callbacks_made, 1u);
    EXPECT_EQ(dry.hook_accesses, 7u);  // 4R 3W
  }
  ASSERT_GE(span, 7u);
  unsigned swept = 0;
  for (int64_t d = -4; d <= static_cast<int64_t>(span) + 4; ++d) {
    SCOPED_TRACE(testing::Message() << "event arrives at hook cycle " << d << " of " << span);
    Rig r(GetParam());
    ASSERT_TRUE(r.line());
    const uint64_t t0 = r.model.now();
    const uint64_t at = static_cast<uint64_t>(static_cast<int64_t>(t0) + d);
    ASSERT_TRUE(r.model.set_event_at(at, kEvent, true));
    if (GetParam().pulse) {
      ASSERT_TRUE(r.model.set_event_at(at + 1, kEvent, false));
    }
    (void)r.hook();
    EXPECT_EQ(r.callbacks_made, 1u);
    EXPECT_FALSE(r.line()) << "the hook left the line high";
    // Let it run; a handler would be re-entered if the line came back.
    r.bus.advance(40);
    EXPECT_FALSE(r.line()) << "the line came back";
    if (r.line()) (void)r.hook();
    EXPECT_EQ(r.callbacks_made, 1u) << "a second callback";
    test::ScopedBackend use(r.bus);
    ASSERT_EQ(r.su.stop(r.su.all_counters()), Status::kOk);
    const uint64_t driver = r.su.read64(r.k).value() - r.base_total;
    const uint64_t truth = r.model.increments(r.k) - r.base_incs;
    EXPECT_EQ(driver, truth);
    // A level counts once counting is back; a pulse that falls in the frozen
    // cycles is not counted, by the hardware or by the total.
    if (!GetParam().pulse) {
      EXPECT_GT(truth, 0u);
    }
    ++swept;
  }
  EXPECT_GE(swept, span + 9);
}

// The event arrives while the hook clears a parked counter, so the counter
// leaves all ones between the hook's fold and the freeze. The total must
// then be right one whole period later too: after a plain read in the new
// flag epoch and exactly 2^32 + 100 more counts (which the 32-bit delta
// cannot show), the next hook adds that period. If the frozen value were not
// folded, the read would take the old pass through all ones as a pass of the
// new epoch and the period would be lost.
TEST(SafesuParkedPeriod, APeriodAfterTheFrozenClearIsCountedAtEveryArrivalOffset) {
  const Sweep s{0, false, 4};
  for (int64_t d = -4; d <= 12; ++d) {
    SCOPED_TRACE(testing::Message() << "event arrives at hook cycle " << d);
    Rig r(s);
    ASSERT_TRUE(r.line());
    ASSERT_TRUE(r.model.set_event_at(static_cast<uint64_t>(static_cast<int64_t>(r.model.now()) + d), kEvent, true));
    (void)r.hook();
    {
      test::ScopedBackend use(r.bus);
      ASSERT_TRUE(r.su.read64(r.k).ok());
    }
    r.bus.advance((uint64_t{1} << 32) + 100);
    ASSERT_TRUE(r.line()) << "the counter passed all ones again";
    (void)r.hook();
    EXPECT_EQ(r.callbacks_made, 2u);
    test::ScopedBackend use(r.bus);
    ASSERT_EQ(r.su.stop(r.su.all_counters()), Status::kOk);
    EXPECT_EQ(r.su.read64(r.k).value() - r.base_total, r.model.increments(r.k) - r.base_incs);
  }
}

std::vector<Sweep> sweeps() {
  std::vector<Sweep> v;
  for (uint32_t gap : {0u, 1u, 4u})
    for (bool pulse : {false, true})
      for (unsigned counter : {0u, 4u, 23u}) v.push_back({gap, pulse, counter});
  return v;
}
INSTANTIATE_TEST_SUITE_P(Arrival, SafesuParkedSweep, ::testing::ValuesIn(sweeps()),
                         [](const ::testing::TestParamInfo<Sweep>& p) {
                           return "gap" + std::to_string(p.param.gap) + (p.param.pulse ? "_pulse" : "_level") +
                                  "_counter" + std::to_string(p.param.counter);
                         });

}  // namespace
