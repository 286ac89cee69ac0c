// SPDX-License-Identifier: Apache-2.0
// make bench, host part: one "bench <operation> mmio_reads=R mmio_writes=W"
// line per operation (the accesses the models counted), after checking that
// pmukit's paths and the baseline made the same accesses. A divergence
// prints the access lists and fails make bench. Also one "feature safesu
// <reference function> <pmukit call>" line per reference feature, for the
// size figures and the docs.
#include <stddef.h>
#include <stdint.h>

#include <cstdio>

#include "../size/safesu_features.hpp"
#include "../common/baseline.h"
#include "access.hpp"
#include "pmu/util/bits.hpp"

int main() {
  int failed = 0;
  // The baselines' narrow ctz is pmukit's (the RDC hooks compare like with like).
  for (unsigned k = 0; k < pmu::util::kCtz20Bits; ++k) {
    if (bl_ctz20(1u << k) != k || pmu::util::ctz20(1u << k) != k) {
      std::printf("bench: FAIL bl_ctz20(1 << %u) = %u, pmu::util::ctz20 = %u\n", k, bl_ctz20(1u << k),
                  pmu::util::ctz20(1u << k));
      ++failed;
    }
  }
  for (const auto& r : bench::run_all()) {
    const std::string d = r.divergence();
    if (!d.empty()) {
      std::printf("bench: FAIL %s: pmukit and the baseline differ\n%s", r.name.c_str(), d.c_str());
      ++failed;
      continue;
    }
    std::printf("bench %s %s\n", r.name.c_str(), bench::format_counts(bench::count_accesses(r.baseline.accesses)).c_str());
  }
#define BENCH_PRINT_FEATURE(ref, member, params, args) std::printf("feature safesu %s %s\n", #ref, #member);
  BENCH_SAFESU_REFERENCE_FEATURES(BENCH_PRINT_FEATURE)
  return failed == 0 ? 0 : 1;
}
