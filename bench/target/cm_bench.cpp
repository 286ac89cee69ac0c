// SPDX-License-Identifier: Apache-2.0
// CM perf block: instructions per call with the GCR window backed by RAM.
#include "bench.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu::cm;

// GCR base must be 32 KiB aligned; the perf registers sit at +0x6100..0x61AC.
alignas(0x8000) uint32_t g_gcr[(0x6200) / 4];

volatile uint32_t g_at_callback;
void on_overflow(void*, unsigned) { g_at_callback = bench::instret(); }

uint32_t& ram(uint32_t offset_from_gdb) { return g_gcr[(0x6000 + offset_from_gdb) / 4]; }
}  // namespace

TEST_CASE(bench, cm) {
  Perf perf(reinterpret_cast<uintptr_t>(&g_gcr[0]));
  bench::report("cm.program", "instructions",
                bench::count([&] { (void)perf.program(Counter::kP0, 2, 0x1234); }));
  bench::report("cm.start_all", "instructions", bench::count([&] { (void)perf.start(kAll); }));
  ram(0x198) = 77;
  uint32_t value = 0;
  bench::report("cm.read", "instructions", bench::count([&] { value = perf.read(Counter::kP0).value(); }));
  CHECK_EQ(value, 77u);

  CHECK_OK(perf.on_overflow(Counter::kP0, {on_overflow, nullptr}));
  ram(0x120) = kP0.bits;  // P0 flagged
  const uint32_t overhead = bench::count([] {});
  const uint32_t t0 = bench::instret();
  (void)perf.handle_overflow_irq();
  bench::report("cm.hook_entry_to_callback", "instructions", g_at_callback - t0 - overhead);
}
