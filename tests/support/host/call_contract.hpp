// SPDX-License-Identifier: Apache-2.0
// The contract the random-sequence tests check on every call: a call the
// documented checks refuse answers the status they name and makes no
// access ("bad input touches no register").
#pragma once

#include <gtest/gtest.h>

#include <stddef.h>

#include <string>
#include <vector>

#include "pmu/status.hpp"
#include "pmu_sim/host_bus.hpp"

namespace pmu::test {

/// The status an argument check predicts: kOk if the arguments are valid,
/// else kBadArg.
constexpr Status bad_unless(bool valid) { return valid ? Status::kOk : Status::kBadArg; }

/// A call that needs storage (callbacks, totals) answers kUnavailable
/// without it, once its arguments pass: every driver checks them first.
constexpr Status needs(bool attached, Status args) {
  return args != Status::kOk ? args : attached ? Status::kOk : Status::kUnavailable;
}

/// Up to 12 accesses of 'log' from 'from', one a line (for a failure message).
inline std::string accesses_since(const std::vector<pmu_sim::Access>& log, size_t from) {
  std::string out;
  for (size_t k = from; k < log.size() && k < from + 12; ++k) out += "    " + to_string(log[k]) + "\n";
  return out;
}

/// A refused call answered 'predicted' and made no access after 'before'.
inline void expect_refused_untouched(Status predicted, Status answered, const std::vector<pmu_sim::Access>& log,
                                     size_t before, const std::string& where) {
  EXPECT_STREQ(to_string(answered), to_string(predicted)) << where << " is refused by the documented checks";
  EXPECT_EQ(log.size(), before) << where << " answered " << to_string(answered) << " but touched:\n"
                                << accesses_since(log, before);
}

}  // namespace pmu::test
