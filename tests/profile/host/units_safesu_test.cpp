// SPDX-License-Identifier: Apache-2.0
// The Sampler's SafeSU adapter (units/safesu.hpp): the exact register
// sequences of arm, re-arm and disarm on both driver types (run-time and
// build-time), bad input touching nothing, the group read, and the Sampler
// driving the SafeSU model through the driver's own hook, so the re-arm
// inside the callback and the hook's clear after it give one sample per
// period of an event routed through the crossbar.
#include <gtest/gtest.h>

#include <vector>

#include "host/backend.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "one_group_sampling.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using pmu::safesu::k4c128;
using pmu::test::R;
using pmu::test::W;

constexpr uintptr_t kBase = 0x80100000;
// 4c/128e: CFG0 0, counters 1.., overflow mask 25, vector 26, crossbar 43..
constexpr uint64_t A(unsigned idx) { return kBase + 4u * idx; }
constexpr unsigned kMask = 25;
using Fixed4c128 = safesu::FixedSafeSU<kBase, k4c128>;

template <typename Unit>
struct Made;
template <>
struct Made<safesu::SafeSU> {
  safesu::SafeSU su{kBase, k4c128};
};
template <>
struct Made<Fixed4c128> {
  Fixed4c128 su;
};

void count_call(void* ctx, unsigned) { ++*static_cast<unsigned*>(ctx); }

template <typename Unit>
struct ProfileUnitsSafesu : ::testing::Test {
  using Adapter = units::BasicSafeSUOps<Unit>;
  Made<Unit> made;
  Unit& su = made.su;
  safesu::Callbacks callbacks;
};
using Places = ::testing::Types<safesu::SafeSU, Fixed4c128>;
TYPED_TEST_SUITE(ProfileUnitsSafesu, Places);

// Preload first (off all ones before the mask bit is set), then the mask
// bit, the overflow unit on with stale flags discarded, counting on.
TYPED_TEST(ProfileUnitsSafesu, ArmPreloadsUnmasksEnablesOverflowAndStarts) {
  using Ops = typename TestFixture::Adapter;
  test::ExpectBackend bus;
  bus.expect({W(A(1 + 5), 0xFFFFFFFFu - 1000),  // flags at the 1000th event
              R(A(kMask), 0x1), W(A(kMask), 0x1 | 1u << 5),
              R(A(0), 0x0), W(A(0), 0x8), W(A(0), 0x4),  // clear pulse, then enable
              R(A(0), 0x4), W(A(0), 0x5)});               // counting on
  test::ScopedBackend use(bus);
  ASSERT_EQ(this->su.attach_callbacks(&this->callbacks), Status::kOk);
  unsigned calls = 0;
  EXPECT_EQ(Ops::arm(&this->su, 5, 1000, IrqCallback{count_call, &calls}), Status::kOk);
  this->callbacks.overflow[5](5);
  EXPECT_EQ(calls, 1u) << "the sampler's callback is the counter's";
}

// The re-arm keeps the events counted since the flagging one (raw + 1:
// 37, 2047) in the next period; half a period or more (2048) or none (the
// counter still on all ones) starts a fresh one.
TYPED_TEST(ProfileUnitsSafesu, RearmCountsTheOvershootAndDisarmMasksAndUnregisters) {
  using Ops = typename TestFixture::Adapter;
  constexpr uint32_t kFresh = 0xFFFFFFFFu - 4096;
  test::ExpectBackend bus;
  bus.expect({R(A(1 + 7), 36), W(A(1 + 7), kFresh + 37),
              R(A(1 + 7), 2046), W(A(1 + 7), kFresh + 2047),
              R(A(1 + 7), 2047), W(A(1 + 7), kFresh),
              R(A(1 + 7), 0xFFFFFFFF), W(A(1 + 7), kFresh),
              R(A(kMask), 0x81), W(A(kMask), 0x1)});
  test::ScopedBackend use(bus);
  unsigned calls = 0;
  this->callbacks.overflow[7] = IrqCallback{count_call, &calls};
  ASSERT_EQ(this->su.attach_callbacks(&this->callbacks), Status::kOk);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(Ops::rearm(&this->su, 7, 4096), Status::kOk);
  EXPECT_EQ(Ops::disarm(&this->su, 7), Status::kOk);
  EXPECT_FALSE(this->callbacks.overflow[7].set());
}

