// SPDX-License-Identifier: Apache-2.0
// Standard counters and a real LCOFI on qemu-virt-rv64. QEMU 7.2 quirks this
// avoids (docs/hw/riscv-counters.md §2): scountovf is masked by mcounteren even in
// M-mode (the driver reads per-counter OF bits instead), an inhibited counter
// reads its last written value and counts the inhibited time (no frozen-value
// assertions), events bind first-come (init zeroes every selector).
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/riscv/counters.hpp"
#include "virt_irq.hpp"
#include "../common/counter_suite.hpp"

namespace {
using namespace pmu::riscv;

constexpr uint64_t kQemuInstructions = 2;  // QEMU's SBI encoding for instret
constexpr uint32_t kHpm3 = 1u << 3;

CounterConfig qemu_cfg() {
  CounterConfig c;
  c.counters = 0x5 | kHpm3 | (1u << 4);
  c.sscofpmf = true;
  c.overflow_source = OverflowSource::kEventOf;
  return c;
}

using Ctx = riscv_suite::LcofiCtx<Counters>;
constexpr auto on_lcofi = riscv_suite::on_lcofi<Counters>;
constexpr auto on_counter = riscv_suite::on_counter<Counters>;

// The same hart as a build-time file: its callbacks and totals fixed.
constexpr CounterConfig kFixedCfg{0x5 | kHpm3, true, true, OverflowSource::kEventOf};
CounterCallbacks g_fixed_cbs;
CounterTotals g_fixed_totals;
using Fixed = FixedCounters<kFixedCfg, pmu::StaticStorage<CounterCallbacks, g_fixed_cbs>,
                            pmu::StaticStorage<CounterTotals, g_fixed_totals>>;
Fixed g_fixed;
}  // namespace

// A run-time index reaches its own CSR (the stub tables of csr_bank.hpp).
TEST_CASE(riscv_sscofpmf, csr_bank_reaches_each_selector_by_index) { riscv_suite::check_event_bank(); }

TEST_CASE(riscv_sscofpmf, hpm_counts_instructions) {
  Counters c(qemu_cfg());
  CHECK_OK(c.init());
  CHECK_OK(c.program(3, make_hpm_event(kQemuInstructions).value()));
  CHECK_OK(c.write(3, 0));
  CHECK_OK(c.start(kHpm3));
  const uint64_t a = c.read(3).value();
  for (volatile int i = 0; i < 1000; i = i + 1) {
  }
  const uint64_t b = c.read(3).value();
  CHECK(b - a >= 1000);
  CHECK(b - a < 100000);
  CHECK_OK(c.stop(kHpm3));
}

TEST_CASE(riscv_sscofpmf, overflow_raises_a_real_lcofi_and_the_hook_re_arms) {
  Counters c(qemu_cfg());
  Ctx ctx{&c, 0, 0};
  CHECK_OK(c.init());
  CHECK_OK(c.program(3, make_hpm_event(kQemuInstructions).value()));  // OF = 0: armed
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  CHECK_OK(c.on_overflow(3, {on_counter, &ctx}));
  (void)pmu::hal::csr_clear<csr::kMip>(csr::kLcofiMask);  // stale LCOFIP
  CHECK(board::irq_attach(board::virt::kLcofiLine, on_lcofi, &ctx));
  CHECK_OK(c.enable_overflow_irq());
  CHECK_OK(c.write(3, static_cast<uint64_t>(-1000)));
  board::irq_global_enable();
  CHECK_OK(c.start(kHpm3));
  for (volatile int i = 0; i < 2000 && ctx.callbacks == 0; i = i + 1) {
  }
  CHECK_EQ(ctx.callbacks, 1u);
  CHECK_EQ(ctx.handled, kHpm3);
  CHECK(!c.event(3).value().test(mhpmevent::kOf));  // re-armed
  // Second overflow: interrupts again because OF was cleared.
  CHECK_OK(c.write(3, static_cast<uint64_t>(-500)));
  for (volatile int i = 0; i < 2000 && ctx.callbacks == 1; i = i + 1) {
  }
  board::irq_global_disable();
  CHECK_EQ(ctx.callbacks, 2u);
  CHECK_OK(c.stop(kHpm3));
  board::irq_detach(board::virt::kLcofiLine);
  CHECK_EQ(pmu::hal::csr_read<csr::kMip>() & csr::kLcofiMask, 0u);
}

// A build-time file takes the same real LCOFI: its hook (inlined, every
// configuration test folded) calls back, folds the static total and
// re-arms; the total counts the events across both overflows.
TEST_CASE(riscv_sscofpmf, build_time_file_takes_a_real_lcofi_and_keeps_its_total) {
  riscv_suite::LcofiCtx<Fixed> ctx{&g_fixed, 0, 0};
  CHECK_OK(g_fixed.init());
  CHECK_OK(g_fixed.program(3, make_hpm_event(kQemuInstructions).value()));
  CHECK_OK(g_fixed.on_overflow(3, {riscv_suite::on_counter<Fixed>, &ctx}));
  (void)pmu::hal::csr_clear<csr::kMip>(csr::kLcofiMask);  // stale LCOFIP
  CHECK(board::irq_attach(board::virt::kLcofiLine, riscv_suite::on_lcofi<Fixed>, &ctx));
  CHECK_OK(g_fixed.enable_overflow_irq());
  CHECK_OK(g_fixed.write(3, static_cast<uint64_t>(-1000)));
  CHECK_OK(g_fixed.reset_total(3));
  board::irq_global_enable();
  CHECK_OK(g_fixed.start(kHpm3));
  for (volatile int i = 0; i < 2000 && ctx.callbacks == 0; i = i + 1) {
  }
  CHECK_EQ(ctx.callbacks, 1u);
  CHECK_EQ(ctx.handled, kHpm3);
  CHECK(!g_fixed.event(3).value().test(mhpmevent::kOf));  // re-armed
  for (volatile int i = 0; i < 2000 && ctx.callbacks == 1; i = i + 1) {
  }
  board::irq_global_disable();
  // One overflow: 1000 events to it, the rest after; a 64-bit counter, so
  // the total is the counter's distance from the preload. Read while it
  // runs (QEMU 7.2: a stopped counter reads its last written value).
  const uint64_t before = g_fixed.read64(3).value();
  const uint64_t raw = g_fixed.read(3).value();
  const uint64_t after = g_fixed.read64(3).value();
  CHECK_OK(g_fixed.stop(kHpm3));
  CHECK(before <= raw + 1000 && raw + 1000 <= after);
  CHECK(before > 1000 && after < 100000);
  board::irq_detach(board::virt::kLcofiLine);
  CHECK_EQ(ctx.callbacks, 1u);
}

TEST_CASE(riscv_sscofpmf, width_probe_finds_64_bits) {
  Counters c(qemu_cfg());
  CHECK_OK(c.init());
  CHECK_EQ(c.probe_width(3).value(), 64u);
  CHECK_EQ(c.probe_width(0).value(), 64u);
}
