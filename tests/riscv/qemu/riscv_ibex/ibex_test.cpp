// SPDX-License-Identifier: Apache-2.0
// The Ibex profile on qemu-virt-rv32.
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "../common/counter_suite.hpp"

namespace {
using namespace pmu::riscv;

pmu::models::RiscvCsrConfig ibex_cfg() {
  pmu::models::RiscvCsrConfig c;
  c.xlen = 32;
  c.ibex = true;
  c.num_hpm = 10;
  c.width = 40;
  c.serve_irq_csrs = false;
  return c;
}

using riscv_suite::spin;

// mhpmevent3..31 are QEMU's own storage (they never trap): write there the
// hard-wired one-hot values an Ibex with 'num' counters has (the RTL's), so
// probe_core() and init() find that core.
void wire_selectors(unsigned num) {
  for (unsigned i = 3; i <= 12; ++i)
    CsrBank<csr::kMhpmeventBase>::write(i, i < 3 + num ? pmu::hal::csr_word{1} << (i - 3) : 0);
}
}  // namespace

// QEMU's own mcycle/minstret: with -icount shift=0 both count instructions.
// A run-time index reaches its own CSR (the stub tables of csr_bank.hpp).
TEST_CASE(riscv_ibex, csr_bank_reaches_each_selector_by_index) { riscv_suite::check_event_bank(); }

TEST_CASE(riscv_ibex, mcycle_minstret_count_for_real) {
  wire_selectors(0);  // (the selector bank case above leaves values in QEMU's mhpmevents)
  ibex::IbexCounters c(ibex::Config{0, 40});
  CHECK_OK(ibex::init(c, ibex::Config{0, 40}));
  CHECK_OK(c.start(0x5));
  riscv_suite::check_cycle_and_instret_count(c);
}

// The hpm counters must reach the stub. QEMU 7.2 with pmu-num=0 drops its own
// mhpmcounter3..31 (they trap), but keeps mhpmevent3..31 as plain storage:
// the cases that discover or init write Ibex's one-hot values there first.
TEST_CASE(riscv_ibex, hpm_counters_reach_the_stub) {
  pmu::models::RiscvCsrModel model(ibex_cfg());
  harness::map_csr(&model);
  const uint32_t t0 = harness::csr_traps();
  ibex::IbexCounters c(ibex::Config{10, 40});
  for (unsigned i = 3; i <= 12; ++i) CHECK(c.read(i).ok());
  // hi, lo, hi per 64-bit read on RV32, all emulated.
  CHECK_EQ(harness::csr_traps() - t0, 30u);
  harness::unmap_csr();
}

TEST_CASE(riscv_ibex, hpm_counter_counts_its_fixed_event_and_wraps_at_40_bits) {
  pmu::models::RiscvCsrModel model(ibex_cfg());
  model.set_event_rate(5, 1);  // NumLoads, one per guest cycle
  harness::map_csr(&model);
  const ibex::Config cfg{10, 40};
  wire_selectors(10);
  ibex::IbexCounters c(cfg);
  pmu::riscv::CounterTotals totals;
  c.track_totals(&totals);
  CHECK_OK(ibex::init(c, cfg));
  CHECK_OK(c.write(5, 0xFFFFFFFF00ull));
  CHECK_OK(c.start(0x20));
  spin(200);
  const uint64_t v = ibex::read_event(c, cfg, ibex::Event::kNumLoads).value();
  CHECK(v < 0x10000ull);  // wrapped at 2^40, high bits tied to 0
  CHECK_EQ(model.wraps(5), 1u);
  const uint64_t ext = c.read64(5).value();
  CHECK(ext > 0x100u);
  harness::unmap_csr();
}

