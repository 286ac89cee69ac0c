// SPDX-License-Identifier: Apache-2.0
// Random call sequences with random arguments (fixed seeds, under ASan and
// UBSan) against the behavioural models: every call that answers kBadArg
// made no register access, no call touches an address outside its unit
// (ModelBus fails the test on any unmapped access), and the models' own
// invariants hold. The deterministic counterpart of a fuzzer over the API.
#include <gtest/gtest.h>

#include <random>

#include "pmu_sim/cm_model.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "host/backend.hpp"
#include "host/status_of.hpp"

namespace {
using namespace pmu;

// Arguments around the interesting edges: small values, the unit's limits
// and just past them, and anything.
class Args {
 public:
  explicit Args(uint64_t seed) : rng_(seed) {}
  unsigned index(unsigned limit) {
    switch (rng_() % 4) {
      case 0: return static_cast<unsigned>(rng_() % (limit + 2));
      case 1: return limit - 1 + static_cast<unsigned>(rng_() % 3);
      case 2: return static_cast<unsigned>(rng_());
      default: return static_cast<unsigned>(rng_() % (limit == 0 ? 1 : limit));
    }
  }
  uint32_t word() { return (rng_() & 1) ? static_cast<uint32_t>(rng_()) : static_cast<uint32_t>(rng_() % 300); }
  bool coin() { return (rng_() & 1) != 0; }
  uint32_t pick(uint32_t n) { return static_cast<uint32_t>(rng_() % n); }

