// SPDX-License-Identifier: Apache-2.0
// The Sampler's RISC-V adapters (units/counter_file.hpp) on RV64: the exact
// CSR and SBI sequences of arm, re-arm and disarm for the M-mode Sscofpmf
// file, the S-mode SBI file and the AME file; bad input touching nothing;
// and the Sampler driving the CSR model through the file's own hook, so the
// re-arm inside the callback and the hook's acknowledge after it give one
// sample per period.
#include <gtest/gtest.h>

#include <vector>

#include "../../riscv/host/counter_config_helper.hpp"
#include "../../riscv/host/csr_model_helper.hpp"
#include "host/backend.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/ame.hpp"
#include "pmu/profile/units/riscv.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "one_group_sampling.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;
using pmu::test::SBI;

constexpr uint64_t kOf = uint64_t{1} << 63;
constexpr uint32_t kLcofie = 1u << 13;
constexpr int64_t kAlreadyStopped = -8;


void count_call(void* ctx, unsigned) { ++*static_cast<unsigned*>(ctx); }

TEST(ProfileUnitsRiscv, ArmStopsClearsOfEnablesLcofiStartsAndPreloadsLast) {
  test::ExpectBackend bus;
  bus.expect({CS(0x320, 0x8),                       // stop hpm3
              CC(0x323, kOf),                       // OF = 0: armed
              CS(0x304, kLcofie),                   // mie.LCOFIE
              CC(0x320, 0x8),                       // start
              CW(0xB03, 0xFFFFFFFFFFFFFC18ull)});   // 2^64 - 1000, last
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  unsigned calls = 0;
  EXPECT_EQ(units::SscofpmfOps::arm(&c, 3, 1000, IrqCallback{count_call, &calls}), Status::kOk);
  cbs.cb[3](3);
  EXPECT_EQ(calls, 1u) << "the sampler's callback is the counter's";
}

// The re-arm keeps the events counted since the overflow (37, 2047) in the
// next period; half a period or more (2048, 5000) starts a fresh one.
TEST(ProfileUnitsRiscv, RearmCountsTheOvershootAndDisarmStopsAndUnregisters) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB04, 37), CW(0xB04, uint64_t{0} - 4096 + 37),
              CR(0xB04, 2047), CW(0xB04, uint64_t{0} - 4096 + 2047),
              CR(0xB04, 2048), CW(0xB04, uint64_t{0} - 4096),
              CR(0xB04, 5000), CW(0xB04, uint64_t{0} - 4096),
              CS(0x320, 0x10)});
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5 | 0x10));
  CounterCallbacks cbs;
  unsigned calls = 0;
  cbs.cb[4] = IrqCallback{count_call, &calls};
  c.attach_callbacks(&cbs);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(units::SscofpmfOps::rearm(&c, 4, 4096), Status::kOk);
  EXPECT_EQ(units::SscofpmfOps::disarm(&c, 4), Status::kOk);
  EXPECT_FALSE(cbs.cb[4].set());
}

TEST(ProfileUnitsRiscv, GroupReadIsTheRawCounter) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB00, 0x123456789ull), CR(0xB02, 42)});
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5 | 0x8));
  const GroupCounter cycles = units::SscofpmfOps::group(c, 0);
  const GroupCounter instret = units::SscofpmfOps::group(c, 2);
  EXPECT_EQ(cycles.read(cycles.unit, cycles.index), 0x123456789ull);
  EXPECT_EQ(instret.read(instret.unit, instret.index), 42u);
  EXPECT_EQ(instret.width, 64);
}

