// SPDX-License-Identifier: Apache-2.0
// SafeSU: exact bus accesses per driver call against the behavioural model
// (4-core/128-event layout; the 7-bit crossbar fields straddle registers).
#include "bench_host.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
constexpr uintptr_t kBase = 0x80100000;

struct Rig {
  models::SafesuModel model{models::SafesuModel::Config{}};
  pmu_sim::ModelBus bus;
  SafeSU su{kBase, k4c128};
  Callbacks callbacks;
  Rig() {
    bus.map(kBase, models::SafesuModel::kWindowSize, &model);
    (void)su.attach_callbacks(&callbacks);
  }
};

template <typename Fn>
void measure(const char* what, Rig& r, Fn fn) {
  r.bus.clear_log();
  {
    pmu_sim::ScopedBackend use(r.bus);
    fn();
  }
  bench::report(what, r.bus);
}
void noop(void*, unsigned) {}
}  // namespace

PMU_BENCH(safesu_calls) {
  Rig r;
  measure("safesu.route_one_output(no_straddle)", r, [&] { (void)r.su.route(0, 5); });
  measure("safesu.route_one_output(straddle)", r, [&] { (void)r.su.route(4, 100); });
  measure("safesu.set_weight", r, [&] { (void)r.su.set_weight(5, 9); });
  measure("safesu.set_budget", r, [&] { (void)r.su.set_budget(1, 1000); });
  measure("safesu.enable_counters", r, [&] { (void)r.su.start(r.su.all_counters()); });
  measure("safesu.read_one_counter", r, [&] { (void)r.su.read(3); });
  uint32_t snap[24];
  measure("safesu.snapshot_all(24)", r, [&] { (void)r.su.read_all(snap, 24); });
  measure("safesu.reset_counters(enabled)", r, [&] { (void)r.su.reset(); });
  measure("safesu.clear_overflow", r, [&] { (void)r.su.clear_overflow(); });
  measure("safesu.refill", r, [&] { (void)r.su.refill(1); });
  Route table[24];
  for (unsigned k = 0; k < 24; ++k) table[k] = Route{static_cast<uint8_t>(k), static_cast<uint16_t>(k + 1)};
  measure("safesu.route_table(24)", r, [&] { (void)r.su.route_table(table, 24); });
  const uint8_t weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  measure("safesu.set_weights(8)", r, [&] { (void)r.su.set_weights(weights, 8); });
}

PMU_BENCH(safesu_hooks) {
  Rig r;
  pmu_sim::ScopedBackend use(r.bus);
  (void)r.su.on_overflow(0, {noop, nullptr});
  (void)r.su.set_overflow_mask(1);
  (void)r.su.enable_overflow();
  (void)r.su.write(0, 0xFFFFFFF0u);
  (void)r.su.set_selftest_mode(SelftestMode::kAllOnes);
  (void)r.su.start(r.su.all_counters());
  r.bus.advance(40);  // passes 0xFFFFFFFF: flag set, counter moving on
  r.bus.clear_log();
  (void)r.su.handle_overflow_irq();
  bench::report("safesu.handle_overflow_irq(1_flagged)", r.bus);
  (void)r.su.stop(r.su.all_counters());
  (void)r.su.write(0, 0xFFFFFFFFu);  // parked on all ones: sets the flag, stays there
  r.bus.clear_log();
  (void)r.su.handle_overflow_irq();
  bench::report("safesu.handle_overflow_irq(1_parked)", r.bus);
  (void)r.su.set_selftest_mode(SelftestMode::kNormal);

  (void)r.su.on_mccu(0, {noop, nullptr});
  r.bus.clear_log();
  (void)r.su.handle_mccu_irq(0);
  bench::report("safesu.handle_mccu_irq(refill)", r.bus);

  (void)r.su.on_rdc(0, {noop, nullptr});
  (void)r.su.set_rdc_threshold(0, 2);
  (void)r.su.enable_rdc();
  r.model.set_event(0, true);
  (void)r.su.route(0, 0);
  r.bus.advance(10);
  r.bus.clear_log();
  (void)r.su.handle_rdc_irq();
  bench::report("safesu.handle_rdc_irq(1_input)", r.bus);
}
