// SPDX-License-Identifier: Apache-2.0
// SafeSU: instructions per call and hook entry-to-callback, registers in RAM
// (4-core/128-event layout: 49 registers).
#include "bench.hpp"
#include "pmu/safesu/safesu.hpp"

namespace {
using namespace pmu::safesu;
bench::RamRegs<64> g_regs;
volatile uint32_t g_at_callback;
void on_event(void*, unsigned) { g_at_callback = bench::instret(); }

template <typename Hook>
uint32_t entry_to_callback(Hook hook) {
  const uint32_t overhead = bench::count([] {});
  const uint32_t t0 = bench::instret();
  hook();
  return g_at_callback - t0 - overhead;
}
}  // namespace

TEST_CASE(bench, safesu) {
  SafeSU su(g_regs.base(), k4c128);
  bench::report("safesu.route_one_output(no_straddle)", "instructions",
                bench::count([&] { (void)su.route(0, 5); }));
  bench::report("safesu.route_one_output(straddle)", "instructions",
                bench::count([&] { (void)su.route(4, 100); }));
  bench::report("safesu.set_weight", "instructions", bench::count([&] { (void)su.set_weight(5, 9); }));
  bench::report("safesu.set_budget", "instructions", bench::count([&] { (void)su.set_budget(1, 1000); }));
  bench::report("safesu.enable_counters", "instructions", bench::count([&] { (void)su.enable_counters(); }));
  bench::report("safesu.read_one_counter", "instructions", bench::count([&] { (void)su.read_counter(3); }));
  uint32_t snap[24];
  bench::report("safesu.snapshot_all(24)", "instructions",
                bench::count([&] { (void)su.read_counters(snap, 24); }));

  // Hooks: the cause registers in RAM say one source fired.
  const Layout& l = k4c128;
  CHECK_OK(su.on_overflow(0, {on_event, nullptr}));
  g_regs.words[l.overflow_vect] = 1;
  bench::report("safesu.handle_overflow_irq_entry_to_callback", "instructions",
                entry_to_callback([&] { (void)su.handle_overflow_irq(); }));
  CHECK_OK(su.on_mccu(1, {on_event, nullptr}));
  bench::report("safesu.handle_mccu_irq_entry_to_callback", "instructions",
                entry_to_callback([&] { (void)su.handle_mccu_irq(1); }));
  CHECK_OK(su.on_rdc(2, {on_event, nullptr}));
  g_regs.words[l.rdc_vect] = 1u << 2;
  bench::report("safesu.handle_rdc_irq_entry_to_callback", "instructions",
                entry_to_callback([&] { (void)su.handle_rdc_irq(); }));
}
