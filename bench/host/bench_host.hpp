// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <vector>

#include "pmu_sim/host_bus.hpp"

namespace pmu::bench {

struct Entry {
  void (*fn)();
};
std::vector<Entry>& registry();

// Prints "bench <what> mmio_reads=R mmio_writes=W" (or csr_accesses=N) from
// the access log of the backend the call ran against.
void report(const char* what, const pmu_sim::Backend& bus);

struct Register {
  explicit Register(void (*fn)()) { registry().push_back({fn}); }
};

}  // namespace pmu::bench

#define PMU_BENCH_CAT2(a, b) a##b
#define PMU_BENCH_CAT(a, b) PMU_BENCH_CAT2(a, b)
#define PMU_BENCH(name)                                                            \
  static void PMU_BENCH_CAT(bench_fn_, name)();                                    \
  static ::pmu::bench::Register PMU_BENCH_CAT(bench_reg_, name)(&PMU_BENCH_CAT(bench_fn_, name)); \
  static void PMU_BENCH_CAT(bench_fn_, name)()
