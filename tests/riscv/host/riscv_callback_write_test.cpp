// SPDX-License-Identifier: Apache-2.0
// An overflow callback that changes another counter the same hook serves
// (write(), clear_overflow(), program()), totals tracked: two counters
// overflow together, the hook snapshots both, and the first one's callback
// changes the second before the hook folds it (or the second's changes the
// first after its fold). Every total is compared with the model's own count
// of events, on the M-mode file (12-bit counters), the S-mode SBI file over
// the SBI model (12-bit counters) and the AME file (64-bit counters).
// Before the hook's fold read OF again, a call that cleared the other
// counter's OF (SBI: write(), clear_overflow(); M-mode: clear_overflow(),
// program()) had it count its wrap twice: 8222 for 4126 events.
// The bus takes no cycles per access: nothing counts during the hook.
#include <gtest/gtest.h>

#include <vector>

#include "counter_config_helper.hpp"
#include "host/backend.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/sbi_counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "csr_model_helper.hpp"
#include "pmu_sim/riscv_sbi_model.hpp"

namespace {

using namespace pmu;
using namespace pmu::riscv;
using pmu::test::cfg;

constexpr unsigned kWidth = 12;
constexpr uint64_t kPeriod = uint64_t{1} << kWidth;
constexpr unsigned kA = 3, kB = 4;  // the two counters; A's callback runs first

// What a callback does to the other counter (or its own).
enum class Change : uint8_t { kWrite, kClearOverflow, kProgram };
const char* name(Change c) {
  return c == Change::kWrite ? "write" : c == Change::kClearOverflow ? "clear_overflow" : "program";
}

// A file of the kind under test on its model, counters A and B counting
// one event a cycle, both tracked, both running; events(i) is the truth.
struct MachineRig {
  using File = Counters;
  static constexpr bool kNarrow = true;
  static models::RiscvCsrConfig config() {
    return test::sscofpmf_csrs(2, kWidth);
  }
  MachineRig() {
    csrs.set_event_rate(7, 1);
    bus.map_csr(&csrs);
  }
  void setup() {
    EXPECT_EQ(c.init(), Status::kOk);
    for (unsigned i : {kA, kB}) {
      EXPECT_EQ(c.set_width(i, kWidth), Status::kOk);
      EXPECT_EQ(c.program(i, HpmEvent{7}), Status::kOk);
    }
  }
  Status program(unsigned i) { return c.program(i, HpmEvent{7}); }
  uint64_t count(unsigned i) const { return csrs.counter(i); }
  uint64_t wraps(unsigned i) const { return csrs.wraps(i); }
  bool of(unsigned i) const { return (csrs.event(i) >> 63) != 0; }
  void near_wrap(unsigned i, uint64_t left) { csrs.set_counter(i, kPeriod - left); }
  uint64_t illegal() const { return csrs.illegal_accesses(); }

  models::RiscvCsrModel csrs{config()};
  test::ModelBus bus{0};
  test::ScopedBackend use{bus};
  File c{cfg(0x18)};
};

struct SbiRig {
  using File = SbiCounters;
  static constexpr bool kNarrow = true;
  SbiRig() {
    // What OpenSBI does before it enters S-mode: open the shadows, delegate LCOFI.
    EXPECT_TRUE(csrs.csr_write(0x306, 0xFFFFFFFF));
    EXPECT_TRUE(csrs.csr_write(0x303, uint64_t{1} << 13));
    EXPECT_TRUE(csrs.csr_write(0x320, 0xFFFFFFFF));
    csrs.set_privilege(models::Priv::kS);
    csrs.set_event_rate(2, 1);  // what SBI's instructions event selects
    bus.map_csr(&csrs);
    bus.map_sbi(&sbi);
  }
  void setup() {
    EXPECT_EQ(sbi::discover(c).value(), 0x18u);  // (declares the widths: 12 bits)
    EXPECT_EQ(c.init(), Status::kOk);
    for (unsigned i : {kA, kB}) EXPECT_EQ(program(i), Status::kOk);
  }
  Status program(unsigned i) { return c.program_event(i, sbi_pmu::kHwInstructions); }
  uint64_t count(unsigned i) const { return csrs.counter(i); }
  uint64_t wraps(unsigned i) const { return csrs.wraps(i); }
  bool of(unsigned i) const { return (csrs.event(i) >> 63) != 0; }
  void near_wrap(unsigned i, uint64_t left) { csrs.set_counter(i, kPeriod - left); }
  uint64_t illegal() const { return csrs.illegal_accesses(); }