 private:
  std::mt19937_64 rng_;
};

void nop(void*, unsigned) {}

// Runs one call and checks the contract: kBadArg means no access at all.
template <typename Fn>
void call(test::ModelBus& bus, const char* what, Fn fn) {
  const size_t before = bus.log.size();
  const Status s = fn();
  if (s == Status::kBadArg) {
    EXPECT_EQ(bus.log.size(), before) << what << " answered kBadArg but touched a register";
  }
}
using test::status_of;

class SafesuApiFuzz : public ::testing::TestWithParam<const safesu::Layout*> {};

TEST_P(SafesuApiFuzz, RandomCallsKeepTheContract) {
  using namespace pmu::safesu;
  const Layout& l = *GetParam();
  models::SafesuModel model(pmu_sim::safesu_config(l));
  test::ModelBus bus;
  constexpr uintptr_t kBase = 0x80100000;
  bus.map(kBase, models::SafesuModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  SafeSU su(kBase, l);
  Callbacks callbacks;
  Totals totals;
  ASSERT_EQ(su.attach_callbacks(&callbacks), Status::kOk);
  ASSERT_EQ(su.track_totals(&totals), Status::kOk);
  Args a(0x5AFE5u + l.n_soc_ev + l.n_cores);
  uint32_t snap[40];
  uint8_t bytes[16];
  for (int i = 0; i < 20000; ++i) {
    const unsigned n_counters = l.n_counters, n_inputs = l.n_inputs, n_cores = l.n_cores;
    switch (a.pick(28)) {
      case 0: call(bus, "route", [&] { return su.route(a.index(n_counters), a.index(l.n_soc_ev)); }); break;
      case 1: {
        Route t[3];
        for (auto& r : t) r = Route{static_cast<uint8_t>(a.index(n_counters)), static_cast<uint16_t>(a.index(l.n_soc_ev))};
        call(bus, "route_table", [&] { return su.route_table(a.coin() ? t : nullptr, a.pick(4)); });
        break;
      }
      case 2: call(bus, "routed_event", [&] { return status_of(su.routed_event(a.index(n_counters))); }); break;
      case 3: call(bus, "read", [&] { return status_of(su.read(a.index(n_counters))); }); break;
      case 4: call(bus, "read_all", [&] { return su.read_all(a.coin() ? snap : nullptr, a.index(n_counters)); }); break;
      case 5: call(bus, "write", [&] { return su.write(a.index(n_counters), a.word()); }); break;
      case 6: call(bus, "read64", [&] { return status_of(su.read64(a.index(n_counters))); }); break;
      case 7: call(bus, "selftest", [&] { return su.set_selftest_mode(static_cast<SelftestMode>(a.pick(6))); }); break;
      case 8: call(bus, "overflow_mask", [&] { return su.set_overflow_mask(a.word()); }); break;
      case 9: call(bus, "overflow_irq", [&] { return su.set_overflow_irq(a.index(n_counters), a.coin()); }); break;
      case 10: call(bus, "enable_overflow", [&] { return su.enable_overflow(a.coin()); }); break;
      case 11: call(bus, "clear_overflow", [&] { return su.clear_overflow(); }); break;
      case 12: call(bus, "set_weight", [&] { return su.set_weight(a.index(n_inputs), a.index(256)); }); break;
      case 13: call(bus, "set_weights", [&] { return su.set_weights(a.coin() ? bytes : nullptr, a.index(n_inputs)); }); break;
      case 14: call(bus, "weight", [&] { return status_of(su.weight(a.index(n_inputs))); }); break;
      case 15: call(bus, "set_budget", [&] { return su.set_budget(a.index(n_cores), a.word()); }); break;
      case 16: call(bus, "remaining", [&] { return status_of(su.remaining_budget(a.index(n_cores))); }); break;
      case 17: call(bus, "refill_cores", [&] { return su.refill_cores(a.word() & 0x7F); }); break;
      case 18: call(bus, "mccu", [&] { return a.coin() ? su.enable_mccu() : su.disable_mccu(); }); break;
      case 19: call(bus, "rdc", [&] { return a.coin() ? su.enable_rdc() : su.reset_rdc(); }); break;
      case 20: call(bus, "watermark", [&] { return status_of(su.watermark(a.index(n_inputs))); }); break;
      case 21: call(bus, "read_watermarks", [&] { return su.read_watermarks(a.coin() ? bytes : nullptr, a.index(n_inputs)); }); break;
      case 22: call(bus, "rdc_fired", [&] { return status_of(su.rdc_fired(a.index(n_inputs))); }); break;
      case 23: call(bus, "callbacks", [&] {
                 switch (a.pick(3)) {
                   case 0: return su.on_overflow(a.index(n_counters), {nop, nullptr});
                   case 1: return su.on_mccu(a.index(n_cores), {nop, nullptr});
                   default: return su.on_rdc(a.index(n_inputs), {nop, nullptr});
                 }
               });
        break;
      case 24: call(bus, "hooks", [&] {
                 switch (a.pick(3)) {
                   case 0: return status_of(su.handle_overflow_irq());
                   case 1: return status_of(su.handle_mccu_irq(a.index(n_cores)));
                   default: return status_of(su.handle_rdc_irq());
                 }
               });
        break;
      case 25: call(bus, "counters", [&] {
                 const uint32_t mask = a.coin() ? su.all_counters() : a.word();
                 return a.coin() ? su.start(mask) : (a.coin() ? su.stop(mask) : su.reset());
               });
        break;
      case 26: model.set_event(a.pick(l.n_soc_ev), a.coin()); break;
      default: bus.advance(a.pick(2000)); break;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, SafesuApiFuzz,
                         ::testing::Values(&safesu::k4c128, &safesu::k6c128, &safesu::k6c256, &safesu::k4c32));

TEST(CmApiFuzz, RandomCallsKeepTheContract) {
  using namespace pmu::cm;
  models::CmPerfModel model;
  test::ModelBus bus;
  constexpr uintptr_t kGcr = 0x1FBF8000;
  bus.map(kGcr + kGdbOffset, models::CmPerfModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  Perf perf(kGcr);
  Callbacks callbacks{};
  Totals totals;
  Args a(0xC0FFEE);
  for (int i = 0; i < 20000; ++i) {
    const unsigned counter = a.index(kNumCounters);  // around 0..2 and past it
    const uint32_t mask = a.pick(10);                // empty, valid and too wide
    switch (a.pick(11)) {
      case 0: call(bus, "program", [&] { return perf.program(counter, a.index(18), a.word()); }); break;
      case 1: call(bus, "control", [&] { return perf.control(mask, a.pick(10), a.pick(10)); }); break;
      case 2: call(bus, "read64", [&] { return status_of(perf.read64(counter)); }); break;
      case 3: call(bus, "preload", [&] { return perf.preload(counter, a.word()); }); break;
      case 4: call(bus, "clear_overflow", [&] { return perf.clear_overflow(mask); }); break;
      case 5: call(bus, "on_overflow", [&] { return perf.on_overflow(counter, {nop, nullptr}); }); break;
      case 6: call(bus, "hook", [&] { return status_of(perf.handle_overflow_irq()); }); break;
      case 7: call(bus, "modes", [&] {
                return a.coin() ? perf.set_overflow_stop(a.coin()) : perf.set_interrupt_enable(a.coin());
              });
        break;
      case 8: perf.attach_callbacks(a.coin() ? &callbacks : nullptr); break;
      case 9: perf.track_totals(a.coin() ? &totals : nullptr); break;
      default: bus.advance(a.pick(5000)); break;
    }
  }
}

}  // namespace
