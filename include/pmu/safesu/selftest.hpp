// SPDX-License-Identifier: Apache-2.0
// SafeSU self-test for validation images: drives the unit with its own
// self-test input modes (CFG0[31:30]) and checks counters, overflow, MCCU and
// RDC on the unit at hand. It prints nothing; it fills a report.
//
// Destructive: counters end at 0 and the RDC watermarks are reset. CFG0,
// CFG1 (without its pulse bits), the overflow mask, weight register 0 and
// the budget limit of core 0 are restored to what they were. Run it with no
// one else using the unit; it takes roughly 150 bus accesses.
#pragma once

#include <stdint.h>

#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

// How 'observed' is compared with 'expected'.
enum class Relation : uint8_t {
  kEq,  // observed == expected
  kNe,  // observed != expected (e.g. "counted something": expected 0)
  kLt,  // observed < expected
};

struct Check {
  const char* name;
  Relation rel;
  uint32_t expected;
  uint32_t observed;
  bool pass;
};

constexpr unsigned kMaxSelftestChecks = 24;

struct SelftestReport {
  Check checks[kMaxSelftestChecks];
  uint8_t count;
  uint8_t failed;
  constexpr bool all_pass() const { return count > 0 && failed == 0; }
};

// kOk: every check passed; kFailed: at least one failed (see the report);
// kBadArg: report is null (nothing touched).
Status run_selftest(SafeSU& su, SelftestReport* report);

}  // namespace pmu::safesu