  models::RiscvCsrModel csrs{MachineRig::config()};
  models::SbiPmuModel sbi{&csrs};
  test::ModelBus bus{0};
  test::ScopedBackend use{bus};
  File c{cfg(0x18)};
};

struct AmeRig {
  using File = ame::AmeCounters;
  static constexpr bool kNarrow = false;
  static models::RiscvCsrConfig config() {
    models::RiscvCsrConfig mc;
    mc.standard = false;
    mc.ame = true;
    return mc;
  }
  AmeRig() {
    csrs.set_ame_event_rate(1, 1);
    bus.map_csr(&csrs);
  }
  void setup() {
    EXPECT_EQ(c.init(), Status::kOk);
    for (unsigned i : {kA, kB}) EXPECT_EQ(program(i), Status::kOk);
  }
  Status program(unsigned i) { return c.program(i, ame::single(1).value()); }
  uint64_t count(unsigned i) const { return csrs.ame_counter(i); }
  uint64_t wraps(unsigned) const { return 0; }  // (64 bits: the count mod 2^64 is the truth)
  bool of(unsigned i) const { return (csrs.ame_event(i) >> 63) != 0; }
  void near_wrap(unsigned i, uint64_t left) { csrs.set_ame_counter(i, ~uint64_t{0} - (left - 1)); }
  uint64_t illegal() const { return csrs.illegal_accesses(); }

  models::RiscvCsrModel csrs{config()};
  test::ModelBus bus{0};
  test::ScopedBackend use{bus};
  File c{ame::AmeConfig{true, 0x18}};
};

template <typename Rig>
struct Scenario {
  // Every event counter i counted since its baseline, plus the baseline's total.
  uint64_t events(unsigned i) const {
    uint64_t t = base[i] + (rig.count(i) - value0[i]);
    if (Rig::kNarrow) t += (rig.wraps(i) - wraps0[i]) << kWidth;
    return t;
  }
  void rebaseline(unsigned i, uint64_t total) {
    base[i] = total;
    value0[i] = rig.count(i);
    wraps0[i] = rig.wraps(i);
  }
  // The callback of 'from' changes counter 'to'.
  static void change(void* ctx, unsigned source) {
    auto* s = static_cast<Scenario*>(ctx);
    s->called.push_back(source);
    if (source != s->from) return;
    const unsigned to = s->to;
    const uint64_t before = s->events(to);
    Status st = Status::kOk;
    switch (s->what) {
      case Change::kWrite:
        st = s->rig.c.write(to, s->value);
        s->rebaseline(to, before);
        break;
      case Change::kClearOverflow: st = s->rig.c.clear_overflow(to); break;
      case Change::kProgram: st = s->rig.program(to); break;
    }
    EXPECT_EQ(st, Status::kOk) << name(s->what) << "(" << to << ") in the callback of " << source;
  }

