// SPDX-License-Identifier: Apache-2.0
// EXPECT: storage fixed at build time (StaticStorage/NoStorage): nothing to attach
// A FixedSafeSU whose callbacks are fixed at build time has nothing to
// attach: attach_callbacks() does not compile (track_totals() likewise).
#include "pmu/safesu/safesu.hpp"
using namespace pmu::safesu;
pmu::safesu::Callbacks g_table;
FixedSafeSU<0x80100000, k4c128, pmu::StaticStorage<Callbacks, g_table>, pmu::NoStorage<Totals>> g_su;
pmu::Status f() {
#ifdef PMU_CONTROL
  return g_su.on_overflow(0, {});
#else
  return g_su.attach_callbacks(&g_table);
#endif
}