TEST(ProfileUnitsRiscv, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  const IrqCallback cb{count_call, nullptr};
  using Ops = units::SscofpmfOps;
  EXPECT_EQ(Ops::arm(&c, 3, 0, cb), Status::kBadArg);      // no period
  EXPECT_EQ(Ops::arm(&c, 0, 100, cb), Status::kBadArg);    // cycle has no OF bit
  EXPECT_EQ(Ops::arm(&c, 2, 100, cb), Status::kBadArg);    // instret neither
  EXPECT_EQ(Ops::arm(&c, 4, 100, cb), Status::kBadArg);    // not in the file
  EXPECT_EQ(Ops::arm(&c, 40, 100, cb), Status::kBadArg);
  EXPECT_EQ(Ops::arm(nullptr, 3, 100, cb), Status::kBadArg);
  EXPECT_EQ(Ops::disarm(&c, 32), Status::kBadArg);
  EXPECT_EQ(Ops::disarm(&c, 4), Status::kBadArg);
  Counters no_of(test::cfg(0x5 | 0x8, false));
  no_of.attach_callbacks(&cbs);
  EXPECT_EQ(Ops::arm(&no_of, 3, 100, cb), Status::kUnavailable);  // no Sscofpmf: nothing to arm
  Counters no_storage(test::cfg(0x5 | 0x8));
  EXPECT_EQ(Ops::arm(&no_storage, 3, 100, cb), Status::kUnavailable);
  CounterConfig absent = test::cfg(0x5 | 0x8);
  absent.present = false;
  Counters none(absent);
  none.attach_callbacks(&cbs);
  EXPECT_EQ(Ops::arm(&none, 3, 100, cb), Status::kUnavailable);
  EXPECT_FALSE(cbs.cb[3].set()) << "a refused arm registers nothing";
  // A group entry for a counter the file lacks has no read: configure refuses it.
  EXPECT_EQ(Ops::group(c, 4).read, nullptr);
  EXPECT_EQ(Ops::group(c, 1).read, nullptr);  // time
  EXPECT_EQ(Ops::group(none, 0).read, nullptr);
  EXPECT_NE(Ops::group(c, 0).read, nullptr);
}

// A counter the file knows to be 12 bits wide (probed, with totals) counts
// a period of at most 2^12: a longer one would wrap the preload and sample
// every period mod 2^12 events. Refused before any access; 2^12 itself
// arms, and the counter then overflows after 4096 events.
TEST(ProfileUnitsRiscv, APeriodPastANarrowCountersRangeIsRefused) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(4, 12));
  test::ModelBus bus(0);
  bus.map_csr(&model);
  Counters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  CounterTotals totals{};
  c.attach_callbacks(&cbs);
  c.track_totals(&totals);
  const IrqCallback cb{count_call, nullptr};
  {
    test::ScopedBackend use(bus);
    ASSERT_EQ(c.init(), Status::kOk);
    ASSERT_EQ(c.probe_width(3).value(), 12u);
  }
  {
    test::NoAccessBackend none;
    test::ScopedBackend use(none);
    EXPECT_EQ(units::SscofpmfOps::arm(&c, 3, 4097, cb), Status::kBadArg);
    EXPECT_EQ(units::SscofpmfOps::arm(&c, 3, uint64_t{1} << 40, cb), Status::kBadArg);
    EXPECT_FALSE(cbs.cb[3].set());
  }
  test::ScopedBackend use(bus);
  EXPECT_EQ(units::SscofpmfOps::arm(&c, 3, 4096, cb), Status::kOk);
  EXPECT_EQ(model.counter(3), 0u) << "2^12 - 4096";
}

// S-mode: everything machine-only goes through SBI. Arm: stop, the OF
// clear (SBI clears OF in a start), sie.LCOFIE, the start that arms it, and
// the write last (the counter runs: a stop and a start with the value), so
// no SBI call comes between the preload and the counting.
TEST(ProfileUnitsRiscv, SbiArmAndRearmAreSbiCalls) {
  test::ExpectBackend bus;
  const uint64_t v = uint64_t{0} - 5000;
  bus.expect({SBI(4, {0, 0x8, 0}, kAlreadyStopped),
              SBI(4, {3, 1, 0}, kAlreadyStopped), SBI(3, {3, 1, 0, 0}), SBI(4, {3, 1, 0}),
              CS(0x104, kLcofie),
              SBI(3, {0, 0x8, 0, 0}),
              SBI(4, {3, 1, 0}), SBI(3, {3, 1, 1, v}),
              // re-arm from the callback: the shadow read; the counter runs, so a
              // stop and a start with the value
              CR(0xC03, 12), SBI(4, {3, 1, 0}), SBI(3, {3, 1, 1, v + 12})});
  test::ScopedBackend use(bus);
  SbiCounters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  EXPECT_EQ(units::SbiOps::arm(&c, 3, 5000, IrqCallback{count_call, nullptr}), Status::kOk);
  EXPECT_EQ(c.armed(), 0x8u) << "the hook's snapshot includes it";
  EXPECT_EQ(units::SbiOps::rearm(&c, 3, 5000), Status::kOk);
}

