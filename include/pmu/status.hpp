// SPDX-License-Identifier: Apache-2.0
// pmu::Status — the one result type every pmukit call returns.
//
// Contract (OpenTitan dif_result_t style):
//   kOk           the call did what it says.
//   kBadArg       an argument was out of range; NO register was touched.
//   kUnavailable  the unit or feature is absent on this build/board (e.g. FT
//                 hooks without FT, a probe that found nothing); a retry is
//                 side-effect free.
//   kNotFound     a discovery scan completed and did not find the unit.
//   kMismatch     the hardware answered, but not what the layout expects
//                 (e.g. a probe register with the wrong value).
//   kFailed       a self-test or verification step observed a wrong value.
#pragma once

#include <stdint.h>

namespace pmu {

enum class [[nodiscard]] Status : uint8_t {
  kOk = 0,
  kBadArg = 1,
  kUnavailable = 2,
  kNotFound = 3,
  kMismatch = 4,
  kFailed = 5,
};

constexpr bool ok(Status s) { return s == Status::kOk; }

constexpr const char* to_string(Status s) {
  switch (s) {
    case Status::kOk: return "ok";
    case Status::kBadArg: return "bad-arg";
    case Status::kUnavailable: return "unavailable";
    case Status::kNotFound: return "not-found";
    case Status::kMismatch: return "mismatch";
    case Status::kFailed: return "failed";
  }
  return "unknown";
}

// A value or a status: what a call that reads something returns.
template <typename T>
class [[nodiscard]] Result {
 public:
  constexpr Result(T value) : value_(value), status_(Status::kOk) {}  // NOLINT
  constexpr Result(Status status) : value_(), status_(status) {}     // NOLINT
  constexpr bool ok() const { return status_ == Status::kOk; }
  constexpr Status status() const { return status_; }
  constexpr T value() const { return value_; }
  constexpr T value_or(T fallback) const { return ok() ? value_ : fallback; }

 private:
  T value_;
  Status status_;
};

}  // namespace pmu
