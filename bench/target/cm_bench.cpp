// SPDX-License-Identifier: Apache-2.0
// CM perf block: instructions per call on both paths, registers in RAM.
//
// The GCR window is plain RAM at a fixed address, so the run-time path
// (Perf, compiled once in libpmu) and the compile-time path (FixedPerf,
// addresses folded to immediates) work on the same memory. 0x81000000 is
// past the 16 MiB the image may use (linker/qemu-virt.ld) and inside the
// virt machine's default 128 MiB of RAM.
//
// Each figure is one call as an application writes it, with a constant
// counter index or mask. The hook figures are from the call of the unit's
// ISR adapter (argument set-up and call included) to the first instruction
// of the first callback, P0 flagged, callbacks and totals attached.
#include "bench.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu::cm;

constexpr uintptr_t kGcr = 0x81000000;
using Fixed = FixedPerf<kGcr>;

volatile uint32_t& reg(uint32_t offset_from_gdb) {
  return *reinterpret_cast<volatile uint32_t*>(kGcr + kGdbOffset + offset_from_gdb);
}

volatile uint32_t g_at_callback;
volatile uint32_t g_sink32;
volatile uint64_t g_sink64;
void on_overflow(void*, unsigned) { g_at_callback = bench::instret(); }

template <typename Unit>
void measure(Unit& perf, const char* path) {
  static Callbacks callbacks{};
  static Totals totals;
  char name[64];
  auto report = [&](const char* op, uint32_t n) {
    // "cm.<op>(<path>)"
    unsigned k = 0;
    for (const char* s = "cm."; *s != '\0';) name[k++] = *s++;
    for (const char* s = op; *s != '\0';) name[k++] = *s++;
    name[k++] = '(';
    for (const char* s = path; *s != '\0';) name[k++] = *s++;
    name[k++] = ')';
    name[k] = '\0';
    bench::report(name, "instructions", n);
  };
  for (uint32_t off = 0x100; off < 0x1B0; off += 4) reg(off) = 0;
  reg(0x100) = 2;  // Perf_Num_Cnt
  report("probe", bench::count([&] { (void)perf.probe(); }));
  report("program", bench::count([&] { (void)perf.program(kP0Counter, event::kWriteDataUsage, 0x1234); }));
  report("start", bench::count([&] { (void)perf.start(kAllMask); }));
  report("stop", bench::count([&] { (void)perf.stop(kP1Mask); }));
  report("reset", bench::count([&] { (void)perf.reset(kP0Mask); }));
  report("reset_and_start", bench::count([&] { (void)perf.reset_and_start(kAllMask); }));
  report("control", bench::count([&] { (void)perf.control(kP0Mask, kP1Mask, kCycleMask); }));
  report("set_interrupt_enable", bench::count([&] { (void)perf.set_interrupt_enable(true); }));
  report("set_overflow_stop", bench::count([&] { (void)perf.set_overflow_stop(false); }));
  reg(0x198) = 77;
  report("read", bench::count([&] { g_sink32 = perf.read(kP0Counter).value(); }));
  CHECK_EQ(g_sink32, 77u);
  report("read_overflow", bench::count([&] { g_sink32 = perf.read_overflow().value(); }));
  report("clear_overflow", bench::count([&] { (void)perf.clear_overflow(kP0Mask); }));
  report("preload", bench::count([&] { (void)perf.preload(kP1Counter, 0xFFFFFF00u); }));

  perf.attach_callbacks(&callbacks);
  perf.track_totals(&totals);
  report("read64", bench::count([&] { g_sink64 = perf.read64(kP0Counter).value(); }));
  CHECK_EQ(g_sink64, 77u);
  report("preload_with_totals", bench::count([&] { (void)perf.preload(kP1Counter, 0xFFFFFF00u); }));
  report("reset_with_totals", bench::count([&] { (void)perf.reset(kP0Mask); }));

  CHECK_OK(perf.on_overflow(kP0Counter, {on_overflow, nullptr}));
  reg(0x120) = kP0Mask;  // P0 flagged
  const uint32_t e0 = bench::instret();
  const uint32_t e1 = bench::instret();
  const uint32_t t0 = bench::instret();
  Unit::overflow_isr(&perf);
  // Less the read of t0 itself (e1 - e0).
  report("hook_entry_to_callback", g_at_callback - t0 - (e1 - e0));
  reg(0x120) = 0;  // spurious
  report("hook_spurious", bench::count([&] { Unit::overflow_isr(&perf); }));
  perf.attach_callbacks(nullptr);
  perf.track_totals(nullptr);
}
}  // namespace

TEST_CASE(bench, cm) {
  Perf runtime(kGcr);
  measure(runtime, "runtime");
  Fixed fixed;
  measure(fixed, "fixed");
  bench::report("cm.object_bytes(runtime)", "bytes", sizeof(Perf));
  bench::report("cm.object_bytes(fixed)", "bytes", sizeof(Fixed));
  bench::report("cm.storage_bytes(callbacks)", "bytes", sizeof(Callbacks));
  bench::report("cm.storage_bytes(totals)", "bytes", sizeof(Totals));
}
