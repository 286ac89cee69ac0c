// SPDX-License-Identifier: Apache-2.0
// The status of whatever a driver call returns (a Status, or a Result<T>'s
// status), so a test can check calls of either kind the same way: the
// random-sequence tests' "refused calls touch nothing".
#pragma once

#include "pmu/status.hpp"

namespace pmu::test {

inline Status status_of(Status s) { return s; }
template <typename T>
Status status_of(const Result<T>& r) {
  return r.status();
}

}  // namespace pmu::test
