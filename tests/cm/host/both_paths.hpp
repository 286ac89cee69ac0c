// SPDX-License-Identifier: Apache-2.0
// The CM tests run every case on both paths of the driver: the run-time GCR
// base (Perf) and the build-time one (FixedPerf), at the same base.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "pmu/cm/perf.hpp"

namespace cm_test {

template <uintptr_t kGcr>
struct BothPaths {
  using Fixed = pmu::cm::FixedPerf<kGcr>;
  using Types = ::testing::Types<pmu::cm::Perf, Fixed>;
  // The unit of path T at kGcr.
  template <typename T>
  static T make() {
    if constexpr (pmu::util::is_same<T, pmu::cm::Perf>::value) {
      return pmu::cm::Perf(kGcr);
    } else {
      return Fixed();
    }
  }
};

// Test names say the path: CmPerfSeq/Runtime.*, CmPerfSeq/Fixed.*.
struct PathNames {
  template <typename T>
  static std::string GetName(int) {
    return pmu::util::is_same<T, pmu::cm::Perf>::value ? "Runtime" : "Fixed";
  }
};

}  // namespace cm_test