// AME: the same calls on the AME CSRs; its overflow is a board line, so
// arm enables no LCOFI.
TEST(ProfileUnitsRiscv, AmeArmUsesTheAmeCsrsAndNoLcofi) {
  test::ExpectBackend bus;
  bus.expect({CS(0x7E9, 0x20), CC(0xBC5, kOf), CC(0x7E9, 0x20), CW(0xBE5, uint64_t{0} - 300),
              CR(0xBE5, 3), CW(0xBE5, uint64_t{0} - 297)});
  test::ScopedBackend use(bus);
  ame::AmeConfig ac;
  ac.declared = true;
  ame::AmeCounters c(ac);
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  EXPECT_EQ(units::AmeOps::arm(&c, 5, 300, IrqCallback{count_call, nullptr}), Status::kOk);
  EXPECT_EQ(units::AmeOps::rearm(&c, 5, 300), Status::kOk);
}

// The Sampler on the CSR model, through the file's hook: each overflow
// gives one sample, re-arms the counter for the next period (the preload is
// written inside the callback, less what it counted since the overflow; OF
// cleared after it), and the group deltas cover one period each.
TEST(ProfileUnitsRiscv, SamplerOnTheModelTakesOneSamplePerPeriod) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(4));
  model.set_event_rate(9, 1);  // hpm3 counts event 9, one per cycle
  test::ModelBus bus(1);  // one cycle per access
  bus.map_csr(&model);
  test::ScopedBackend use(bus);

  Counters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  ASSERT_EQ(c.init(), Status::kOk);
  ASSERT_EQ(c.program(3, make_hpm_event(9).value()), Status::kOk);
  ASSERT_EQ(c.start(0x5), Status::kOk);

  model_test::OneGroupSampling sampling;
  SampleRing& ring = sampling.ring;
  Sampler& sampler = sampling.sampler;
  ASSERT_EQ(sampling.start(units::SscofpmfOps::trigger(c, 3), 500, units::SscofpmfOps::group(c, 0),
                           {Unit::kRiscv, 3, 64, "event9"}, {Unit::kRiscv, 0, 64, "cycles"}),
            Status::kOk);
  EXPECT_EQ(model.counter(3), uint64_t{0} - 500 + 1) << "preloaded last, then its own cycle";
  const uint64_t c0 = model.counter(3);
  const uint64_t t0 = model.cycles();

  constexpr unsigned kOverflows = 5;
  for (unsigned n = 1; n <= kOverflows; ++n) {
    bus.advance(n == 1 ? 600 : 500);  // past the overflow: OF and LCOFIP set
    ASSERT_TRUE(model.irq_outputs() & models::RiscvCsrModel::kIrqLcofi);
    EXPECT_EQ(c.handle_overflow_irq().value(), 0x8u);
    EXPECT_EQ(model.irq_outputs(), 0u) << "acknowledged";
    EXPECT_FALSE(model.event(3) & kOf) << "re-armed";
    EXPECT_EQ(ring.committed(), n);
  }
  // Every event is in exactly one period: each re-arm takes 500 off the
  // count and loses only the cycle between its read and its write.
  EXPECT_EQ(model.counter(3) - c0 + kOverflows * (500 + 1), model.cycles() - t0);
  EXPECT_EQ(sampler.interrupts(), kOverflows);
  const Sample s = slot_sample(ring.peek(), ring.shape());
  EXPECT_EQ(s.pc, 0x80000100u);
  ring.release();
  for (unsigned n = 2; n <= kOverflows; ++n, ring.release()) {
    const Sample t = slot_sample(ring.peek(), ring.shape());
    EXPECT_GE(t.deltas[0], 500u);  // one advance plus the accesses of one hook
    EXPECT_LT(t.deltas[0], 520u);
  }
  EXPECT_EQ(sampler.stop(), Status::kOk);
  EXPECT_FALSE(cbs.cb[3].set());
  EXPECT_EQ(model.inhibit() & 0x8u, 0x8u) << "stopped";
}

}  // namespace
