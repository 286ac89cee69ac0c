// SPDX-License-Identifier: Apache-2.0
// SafeSU: instructions per call and hook entry-to-callback, registers in RAM
// (4-core/128-event layout: 49 registers), for both ways to make a driver:
//   safesu.*        SafeSU, base and layout chosen at run time (the calls go
//                   to the code compiled once in libpmu)
//   safesu_fixed.*  FixedSafeSU, base and layout constants (the calls are
//                   compiled here, inline, every offset an immediate)
// The same operations with the same arguments on both.
#include "bench.hpp"
#include "pmu/safesu/safesu.hpp"

extern "C" char __stack_top[];  // end of the image (linker/qemu-virt.ld)

namespace {
using namespace pmu::safesu;

bench::RamRegs<64> g_regs;
// The fixed path needs a constant base: a 256-byte window of RAM above the
// image (the virt RAM region is 16 MiB; the image is far smaller: checked).
constexpr uintptr_t kFixedBase = 0x80F00000u;
volatile uint32_t* fixed_regs() { return reinterpret_cast<volatile uint32_t*>(kFixedBase); }

FixedSafeSU<kFixedBase, k4c128> g_fixed;  // all zero: .bss
Callbacks g_callbacks_runtime;
Callbacks g_callbacks_fixed;
Totals g_totals_runtime;
Totals g_totals_fixed;

volatile uint32_t g_at_callback;
void on_event(void*, unsigned) { g_at_callback = bench::instret(); }

template <typename Hook>
uint32_t entry_to_callback(Hook hook) {
  const uint32_t overhead = bench::count([] {});
  const uint32_t t0 = bench::instret();
  hook();
  return g_at_callback - t0 - overhead;
}

// Every operation of the list on one driver object; 'regs' is its register
// window, 'unit' the figure's prefix, 'totals' the storage it tracks at the end.
template <typename Unit>
void measure(const char* unit, Unit& su, volatile uint32_t* regs, Totals* totals) {
  char name[80];
  auto label = [&](const char* op) {
    unsigned n = 0;
    for (const char* s = unit; *s != '\0'; ++s) name[n++] = *s;
    name[n++] = '.';
    for (const char* s = op; *s != '\0' && n < sizeof name - 1; ++s) name[n++] = *s;
    name[n] = '\0';
    return name;
  };
  auto op = [&](const char* what, auto fn) { bench::report(label(what), "instructions", bench::count(fn)); };
  const Layout& l = su.layout();
  for (unsigned i = 0; i < 64; ++i) regs[i] = 0;

  op("route_one_output(no_straddle)", [&] { (void)su.route(0, 5); });
  op("route_one_output(straddle)", [&] { (void)su.route(4, 100); });
  Route table[24];
  for (unsigned k = 0; k < 24; ++k) table[k] = Route{static_cast<uint8_t>(k), static_cast<uint16_t>(k + 1)};
  op("route_table(24)", [&] { (void)su.route_table(table, 24); });
  op("set_weight", [&] { (void)su.set_weight(5, 9); });
  const uint8_t weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  op("set_weights(8)", [&] { (void)su.set_weights(weights, 8); });
  op("set_budget", [&] { (void)su.set_budget(1, 1000); });
  op("enable_counters", [&] { (void)su.start(su.all_counters()); });
  op("reset_counters", [&] { (void)su.reset(); });
  op("clear_overflow", [&] { (void)su.clear_overflow(); });
  op("refill", [&] { (void)su.refill(1); });
  op("read_one_counter", [&] { (void)su.read(3); });
  uint32_t snap[24];
  op("snapshot_all(24)", [&] { (void)su.read_all(snap, 24); });
  op("read64(untracked)", [&] { (void)su.read64(3); });

  // Hooks: the cause registers in RAM say one source fired.
  CHECK_OK(su.on_overflow(0, {on_event, nullptr}));
  regs[l.overflow_vector.offset / 4] = 1;
  regs[l.counters.at(0).offset / 4] = 7;  // not parked
  bench::report(label("handle_overflow_irq_entry_to_callback"), "instructions",
                entry_to_callback([&] { (void)su.handle_overflow_irq(); }));
  // The whole hook, as an RTOS runs it: through the ISR adapter.
  op("handle_overflow_irq(1_flagged)", [&] { Unit::overflow_isr(&su); });
  CHECK_OK(su.on_mccu(1, {on_event, nullptr}));
  bench::report(label("handle_mccu_irq_entry_to_callback"), "instructions",
                entry_to_callback([&] { (void)su.handle_mccu_irq(1); }));
  CHECK_OK(su.on_rdc(2, {on_event, nullptr}));
  regs[l.rdc_vector.offset / 4] = 1u << 2;
  bench::report(label("handle_rdc_irq_entry_to_callback"), "instructions",
                entry_to_callback([&] { (void)su.handle_rdc_irq(); }));

  // With totals tracked.
  CHECK_OK(su.track_totals(totals));
  op("read64(tracked)", [&] { (void)su.read64(3); });
  op("sync64(24)", [&] { (void)su.sync64(); });
  op("reset_counters(tracked)", [&] { (void)su.reset(); });
}
}  // namespace

TEST_CASE(bench, safesu) {
  CHECK(reinterpret_cast<uintptr_t>(__stack_top) <= kFixedBase);
  SafeSU runtime{g_regs.base(), k4c128};
  CHECK_OK(runtime.attach_callbacks(&g_callbacks_runtime));
  CHECK_OK(g_fixed.attach_callbacks(&g_callbacks_fixed));
  measure("safesu", runtime, g_regs.words, &g_totals_runtime);
  measure("safesu_fixed", g_fixed, fixed_regs(), &g_totals_fixed);
  bench::report("safesu.object_bytes", "bytes", sizeof(SafeSU));
  bench::report("safesu_fixed.object_bytes", "bytes", sizeof(g_fixed));
}
