// SPDX-License-Identifier: Apache-2.0
// Host bench: exact register-access counts per driver call, counted by the
// behavioural models through the seam. Each unit's bench file registers its
// figures with PMU_BENCH; this main runs them in order.
#include "bench_host.hpp"

#include <cstdio>

namespace pmu::bench {

std::vector<Entry>& registry() {
  static std::vector<Entry> entries;
  return entries;
}

void report(const char* what, const pmu_sim::Backend& bus) {
  size_t reads = 0, writes = 0, csr = 0;
  for (const auto& a : bus.log) {
    if (a.kind == pmu_sim::Access::kRead) ++reads;
    else if (a.kind == pmu_sim::Access::kWrite) ++writes;
    else ++csr;
  }
  if (csr != 0)
    std::printf("bench %s csr_accesses=%zu\n", what, csr);
  else
    std::printf("bench %s mmio_reads=%zu mmio_writes=%zu\n", what, reads, writes);
}

}  // namespace pmu::bench

int main() {
  for (const auto& e : pmu::bench::registry()) e.fn();
  return 0;
}
