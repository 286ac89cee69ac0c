// SPDX-License-Identifier: Apache-2.0
// The sampler over fake units: what configure refuses (touching nothing),
// arming and re-arming with the (jittered) period, one sample per overflow
// with pc, hart, chain and group deltas, and what happens when the ring is
// full or the board has no context.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/profile/record.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;

// A unit whose counters the test sets; records what the sampler asks of it.
struct FakeUnit {
  uint64_t raw[4] = {};
  std::vector<uint64_t> arms, rearms;
  unsigned disarms = 0;
  unsigned reads = 0;
  IrqCallback cb;
  Status arm_status = Status::kOk;
};

Status fake_arm(void* u, unsigned, uint64_t period, IrqCallback cb) {
  auto* f = static_cast<FakeUnit*>(u);
  f->arms.push_back(period);
  f->cb = cb;
  return f->arm_status;
}
Status fake_rearm(void* u, unsigned, uint64_t period) {
  static_cast<FakeUnit*>(u)->rearms.push_back(period);
  return Status::kOk;
}
Status fake_disarm(void* u, unsigned) {
  ++static_cast<FakeUnit*>(u)->disarms;
  return Status::kOk;
}
uint64_t fake_read(void* u, unsigned i) {
  auto* f = static_cast<FakeUnit*>(u);
  ++f->reads;
  return f->raw[i];
}
const TriggerOps kOps{fake_arm, fake_rearm, fake_disarm};

InterruptedContext g_context;
bool g_have_context = true;
bool fake_context(InterruptedContext* out) {
  if (g_have_context) *out = g_context;
  return g_have_context;
}

struct Rig {
  FakeUnit unit;
  GroupCounter group[2] = {{fake_read, &unit, 0, 64}, {fake_read, &unit, 1, 32}};
  std::vector<uint64_t> storage;
  SampleRing ring;
  Sampler sampler;
  SamplerConfig cfg;
  CounterInfo names[2] = {{Unit::kRiscv, 0, 64, "cycles"}, {Unit::kRiscv, 1, 32, "misses"}};

  // A ring of 'slots' slots.
  explicit Rig(uint8_t depth = 0, size_t slots = 32) {
    cfg.trigger = Trigger{&kOps, &unit, 2};
    cfg.period = 1000;
    cfg.group = group;
    cfg.group_count = 2;
    cfg.max_depth = depth;
    cfg.context = fake_context;
    CaptureInfo info = capture_info_for(cfg);
    info.group = names;
    storage.resize(ring_slots_offset(header_size(info)) / 8 + slots * shape_of(info).slot_words());
    EXPECT_EQ(ring.init(storage.data(), storage.size() * 8, info), Status::kOk);
    g_context = InterruptedContext{};
    g_have_context = true;
  }
  void overflow() { unit.cb.fn(unit.cb.ctx, 2); }
};

TEST(Sampler, ConfigureRefusesBadConfigurationsAndTouchesNothing) {
  Rig r;
  std::vector<SamplerConfig> bad(10, r.cfg);
  bad[0].context = nullptr;
  bad[1].trigger.ops = nullptr;
  bad[2].period = 0;
  bad[3].jitter_bits = 16;
  bad[4].jitter_bits = 11;  // +-1024 around a period of 1000
  bad[5].group_count = kMaxGroup + 1;
  bad[6].group = nullptr;
  GroupCounter with_trigger[2] = {r.group[0], {fake_read, &r.unit, 2, 64}};
  bad[7].group = with_trigger;
  GroupCounter no_read[2] = {r.group[0], {nullptr, &r.unit, 1, 32}};
  bad[8].group = no_read;
  GroupCounter wide[2] = {r.group[0], {fake_read, &r.unit, 1, 65}};
  bad[9].group = wide;
  for (size_t i = 0; i < bad.size(); ++i) EXPECT_EQ(r.sampler.configure(bad[i], &r.ring), Status::kBadArg) << i;
  EXPECT_EQ(r.sampler.configure(r.cfg, nullptr), Status::kBadArg);
  SamplerConfig deeper = r.cfg;
  deeper.max_depth = 4;  // the ring was laid out for no chain
  EXPECT_EQ(r.sampler.configure(deeper, &r.ring), Status::kMismatch);
  EXPECT_EQ(r.sampler.start(), Status::kBadArg) << "never configured";
  r.sampler.sample();
  EXPECT_EQ(r.unit.reads + r.unit.arms.size() + r.unit.rearms.size(), 0u);
  EXPECT_EQ(r.ring.committed(), 0u);
}

