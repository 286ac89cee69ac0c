// SPDX-License-Identifier: Apache-2.0
// A program that uses exactly the reference feature set, linked with
// --gc-sections so only what the features reach is in it (mk/bench.mk
// links it twice: BENCH_SIZE_COMPILE_TIME=1 or 0). tools/feature_size.py
// then counts:
//   run-time path      the library's functions (pmu::) it links, and the
//                      libgcc helpers they call; the calls here are the
//                      application's and are not counted;
//   compile-time path  the functions bench_ref:: below (the driver's
//                      header-inline code compiled into the application,
//                      one function per feature, as a user's code gets
//                      it), plus whatever of pmu:: stays out of line.
#include <stddef.h>
#include <stdint.h>

#include "../common/baseline.h"
#include "pmu/safesu/safesu.hpp"
#include "safesu_features.hpp"

namespace bench_size {
#if BENCH_SIZE_COMPILE_TIME
// The reference drivers have no interrupt callbacks and no 64-bit totals:
// a build-time object with the same features compiles both out.
pmu::safesu::FixedSafeSU<BENCH_SAFESU_BASE, pmu::safesu::k4c128, pmu::NoStorage<pmu::safesu::Callbacks>,
                         pmu::NoStorage<pmu::safesu::Totals>>
    safesu;
#else
pmu::safesu::SafeSU safesu{BENCH_SAFESU_BASE, pmu::safesu::k4c128};
#endif
}  // namespace bench_size

// One function per feature, as an application's wrapper of the driver:
// out of line, arguments unknown to the driver's code.
namespace bench_ref {
#define BENCH_REF_FEATURE(ref, member, params, args) \
  __attribute__((noipa)) auto ref params { return bench_size::safesu.member args; }
BENCH_SAFESU_REFERENCE_FEATURES(BENCH_REF_FEATURE)
#undef BENCH_REF_FEATURE
}  // namespace bench_ref

// The program's entry keeps every feature (and so everything it reaches).
#define BENCH_REF_ADDRESS(ref, member, params, args) reinterpret_cast<const void*>(&bench_ref::ref),
extern "C" const void* const bench_size_features[] = {BENCH_SAFESU_REFERENCE_FEATURES(BENCH_REF_ADDRESS)};
extern "C" const void* const* bench_size_entry() { return bench_size_features; }