// A jittered period past the counter's range (mean near kMaxPeriod) is
// re-armed as the longest the counter has: preload 0, not a wrapped one
// that would flag after a few events.
TYPED_TEST(ProfileUnitsSafesu, ARearmPastTheRangeIsTheLongestPeriod) {
  using Ops = typename TestFixture::Adapter;
  test::ExpectBackend bus;
  bus.expect({R(A(1 + 7), 0xFFFFFFFF), W(A(1 + 7), 0u), R(A(1 + 7), 0xFFFFFFFF), W(A(1 + 7), 0u)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(Ops::rearm(&this->su, 7, Ops::kMaxPeriod + 1), Status::kOk);
  EXPECT_EQ(Ops::rearm(&this->su, 7, Ops::kMaxPeriod + 7), Status::kOk);
}

TYPED_TEST(ProfileUnitsSafesu, GroupReadIsTheRaw32BitCounter) {
  using Ops = typename TestFixture::Adapter;
  test::ExpectBackend bus;
  bus.expect({R(A(1 + 23), 0xFFFFFFF0u)});
  test::ScopedBackend use(bus);
  const GroupCounter g = Ops::group(this->su, 23);
  ASSERT_NE(g.read, nullptr);
  EXPECT_EQ(g.width, 32u);
  EXPECT_EQ(g.read(g.unit, g.index), 0xFFFFFFF0u);
  EXPECT_EQ(Ops::group(this->su, 24).read, nullptr) << "4c/128e has 24 counters";
}

TYPED_TEST(ProfileUnitsSafesu, BadInputTouchesNothing) {
  using Ops = typename TestFixture::Adapter;
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  unsigned calls = 0;
  const IrqCallback cb{count_call, &calls};
  EXPECT_EQ(Ops::arm(&this->su, 5, 1000, cb), Status::kUnavailable) << "no callback storage";
  ASSERT_EQ(this->su.attach_callbacks(&this->callbacks), Status::kOk);
  EXPECT_EQ(Ops::arm(nullptr, 5, 1000, cb), Status::kBadArg);
  EXPECT_EQ(Ops::arm(&this->su, 24, 1000, cb), Status::kBadArg);
  EXPECT_EQ(Ops::arm(&this->su, 5, 0, cb), Status::kBadArg);
  EXPECT_EQ(Ops::arm(&this->su, 5, uint64_t{1} << 32, cb), Status::kBadArg);
  EXPECT_EQ(Ops::disarm(&this->su, 24), Status::kBadArg);
  EXPECT_EQ(Ops::disarm(nullptr, 5), Status::kBadArg);
  EXPECT_FALSE(this->callbacks.overflow[5].set());
}

TEST(ProfileUnitsSafesuRuntime, AnUnusableUnitArmsNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  safesu::SafeSU su{0x80100004, k4c128};  // not on its decode window
  ASSERT_FALSE(su.usable());
  EXPECT_EQ(units::SafeSUOps::arm(&su, 0, 1000, IrqCallback{}), Status::kBadArg);
  EXPECT_EQ(units::SafeSUOps::group(su, 0).read, nullptr);
}

TEST(ProfileUnitsSafesuRuntime, PreloadFlagsAtThePeriodthEvent) {
  EXPECT_EQ(units::SafeSUOps::preload(1), 0xFFFFFFFEu);
  EXPECT_EQ(units::SafeSUOps::preload(units::SafeSUOps::kMaxPeriod), 0u);
  EXPECT_EQ(units::SafeSUOps::preload(10, 4), 0xFFFFFFF5u + 4);
  EXPECT_EQ(units::SafeSUOps::preload(10, 5), 0xFFFFFFF5u);
}

// The Sampler on the SafeSU model, through the driver's hook: counter 2
// counts an input held high (one per cycle); each overflow gives one
// sample, the re-arm inside the callback preloads the next period, the
// hook's clear after it drops the line, and the group (counter 0 on
// const_high, the cycles) moves by about a period per sample.
TEST(ProfileUnitsSafesuRuntime, SamplerOnTheModelTakesOneSamplePerPeriod) {
  models::SafesuModel model{pmu_sim::safesu_config_4c128()};
  test::ModelBus bus(1);  // one cycle per access
  bus.map(kBase, models::SafesuModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  constexpr unsigned kEvent = 9;
  constexpr unsigned kAlwaysHigh = 10;  // stands for const_high: the cycles
  model.set_event(kEvent, true);
  model.set_event(kAlwaysHigh, true);

  safesu::SafeSU su{kBase, k4c128};
  safesu::Callbacks cbs;
  ASSERT_EQ(su.attach_callbacks(&cbs), Status::kOk);
  const safesu::Route routes[2] = {{0, kAlwaysHigh}, {2, kEvent}};
  ASSERT_EQ(su.route_table(routes, 2), Status::kOk);

  model_test::OneGroupSampling sampling;
  const SampleRing& ring = sampling.ring;
  Sampler& sampler = sampling.sampler;
  ASSERT_EQ(sampling.start(units::SafeSUOps::trigger(su, 2), 500, units::SafeSUOps::group(su, 0),
                           {Unit::kSafesu, 2, 32, "event9"}, {Unit::kSafesu, 0, 32, "cycles"}),
            Status::kOk);
  ASSERT_EQ(model.irq_outputs() & models::SafesuModel::kIrqOverflow, 0u);

  constexpr unsigned kOverflows = 5;
  for (unsigned n = 1; n <= kOverflows; ++n) {
    bus.advance(500);  // at least a period: the flag latched
    ASSERT_TRUE(model.irq_outputs() & models::SafesuModel::kIrqOverflow) << n;
    EXPECT_EQ(su.handle_overflow_irq().value(), 1u << 2);
    EXPECT_EQ(model.irq_outputs() & models::SafesuModel::kIrqOverflow, 0u) << "acknowledged";
    EXPECT_LT(model.counter(2), 0xFFFFFFFFu - 400) << "re-armed for about a period";
    EXPECT_EQ(ring.committed(), n);
  }
  EXPECT_EQ(sampler.interrupts(), kOverflows);
  ASSERT_EQ(sampler.stop(), Status::kOk);
  bus.advance(2000);
  EXPECT_EQ(model.irq_outputs() & models::SafesuModel::kIrqOverflow, 0u) << "disarmed: masked";
}

}  // namespace
