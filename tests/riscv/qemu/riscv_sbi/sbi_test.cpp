// SPDX-License-Identifier: Apache-2.0
// The counter suite in S-mode under OpenSBI (QEMU 7.2's bundled v1.1,
// -cpu rv64,sscofpmf=true, -icount shift=0). Everything machine-only goes
// through the SBI PMU extension; an access to a machine CSR would trap
// (OpenSBI redirects the illegal instruction to S-mode) and end the image,
// so every case here also proves the driver never touches one.
#include "board_config.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/riscv/sbi_counters.hpp"
#include "virt_irq.hpp"
#include "../common/counter_suite.hpp"

namespace {
using namespace pmu::riscv;
constexpr uint32_t kHpm3 = 1u << 3;

CounterConfig sbi_cfg() {
  CounterConfig c;
  c.counters = 0x5 | kHpm3 | (1u << 4);
  c.sscofpmf = true;
  return c;
}

using riscv_suite::spin;
using Ctx = riscv_suite::LcofiCtx<SbiCounters>;
constexpr auto on_lcofi = riscv_suite::on_lcofi<SbiCounters>;
constexpr auto on_counter = riscv_suite::on_counter<SbiCounters>;
}  // namespace

TEST_CASE(riscv, sbi_pmu_extension_and_hardware_counters_are_discovered) {
  const pmu::hal::SbiRet n = sbi_pmu::num_counters();
  CHECK_EQ(n.error, 0);
  harness::printf("  SBI PMU: %u counters\n", static_cast<unsigned>(n.value));
  CHECK(n.value >= 19u);  // cycle, time, instret, 16 hpm (pmu-num 16), then firmware
  SbiCounters all(CounterConfig{board::config::kCounters, true, true, OverflowSource::kScountovf});
  pmu::riscv::CounterTotals totals;
  all.track_totals(&totals);
  CHECK_EQ(sbi::discover(all).value(), board::config::kCounters);
  CHECK_EQ(all.width(3), 64u);
  CHECK_EQ(all.width(0), 64u);
  const pmu::Result<sbi_pmu::CounterInfo> time = SbiMap::info(1);
  CHECK(time.status() == pmu::Status::kMismatch);  // time is not a PMU counter: the SBI refuses it
}

TEST_CASE(riscv, cycle_and_instret_count_through_the_shadows) {
  SbiCounters c(sbi_cfg());
  CHECK_OK(c.init());
  CHECK_OK(c.start(0x5));
  riscv_suite::check_cycle_and_instret_count(c);
  CHECK_OK(c.stop(0x5));
}

TEST_CASE(riscv, hpm_counts_instructions_configured_through_sbi) {
  SbiCounters c(sbi_cfg());
  CHECK_OK(c.init());
  CHECK_OK(c.program_event(3, sbi_pmu::kHwInstructions));
  CHECK_OK(c.write(3, 0));
  CHECK_OK(c.start(kHpm3));
  const uint64_t a = c.read(3).value();
  spin(1000);
  const uint64_t b = c.read(3).value();
  CHECK(b - a >= 1000);
  CHECK(b - a < 100000);
  CHECK_OK(c.stop(kHpm3));
  // QEMU 7.2 gives OpenSBI 1.1 no raw-event map: the raw selector is refused.
  CHECK(c.program(4, make_hpm_event(2).value()) == pmu::Status::kUnavailable);
}

TEST_CASE(riscv, write_to_a_stopped_counter_leaves_it_stopped) {
  SbiCounters c(sbi_cfg());
  CHECK_OK(c.init());
  CHECK_OK(c.program_event(3, sbi_pmu::kHwInstructions));
  CHECK_OK(c.write(3, 0x1000));
  // Still stopped: SBI answers a second stop with ALREADY_STOPPED.
  CHECK_EQ(sbi_pmu::counter_stop(3, 1, 0).error, pmu::hal::kSbiErrAlreadyStopped);
  CHECK_OK(c.start(kHpm3));
  spin(100);
  CHECK(c.read(3).value() > 0x1000u);
  CHECK_OK(c.stop(kHpm3));
}

TEST_CASE(riscv, overflow_raises_a_real_supervisor_lcofi_and_the_hook_re_arms) {
  SbiCounters c(sbi_cfg());
  CounterCallbacks cbs;
  CounterTotals totals;
  c.attach_callbacks(&cbs);
  c.track_totals(&totals);
  Ctx ctx{&c, 0, 0};
  CHECK_OK(c.init());
  CHECK_OK(c.program_event(3, sbi_pmu::kHwInstructions));
  CHECK_OK(c.on_overflow(3, {on_counter, &ctx}));
  (void)pmu::hal::csr_clear<csr::kSip>(csr::kLcofiMask);
  CHECK(board::irq_attach(board::virt::kLcofiLine, on_lcofi, &ctx));
  CHECK_OK(c.enable_overflow_irq());
  // QEMU 7.2 arms its overflow timer when the counter is written and drops
  // the overflow if the counter is stopped when the timer fires: preload far
  // enough below 2^64 that the start (an SBI call) comes first.
  CHECK_OK(c.write(3, static_cast<uint64_t>(-20000)));
  CHECK_OK(c.reset_total(3));
  board::irq_global_enable();
  CHECK_OK(c.start(kHpm3));
  for (volatile int i = 0; i < 40000 && ctx.callbacks == 0; i = i + 1) {
  }
  CHECK_EQ(ctx.callbacks, 1u);
  CHECK_EQ(ctx.handled, kHpm3);
  CHECK_EQ(c.overflow_vector().value(), 0u);  // OF cleared by counter_start: armed again
  // Second overflow: interrupts again because the hook re-armed it.
  CHECK_OK(c.write(3, static_cast<uint64_t>(-5000)));  // running: stop, start with the value
  for (volatile int i = 0; i < 40000 && ctx.callbacks == 1; i = i + 1) {
  }
  board::irq_global_disable();
  CHECK_EQ(ctx.callbacks, 2u);
  CHECK_OK(c.stop(kHpm3));
  // The total: 20000 to the first wrap, 5000 more to the second, plus what
  // counted after each (the hook's fold keeps it exact; 64-bit counters).
  const uint64_t total = c.read64(3).value();
  harness::printf("  total after two overflows: %llu\n", static_cast<unsigned long long>(total));
  CHECK(total >= 25000u && total < 100000u);
  board::irq_detach(board::virt::kLcofiLine);
  CHECK_EQ(pmu::hal::csr_read<csr::kSip>() & csr::kLcofiMask, 0u);
}