TEST(Sampler, EachOverflowRecordsOneSampleAndRearms) {
  Rig r;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  r.unit.raw[0] = 100;
  r.unit.raw[1] = 0xFFFFFFF0u;  // a 32-bit counter about to wrap
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  EXPECT_EQ(r.unit.arms, (std::vector<uint64_t>{1000}));
  EXPECT_EQ(r.unit.cb.ctx, &r.sampler);
  EXPECT_EQ(r.sampler.start(), Status::kBadArg) << "already running";

  r.unit.raw[0] = 1600;
  r.unit.raw[1] = 0x10;  // wrapped: 0x20 events
  g_context.pc = 0x80001234;
  g_context.hart = 3;
  r.overflow();
  r.unit.raw[0] = 2600;
  r.unit.raw[1] = 0x15;
  g_context.pc = 0x80002000;
  r.overflow();
  EXPECT_EQ(r.unit.rearms, (std::vector<uint64_t>{1000, 1000}));
  ASSERT_EQ(r.ring.pending(), 2u);

  const Sample a = slot_sample(r.ring.peek(), r.ring.shape());
  EXPECT_EQ(a.pc, 0x80001234u);
  EXPECT_EQ(a.hart, 3);
  EXPECT_EQ(a.depth, 0);
  EXPECT_EQ(a.flags, 0);
  EXPECT_EQ(a.deltas[0], 1500u);
  EXPECT_EQ(a.deltas[1], 0x20u);
  r.ring.release();
  const Sample b = slot_sample(r.ring.peek(), r.ring.shape());
  EXPECT_EQ(b.pc, 0x80002000u);
  EXPECT_EQ(b.deltas[0], 1000u);
  EXPECT_EQ(b.deltas[1], 5u);

  EXPECT_EQ(r.sampler.stop(), Status::kOk);
  EXPECT_EQ(r.unit.disarms, 1u);
  EXPECT_EQ(r.sampler.stop(), Status::kBadArg);
  r.overflow();  // a late interrupt after stop: nothing
  EXPECT_EQ(r.ring.committed(), 2u);
  EXPECT_EQ(r.unit.rearms.size(), 2u);
}

TEST(Sampler, OtherSourcesAreIgnored) {
  Rig r;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  r.unit.cb.fn(r.unit.cb.ctx, 1);
  Sampler::on_overflow(nullptr, 2);
  EXPECT_EQ(r.ring.committed(), 0u);
  EXPECT_TRUE(r.unit.rearms.empty());
}

TEST(Sampler, AFullRingDropsButKeepsRearmingAndDeltasPerPeriod) {
  Rig r(0, 2);
  ASSERT_EQ(r.ring.capacity(), 2u);
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  for (int i = 1; i <= 5; ++i) {
    r.unit.raw[0] += 1000 * i;
    r.overflow();
  }
  EXPECT_EQ(r.ring.committed(), 2u);
  EXPECT_EQ(r.ring.dropped(), 3u);
  EXPECT_EQ(r.unit.rearms.size(), 5u) << "sampling goes on while the ring is full";
  r.ring.release();
  r.ring.release();
  r.unit.raw[0] += 6000;
  r.overflow();
  EXPECT_EQ(slot_sample(r.ring.peek(), r.ring.shape()).deltas[0], 6000u)
      << "the dropped periods are not charged to the next sample";
}

