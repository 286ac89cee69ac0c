// SPDX-License-Identifier: Apache-2.0
// RISC-V counters: a 64-bit counter read (one csrr on RV64, hi/lo/hi on RV32),
// and hook entry-to-callback for the Sscofpmf LCOFI hook (native CSRs on
// QEMU with sscofpmf=true) and the AME hook (AME CSRs are emulated by the
// stub: the emulation's instructions are taken out, each emulated csr
// instruction counted as the one instruction it is on the real core).
#include "bench.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"

namespace {
using namespace pmu::riscv;
volatile uint32_t g_at_callback;
void on_overflow(void*, unsigned) { g_at_callback = bench::instret(); }

}  // namespace

TEST_CASE(bench, riscv_read64) {
  CounterConfig cfg;
  cfg.counters = 0x5;
  Counters c(cfg);
  uint64_t v = 0;
  bench::report("riscv.read64", "instructions", bench::count([&] { v = c.read(0).value(); }));
  CHECK(v != 0);
}

// The LCOFI hook from entry to the first callback, with OF set by software
// on counter 3 (no interrupt enabled: the hook sees it). The vector comes
// from scountovf, the usual source; QEMU 7.2 masks scountovf with mcounteren
// even in M-mode (docs/hw/riscv-counters.md §2.5), so the bench opens
// mcounteren as firmware that lets S-mode see the counters would. The
// per-counter OF source (OverflowSource::kEventOf, one csrr per counter) is
// measured too.
namespace {
uint32_t lcofi_hook(OverflowSource source) {
  CounterConfig cfg;
  cfg.counters = 0x5 | (1u << 3);
  cfg.sscofpmf = true;
  cfg.overflow_source = source;
  Counters c(cfg);
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  CHECK_OK(c.init());
  CHECK_OK(c.on_overflow(3, {on_overflow, nullptr}));
  HpmEvent ev = make_hpm_event(0).value();
  ev.raw |= uint64_t{1} << 63;
  CHECK_OK(c.program(3, ev));
  const uint32_t overhead = bench::count([] {});
  const uint32_t t0 = bench::instret();
  const uint32_t vec = c.handle_overflow_irq().value_or(0);
  const uint32_t n = g_at_callback - t0 - overhead;
  CHECK_EQ(vec, 1u << 3);
  return n;
}
}  // namespace

TEST_CASE(bench, riscv_lcofi_hook) {
  (void)pmu::hal::csr_set<csr::kMcounteren>(~pmu::hal::csr_word{0});
  bench::report("riscv.lcofi_hook_entry_to_callback", "instructions", lcofi_hook(OverflowSource::kScountovf));
  bench::report("riscv.lcofi_hook_each_of_entry_to_callback", "instructions",
                lcofi_hook(OverflowSource::kEventOf));
}

#if __riscv_xlen == 64
namespace {
volatile uint64_t g_inside_at_callback;
volatile uint32_t g_traps_at_callback;
void on_ame_overflow(void*, unsigned) {
  g_at_callback = bench::instret();
  g_inside_at_callback = harness::emulation_time();
  g_traps_at_callback = harness::emulation_traps();
}
}  // namespace

TEST_CASE(bench, ame_hook) {
  pmu::models::RiscvCsrConfig mc;
  mc.ame = true;
  mc.standard = false;
  mc.serve_irq_csrs = false;
  pmu::models::RiscvCsrModel model(mc);
  harness::map_csr(&model);
  // The fixed part of one emulation trap (entry/exit assembly and the
  // bookkeeping outside the accounted handler body), from one emulated csrr
  // (which itself retires nothing: the handler skips it).
  const uint64_t inside0 = harness::emulation_time();
  const uint32_t total = bench::count([] {
    uintptr_t v;
    __asm__ volatile("csrr %0, 0xBE0" : "=r"(v));
  });
  const uint32_t fixed = total - static_cast<uint32_t>(harness::emulation_time() - inside0);

  ame::AmeCounters c(ame::AmeConfig{true, 0xFFFFFFFDu});
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  CHECK_OK(c.on_overflow(3, {on_ame_overflow, nullptr}));
  __asm__ volatile("csrw 0xBC3, %0" : : "r"(uint64_t{1} << 63));  // OF on counter 3
  const uint32_t overhead = bench::count([] {});
  const uint64_t in0 = harness::emulation_time();
  const uint32_t tr0 = harness::emulation_traps();
  const uint32_t t0 = bench::instret();
  const uint32_t vec = c.handle_overflow_irq().value_or(0);
  const uint32_t traps = g_traps_at_callback - tr0;
  const uint32_t inside = static_cast<uint32_t>(g_inside_at_callback - in0);
  const uint32_t native = g_at_callback - t0 - overhead - inside - traps * fixed + traps;
  bench::report("ame.hook_entry_to_callback", "instructions", native);
  bench::report("ame.hook_entry_to_callback", "emulated_csr_accesses", traps);
  CHECK_EQ(vec, 1u << 3);
}
#endif
