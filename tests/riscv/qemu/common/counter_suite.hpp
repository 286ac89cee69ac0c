// SPDX-License-Identifier: Apache-2.0
// What the RISC-V counter suites share (riscv_sscofpmf, riscv_sbi,
// riscv_ibex; each includes it as "../common/counter_suite.hpp"): a busy
// loop, the state an LCOFI handler and a counter callback leave for the test
// to poll, and the check that cycle and instret really count.
#pragma once

#include <stdint.h>

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

}  // namespace riscv_suite