  // Both counters run a period and more (both wrap: OF set), the hook
  // serves both, and 'from''s callback changes 'to'. Then both run on
  // (another wrap of each, served) and every total is compared.
  void run(unsigned from_, unsigned to_, Change what_, uint64_t value_) {
    from = from_;
    to = to_;
    what = what_;
    value = value_;
    rig.c.attach_callbacks(&cbs);
    rig.c.track_totals(&totals);  // (first: the widths are the totals')
    rig.setup();
    if (!Rig::kNarrow) {  // 64 bits: just below the wrap
      rig.near_wrap(kA, 20);
      rig.near_wrap(kB, 10);
    }
    for (unsigned i : {kA, kB}) {
      ASSERT_EQ(rig.c.on_overflow(i, {change, this}), Status::kOk);
      ASSERT_EQ(rig.c.reset_total(i), Status::kOk);
      rebaseline(i, 0);
    }
    ASSERT_EQ(rig.c.start(0x18), Status::kOk);
    rig.bus.advance(Rig::kNarrow ? kPeriod + 30 : 30);  // narrow: a whole period unseen, OF alone tells each wrap
    ASSERT_TRUE(rig.of(kA) && rig.of(kB));
    EXPECT_EQ(rig.c.handle_overflow_irq().value(), 0x18u);
    EXPECT_EQ(called, (std::vector<unsigned>{kA, kB}));
    for (unsigned i : {kA, kB}) {
      EXPECT_EQ(rig.c.read64(i).value(), events(i)) << "counter " << i << " right after the hook";
    }
    // On: each counter's next wrap, served by the hook, then read stopped.
    from = 99;  // (no more changes)
    for (int k = 0; k < 2; ++k) {
      rig.bus.advance(Rig::kNarrow ? kPeriod / 2 + 7 : 100);
      if (rig.of(kA) || rig.of(kB)) (void)rig.c.handle_overflow_irq();
    }
    ASSERT_EQ(rig.c.stop(0x18), Status::kOk);
    for (unsigned i : {kA, kB}) {
      EXPECT_EQ(rig.c.read64(i).value(), events(i)) << "counter " << i << " at the end";
    }
    EXPECT_EQ(rig.illegal(), 0u);
  }

  Rig rig;
  CounterCallbacks cbs;
  CounterTotals totals;
  std::vector<unsigned> called;
  unsigned from = 0, to = 0;
  Change what = Change::kWrite;
  uint64_t value = 0;
  uint64_t base[32] = {}, value0[32] = {}, wraps0[32] = {};
};

template <typename Rig>
class RiscvCallbackChangesACounter : public ::testing::Test {};
using Rigs = ::testing::Types<MachineRig, SbiRig, AmeRig>;
TYPED_TEST_SUITE(RiscvCallbackChangesACounter, Rigs);

// The first callback writes the counter whose callback comes next (its OF
// still pending): its total keeps the count up to the write, wrap included,
// and goes on from the written value; the hook's fold after the callbacks
// must not count that wrap again.
TYPED_TEST(RiscvCallbackChangesACounter, WriteOfAnotherServedCounterBeforeItsFold) {
  for (const uint64_t v : {uint64_t{0}, uint64_t{100}, kPeriod - 1000}) {
    SCOPED_TRACE(v);
    Scenario<TypeParam> s;
    s.run(kA, kB, Change::kWrite, v);
  }
}

// The second callback writes the counter served first (whose callback has
// run, whose fold has not).
TYPED_TEST(RiscvCallbackChangesACounter, WriteOfAnotherServedCounterAfterItsCallback) {
  Scenario<TypeParam> s;
  s.run(kB, kA, Change::kWrite, 100);
}

// clear_overflow() and program() of the other served counter clear (or, on
// SBI, set) its OF, folding first: the hook's fold must follow.
TYPED_TEST(RiscvCallbackChangesACounter, ClearOverflowOfAnotherServedCounter) {
  Scenario<TypeParam> s;
  s.run(kA, kB, Change::kClearOverflow, 0);
}
TYPED_TEST(RiscvCallbackChangesACounter, ProgramOfAnotherServedCounter) {
  Scenario<TypeParam> s;
  s.run(kA, kB, Change::kProgram, 0);
}

// A callback writes its own counter (counter_file.hpp: a reload belongs
// after the hook, for the interrupt's sake); its total stays exact.
TYPED_TEST(RiscvCallbackChangesACounter, WriteOfItsOwnCounter) {
  Scenario<TypeParam> s;
  s.run(kA, kA, Change::kWrite, 100);
}

}  // namespace