TEST(Sampler, NoContextNoSampleButRearm) {
  Rig r;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  g_have_context = false;
  r.overflow();
  EXPECT_EQ(r.ring.committed(), 0u);
  EXPECT_EQ(r.sampler.no_context(), 1u);
  EXPECT_EQ(r.sampler.interrupts(), 1u);
  EXPECT_EQ(r.unit.rearms.size(), 1u);
}

// A period of 1 would end inside the hook (its overflow lost, sampling
// over); a jitter window past 2^64 - 1 would wrap to short periods.
TEST(Sampler, APeriodOfOneOrAWrappingJitterWindowIsRefused) {
  Rig r;
  r.cfg.period = 1;
  EXPECT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kBadArg);
  r.cfg.period = 2;
  EXPECT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  r.cfg.jitter_bits = 4;  // +-8: [P - 8, P + 7]
  r.cfg.period = ~uint64_t{0} - 7;
  EXPECT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);  // top: 2^64 - 1
  r.cfg.period = ~uint64_t{0} - 6;
  EXPECT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kBadArg);
  EXPECT_TRUE(r.unit.arms.empty());
}

// start() arms with the mean, whatever the seed (arm() checks it against
// the unit's range); the jitter begins with the first re-arm.
TEST(Sampler, TheFirstPeriodIsTheMean) {
  for (uint16_t seed : {0, 1, 0xACE1}) {
    Rig r;
    r.cfg.jitter_bits = 6;
    r.cfg.seed = seed;
    ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
    ASSERT_EQ(r.sampler.start(), Status::kOk);
    ASSERT_EQ(r.unit.arms.size(), 1u);
    EXPECT_EQ(r.unit.arms[0], 1000u);
  }
}

TEST(Sampler, JitterVariesThePeriodAroundItsMean) {
  Rig r;
  r.cfg.jitter_bits = 6;  // +-32
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  for (int i = 0; i < 4095; ++i) {
    r.overflow();
    r.ring.release();
  }
  uint64_t lo = ~uint64_t{0}, hi = 0, sum = 0;
  for (uint64_t p : r.unit.rearms) {
    lo = p < lo ? p : lo;
    hi = p > hi ? p : hi;
    sum += p;
  }
  EXPECT_EQ(lo, 1000u - 32);
  EXPECT_EQ(hi, 1000u + 31);
  const double mean = static_cast<double>(sum) / r.unit.rearms.size();
  EXPECT_NEAR(mean, 1000.0, 1.0);
  EXPECT_NE(r.unit.rearms[0], r.unit.rearms[1]);
}

// Fixed without bits; with bits, every value of the window comes, evenly,
// and successive periods are independent (a shift register's low bits are
// not: each about half the previous, a correlation near 0.5).
TEST(Sampler, JitterCoversItsWindowEvenlyWithIndependentPeriods) {
  Jitter fixed(500, 0);
  EXPECT_EQ(fixed.next(), 500u);
  EXPECT_EQ(fixed.next(), 500u);
  for (uint16_t seed : {0, 1, 0xACE1}) {
    Jitter j(500, 4, seed);
    constexpr int kN = 1 << 16;
    std::vector<unsigned> seen(16);
    double sum = 0, sum_xy = 0, sum_x2 = 0;
    double prev = static_cast<double>(j.next()) - 500;
    for (int i = 0; i < kN; ++i) {
      const uint64_t p = j.next();
      ASSERT_GE(p, 492u);
      ASSERT_LE(p, 507u);
      ++seen[p - 492];
      const double x = static_cast<double>(p) - 500;
      sum += x;
      sum_xy += x * prev;
      sum_x2 += x * x;
      prev = x;
      ASSERT_NE(j.state(), 0u);
    }
    for (unsigned n : seen) EXPECT_NEAR(n, kN / 16, kN / 16 / 10) << "seed " << seed;
    const double mean = sum / kN;  // -0.5: the window is [-8, 7]
    EXPECT_NEAR(mean, -0.5, 0.05) << "seed " << seed;
    const double var = sum_x2 / kN - mean * mean;
    EXPECT_LT((sum_xy / kN - mean * mean) / var, 0.02) << "seed " << seed;
  }
}

