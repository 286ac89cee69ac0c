// SPDX-License-Identifier: Apache-2.0
// make bench, host part: one "bench <operation> mmio_reads=R mmio_writes=W"
// line per operation (the accesses the models counted), after checking that
// pmukit's paths and the baseline made the same accesses. A divergence
// prints the access lists and fails make bench.
#include <cstdio>

#include "access.hpp"

int main() {
  int failed = 0;
  for (const auto& r : bench::run_all()) {
    const std::string d = r.divergence();
    if (!d.empty()) {
      std::printf("bench: FAIL %s: pmukit and the baseline differ\n%s", r.name.c_str(), d.c_str());
      ++failed;
      continue;
    }
    std::printf("bench %s %s\n", r.name.c_str(), bench::format_counts(bench::count_accesses(r.baseline.accesses)).c_str());
  }
  return failed == 0 ? 0 : 1;
}
