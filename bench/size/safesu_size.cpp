// SPDX-License-Identifier: Apache-2.0
// A program that uses exactly the reference feature set, linked with
// --gc-sections so only what the features reach is in it. mk/bench.mk
// links it three times, BENCH_SIZE_OBJECT choosing the object:
//   1 compile-time path  FixedSafeSU, no callbacks, no totals;
//   2 run-time path      the run-time place (base and layout chosen at run
//                        time), no callbacks, no totals;
//   0 SafeSU             the ready-made run-time type, which supports
//                        attached callbacks and totals (for the figure of
//                        what that support costs; no target).
// The reference drivers have no interrupt callbacks and no 64-bit totals,
// so the objects measured against their size compile both out.
// tools/feature_size.py then counts, for 1 and 2, the functions bench_ref::
// below (the driver's header-inline code compiled into the application,
// one function per feature, as a user's code gets it) plus whatever of
// pmu:: stays out of line; for 0, the library's functions (pmu::) it links,
// its calls here being the application's; and the libgcc helpers called.
#include <stddef.h>
#include <stdint.h>

#include "../common/baseline.h"
#include "pmu/safesu/safesu.hpp"
#include "safesu_features.hpp"

namespace bench_size {
#if BENCH_SIZE_OBJECT == 1
pmu::safesu::FixedSafeSU<BENCH_SAFESU_BASE, pmu::safesu::k4c128, pmu::NoStorage<pmu::safesu::Callbacks>,
                         pmu::NoStorage<pmu::safesu::Totals>>
    safesu;
#elif BENCH_SIZE_OBJECT == 2
pmu::safesu::BasicSafeSU<pmu::safesu::RuntimePlace, pmu::NoStorage<pmu::safesu::Callbacks>,
                         pmu::NoStorage<pmu::safesu::Totals>>
    safesu{BENCH_SAFESU_BASE, pmu::safesu::k4c128};
#elif BENCH_SIZE_OBJECT == 0
pmu::safesu::SafeSU safesu{BENCH_SAFESU_BASE, pmu::safesu::k4c128};
#else
#error "BENCH_SIZE_OBJECT: 0, 1 or 2"
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