TEST(Sampler, RecordsTheCallChainAndSspesaWords) {
  Rig r(2);
  uintptr_t stack[32] = {};
  const uintptr_t fp = reinterpret_cast<uintptr_t>(&stack[16]);
  stack[15] = 0x8000;  // ra
  stack[14] = reinterpret_cast<uintptr_t>(&stack[24]);
  stack[23] = 0x9000;
  stack[22] = reinterpret_cast<uintptr_t>(&stack[32]);
  stack[31] = 0xA000;  // a third frame: more than max_depth
  g_context.fp = fp;
  g_context.stack_lo = reinterpret_cast<uintptr_t>(&stack[0]);
  g_context.stack_hi = reinterpret_cast<uintptr_t>(&stack[32]);
  g_context.pc = 0x7000;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  r.overflow();
  const Sample s = slot_sample(r.ring.peek(), r.ring.shape());
  ASSERT_EQ(s.depth, 2);
  EXPECT_EQ(s.chain[0], 0x8000u);
  EXPECT_EQ(s.chain[1], 0x9000u);
  EXPECT_EQ(s.flags, kFlagChainTruncated);
}

TEST(Sampler, SspesaWordsAndFlag) {
  FakeUnit unit;
  std::vector<uint64_t> storage(128);
  CaptureInfo info;
  info.sspesa_words = 2;
  SampleRing ring;
  ASSERT_EQ(ring.init(storage.data(), storage.size() * 8, info), Status::kOk);
  SamplerConfig cfg;
  cfg.trigger = Trigger{&kOps, &unit, 2};
  cfg.period = 10;
  cfg.context = fake_context;
  static int calls = 0;
  cfg.sspesa = [](void*, uintptr_t* w, unsigned n) {
    for (unsigned i = 0; i < n; ++i) w[i] = 0x50 + i;
    return ++calls == 1;  // details for the first sample only
  };
  Sampler sampler;
  ASSERT_EQ(sampler.configure(cfg, &ring), Status::kOk);
  ASSERT_EQ(sampler.start(), Status::kOk);
  unit.cb.fn(unit.cb.ctx, 2);
  unit.cb.fn(unit.cb.ctx, 2);
  Sample s = slot_sample(ring.peek(), ring.shape());
  EXPECT_EQ(s.flags, kFlagSspesa);
  EXPECT_EQ(s.sspesa[0], 0x50u);
  EXPECT_EQ(s.sspesa[1], 0x51u);
  ring.release();
  EXPECT_EQ(slot_sample(ring.peek(), ring.shape()).flags, 0);
  SamplerConfig without = cfg;
  without.sspesa = nullptr;
  Sampler other;
  EXPECT_EQ(other.configure(without, &ring), Status::kMismatch) << "the ring has room for Sspesa words";
}

TEST(Sampler, AFailedArmLeavesItStopped) {
  Rig r;
  r.unit.arm_status = Status::kUnavailable;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  EXPECT_EQ(r.sampler.start(), Status::kUnavailable);
  EXPECT_FALSE(r.sampler.running());
  EXPECT_EQ(r.sampler.stop(), Status::kBadArg);
}

}  // namespace

namespace {

// A second run on the same Sampler counts its own interrupts from 0.
TEST(Sampler, ConfigureStartsTheStatisticsAgain) {
  Rig r;
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  ASSERT_EQ(r.sampler.start(), Status::kOk);
  r.overflow();
  g_have_context = false;
  r.overflow();
  EXPECT_EQ(r.sampler.no_context(), 1u);
  EXPECT_EQ(r.sampler.interrupts(), 2u);
  ASSERT_EQ(r.sampler.stop(), Status::kOk);
  ASSERT_EQ(r.sampler.configure(r.cfg, &r.ring), Status::kOk);
  EXPECT_EQ(r.sampler.interrupts(), 0u);
  EXPECT_EQ(r.sampler.no_context(), 0u);
}

}  // namespace
