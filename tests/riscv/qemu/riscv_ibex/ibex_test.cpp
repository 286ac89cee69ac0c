// SPDX-License-Identifier: Apache-2.0
// The Ibex profile on qemu-virt-rv32.
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu_sim/riscv_csr_model.hpp"

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

void spin(unsigned n) {
  for (volatile unsigned i = 0; i < n; i = i + 1) {
  }
}
}  // namespace

// QEMU's own mcycle/minstret: with -icount shift=0 both count instructions.
TEST_CASE(riscv_ibex, mcycle_minstret_count_for_real) {
  ibex::IbexCounters c(ibex::Config{0, 40});
  CHECK_OK(c.init());
  CHECK_OK(c.start(0x5));
  const uint64_t c0 = c.read(kCounterCycle).value();
  const uint64_t i0 = c.read(kCounterInstret).value();
  spin(1000);
  const uint64_t c1 = c.read(kCounterCycle).value();
  const uint64_t i1 = c.read(kCounterInstret).value();
  CHECK(c1 - c0 >= 1000);
  CHECK(i1 - i0 >= 1000);
  CHECK(c1 - c0 < 100000);
  CHECK(i1 - i0 < 100000);
  harness::printf("  mcycle delta %llu, minstret delta %llu for 1000 iterations\n",
                  (unsigned long long)(c1 - c0), (unsigned long long)(i1 - i0));
}

// The hpm counters must reach the stub. QEMU 7.2 with pmu-num=0 drops its own
// mhpmcounter3..31 (they trap), but keeps mhpmevent3..31 as plain storage, so
// Ibex's hard-wired one-hot mhpmevent (discover()) is tested on the host only.
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
  ibex::IbexCounters c(ibex::Config{10, 40});
  CHECK_OK(c.init());
  CHECK_OK(c.write(5, 0xFFFFFFFF00ull));
  CHECK_OK(c.start(0x20));
  spin(200);
  const uint64_t v = c.read_event(ibex::Event::kNumLoads).value();
  CHECK(v < 0x10000ull);  // wrapped at 2^40, high bits tied to 0
  CHECK_EQ(model.wraps(5), 1u);
  const uint64_t ext = c.read_extended(5).value();
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
