// SPDX-License-Identifier: Apache-2.0
// How the bench calls an operation, the same for every unit. Each unit's
// ops.hpp (bench/<unit>/ops.hpp, the one place the bench calls that unit's
// driver) offers every measured operation three times, as static member
// functions with the same name and parameters:
//   Baseline     the hand-written C (bench/<unit>/baseline.c), out of line in
//                its own translation unit;
//   CompileTime  pmukit's build-time object: layout and base (or the
//                counter configuration) as constants, and the baseline's
//                storage fixed at build time (pmu/storage.hpp: a static
//                callback table, static totals only for a tracked
//                operation); the driver's header-inline code compiled
//                into a function of the baseline's shape, as a user's
//                code gets it (noipa: the
//                compiler may not fold the call's arguments into it, nor
//                inline it into the measurement);
//   RunTime      pmukit's run-time-layout object: a direct call of the
//                library's out-of-line function (header-only units, the
//                RISC-V counter files: the file configured at run time,
//                its code compiled into a function of the baseline's shape).
// and lists its operations as X-macros (name, scenario, operation, args...),
// which bench/host (access lists, checked equal) and bench/target
// (instruction counts) expand. Ops::kCompileTime and Ops::kRunTime say
// whether each path is measured (a Path).
#pragma once

#include <stdint.h>

#include "../common/baseline.h"
#include "pmu/status.hpp"

// A forwarder that costs nothing: inlined into the measurement.
#define BENCH_FORWARD __attribute__((always_inline)) static inline
// The compile-time path's function: out of line, opaque to the caller.
// (clang has no noipa: under clang only the host bench builds, which
// compares accesses, not instructions.)
#if defined(__clang__)
#define BENCH_OUT_OF_LINE __attribute__((noinline)) static
#else
#define BENCH_OUT_OF_LINE __attribute__((noipa)) static
#endif

namespace bench {

// The baselines return what pmukit returns, byte for byte (so neither side
// pays for a shape the other does not have).
static_assert(sizeof(bl_u32) == sizeof(pmu::Result<uint32_t>) && alignof(bl_u32) == alignof(pmu::Result<uint32_t>));
static_assert(sizeof(bl_u64) == sizeof(pmu::Result<uint64_t>) && alignof(bl_u64) == alignof(pmu::Result<uint64_t>));
static_assert(__builtin_bit_cast(bl_u32, pmu::Result<uint32_t>(0x89ABCDEFu)).value == 0x89ABCDEFu &&
              __builtin_bit_cast(bl_u32, pmu::Result<uint32_t>(0x89ABCDEFu)).status == BL_OK &&
              __builtin_bit_cast(bl_u32, pmu::Result<uint32_t>(pmu::Status::kBadArg)).status == BL_BAD_ARG);
static_assert(__builtin_bit_cast(bl_u64, pmu::Result<uint64_t>(uint64_t{1} << 40)).value == uint64_t{1} << 40 &&
              __builtin_bit_cast(bl_u64, pmu::Result<uint64_t>(uint64_t{1} << 40)).status == BL_OK &&
              __builtin_bit_cast(bl_u64, pmu::Result<uint64_t>(pmu::Status::kMismatch)).status == BL_MISMATCH);

// Whether a unit's path is measured, or not yet there (docs/performance.md
// then says MISSED, not measured).
enum class Path { kMeasured, kNotYet };

// What a call returned (status, and the value if it returns one), so the
// host can check that the three implementations agree.
struct Outcome {
  unsigned status;
  uint64_t value;
  bool operator==(const Outcome& o) const { return status == o.status && value == o.value; }
};
inline Outcome outcome(pmu::Status s) { return {static_cast<unsigned>(s), 0}; }
inline Outcome outcome(uint8_t s) { return {s, 0}; }
template <typename T>
Outcome outcome(const pmu::Result<T>& r) {
  return {static_cast<unsigned>(r.status()), r.ok() ? static_cast<uint64_t>(r.value()) : 0};
}
inline Outcome outcome(const bl_u32& r) { return {r.status, r.status == BL_OK ? r.value : 0}; }
inline Outcome outcome(const bl_u64& r) { return {static_cast<unsigned>(r.status), r.status == BL_OK ? r.value : 0}; }

}  // namespace bench
