// SPDX-License-Identifier: Apache-2.0
// SafeSU self-test for validation images: drives the unit with its own
// self-test input modes (CFG0[31:30]) and checks counters, overflow, MCCU and
// RDC on the unit at hand. It prints nothing; it fills a report.
//
// Destructive: counters end at 0 and the RDC watermarks are reset. CFG0,
// CFG1 (without its never-write-back bits), the overflow mask, weight
// register 0 and the budget limit of core 0 are restored to what they were.
// Run it with no one else using the unit. It makes 211 bus accesses (174 on
// old 4-core RTL, whose RDC it skips); tests/safesu/host/safesu_selftest_test.cpp
// pins both counts. It passes at every bus gap (idle cycles between
// accesses), 0 included.
#pragma once

#include <stdint.h>

#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

/// How 'observed' is compared with 'expected'.
enum class Relation : uint8_t {
  kEq,  ///< observed == expected
  kNe,  ///< observed != expected (e.g. "counted something": expected 0)
  kLt,  ///< observed < expected
};

/// One check of the self-test.
struct Check {
  const char* name;   ///< what was checked
  Relation rel;       ///< how observed compares with expected
  uint32_t expected;  ///< the expected value
  uint32_t observed;  ///< what the unit gave
  bool pass;          ///< the relation holds
};

/// Room for the checks of one run.
constexpr unsigned kMaxSelftestChecks = 24;

/// The checks of one run.
struct SelftestReport {
  Check checks[kMaxSelftestChecks];  ///< in the order they ran
  uint8_t count;                     ///< checks made
  uint8_t failed;                    ///< checks that failed
  /// At least one check, and none failed.
  constexpr bool all_pass() const { return count > 0 && failed == 0; }
};

/// Run the self-test. kOk: every check passed; kFailed: at least one failed
/// (see the report); kBadArg: report is null or the unit unusable (nothing
/// touched).
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status run_selftest(BasicSafeSU<Place, CallbackStorage, TotalsStorage>& su, SelftestReport* report);

/// run_selftest() for the run-time placed SafeSU, compiled once in the library.
extern template Status run_selftest<RuntimePlace>(SafeSU& su, SelftestReport* report);

}  // namespace pmu::safesu

#include "pmu/safesu/impl/selftest.hpp"