TEST_CASE(riscv_ibex, unimplemented_counters_read_zero_without_trapping_out) {
  pmu::models::RiscvCsrConfig cfg = ibex_cfg();
  cfg.num_hpm = 2;
  pmu::models::RiscvCsrModel model(cfg);
  harness::map_csr(&model);
  uintptr_t v = 1;
  __asm__ volatile("csrw 0xB0C, %0" : : "r"(uintptr_t{0x55}));  // dropped, no exception
  __asm__ volatile("csrr %0, 0xB0C" : "=r"(v));  // mhpmcounter12: not built, reads 0
  CHECK_EQ(v, uintptr_t{0});
  ibex::IbexCounters c(ibex::Config{2, 40});
  CHECK(c.read(12).status() == pmu::Status::kBadArg);
  CHECK(c.read(4).ok());
  harness::unmap_csr();
}

// ---- the three Ibex builds on one QEMU image ---------------------------------
// The Ibex-mode model serves mhpmcounter3..12 (QEMU 7.2 with pmu-num=0 traps
// them); mhpmevent3..31 stay QEMU's own storage, so the case writes the
// build's hard-wired one-hot values there first (wire_selectors). Then
// the image does what every ibex-simple-system image does at start-up: ask
// the core (probe_core), build the file from what it found, count.
namespace {
void run_build(unsigned num, unsigned width) {
  wire_selectors(num);
  pmu::models::RiscvCsrConfig mc = ibex_cfg();
  mc.num_hpm = num;
  mc.width = width;
  pmu::models::RiscvCsrModel model(mc);
  model.set_event_rate(static_cast<unsigned>(ibex::Event::kNumLoads), 1);
  harness::map_csr(&model);
  const ibex::Found found = ibex::probe_core();
  CHECK_EQ(found.mhpm_counter_num(), num);
  CHECK_EQ(found.width, num == 0 ? 0u : width);
  const ibex::Config cfg = found.config();
  ibex::IbexCounters c(cfg);
  pmu::riscv::CounterTotals totals;
  c.track_totals(&totals);
  CHECK_OK(ibex::init(c, cfg));
  const pmu::Result<unsigned> loads = ibex::counter_for_event(static_cast<unsigned>(ibex::Event::kNumLoads), cfg);
  if (num == 0) {
    // Absent: refused, never a zero.
    CHECK(loads.status() == pmu::Status::kUnavailable);
    CHECK(ibex::read_event(c, cfg, ibex::Event::kNumLoads).status() == pmu::Status::kUnavailable);
    CHECK(c.read64(5).status() == pmu::Status::kBadArg);
  } else {
    // mcountinhibit is QEMU's own CSR, so the model's counters never stop:
    // preload 5000 counts below the wrap of this width and let it pass.
    const uint64_t top = (uint64_t{1} << width) - 1;
    harness::model_barrier();
    const uint64_t wraps0 = model.wraps(5);
    CHECK_OK(c.write(5, top - 4999));
    CHECK_OK(c.reset_total(5));
    spin(2000);
    const uint64_t total = c.read64(5).value();
    harness::model_barrier();
    const uint64_t truth = ((model.wraps(5) - wraps0) << width) + model.counter(5) - (top - 4999);
    CHECK_EQ(model.wraps(5) - wraps0, 1u);
    CHECK(total > 5000u && total < 100000u);
    // The model's truth starts at the write, the total at reset_total's read
    // a few emulated accesses later: exact up to those cycles, never more.
    // Each access's trap entry and exit are guest time (the runtime takes
    // out only the hook's own time), about 90 cycles each: ~500 here. A lost
    // or doubled wrap would be 2^width off.
    CHECK(truth >= total && truth - total < 1000u);
  }
  CHECK_OK(c.start(0x5));
  CHECK(c.read64(kCounterCycle).value() > 0u);
  harness::unmap_csr();
}
}  // namespace

TEST_CASE(riscv_ibex, stock_simple_system_build_without_hpm_counters) { run_build(0, 40); }
TEST_CASE(riscv_ibex, opentitan_build_of_ten_32_bit_counters) { run_build(10, 32); }
TEST_CASE(riscv_ibex, full_build_of_ten_40_bit_counters) { run_build(10, 40); }
