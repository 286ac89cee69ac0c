// SPDX-License-Identifier: Apache-2.0
// What the RISC-V counter suites share (riscv_sscofpmf, riscv_sbi,
// riscv_ibex; each includes it as "../common/counter_suite.hpp"): a busy
// loop, the state an LCOFI handler and a counter callback leave for the test
// to poll, the check that cycle and instret really count, and the check
// that a CsrBank's stub tables reach each CSR of the bank by its index.
#pragma once

#include <stdint.h>

#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/csr_numbers.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

namespace riscv_suite {

inline void spin(unsigned n) {
  for (volatile unsigned i = 0; i < n; i = i + 1) {
  }
}

// Written by the interrupt handler, polled by the test.
template <class File>
struct LcofiCtx {
  File* counters;
  volatile uint32_t handled;
  volatile unsigned callbacks;
};
// The LCOFI line's handler: the file's hook; the masks it served accumulate.
template <class File>
void on_lcofi(void* ctx) {
  auto* c = static_cast<LcofiCtx<File>*>(ctx);
  c->handled |= c->counters->handle_overflow_irq().value_or(0);
}
// A counter's overflow callback: counts its calls.
template <class File>
void on_counter(void* ctx, unsigned) {
  ++static_cast<LcofiCtx<File>*>(ctx)->callbacks;
}

// cycle and instret started in 'c': under -icount shift=0 both advance by at
// least the loop's 1000 iterations and by far less than 100 per iteration.
template <class File>
void check_cycle_and_instret_count(File& c) {
  const uint64_t c0 = c.read(pmu::riscv::kCounterCycle).value();
  const uint64_t i0 = c.read(pmu::riscv::kCounterInstret).value();
  spin(1000);
  const uint64_t c1 = c.read(pmu::riscv::kCounterCycle).value();
  const uint64_t i1 = c.read(pmu::riscv::kCounterInstret).value();
  CHECK(c1 - c0 >= 1000 && c1 - c0 < 100000);
  CHECK(i1 - i0 >= 1000 && i1 - i0 < 100000);
  harness::printf("  cycle delta %llu, instret delta %llu for 1000 iterations\n",
                  (unsigned long long)(c1 - c0), (unsigned long long)(i1 - i0));
}

// The mhpmevent bank through CsrBank, whose accesses on a target jump into
// a table of one-CSR stubs (csr_bank.hpp): every index 3..31 reaches its own
// CSR with each operation, an index is taken modulo 32, and clear_bit()'s
// table (in ctz's lookup order) reaches the CSR of the bit's counter. Each
// selector gets a value of its own, so a stub one off would show. Leaves
// every selector 0 (QEMU binds events first-come).
inline void check_event_bank() {
  using Bank = pmu::riscv::CsrBank<pmu::riscv::csr::kMhpmeventBase>;
  using pmu::hal::csr_word;
  for (unsigned i = 3; i < 32; ++i) Bank::write(i, csr_word{i} << 4);
  for (unsigned i = 3; i < 32; ++i) {
    CHECK_EQ(Bank::read(i), csr_word{i} << 4);
    CHECK_EQ(Bank::read(i + 32), csr_word{i} << 4);  // the index modulo 32
    CHECK_EQ(Bank::set(i, 0x5), csr_word{i} << 4);   // the old value, as csrrs
    CHECK_EQ(Bank::clear(i, 0x4), (csr_word{i} << 4) | 0x5);
    CHECK_EQ(Bank::clear_bit(1u << i, 0x1), (csr_word{i} << 4) | 0x1);
  }
  for (unsigned i = 3; i < 32; ++i) {
    CHECK_EQ(Bank::read(i), csr_word{i} << 4);
    Bank::write(i, 0);
  }
}

}  // namespace riscv_suite
