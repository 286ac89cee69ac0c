// SPDX-License-Identifier: Apache-2.0
// EXPECT: storage fixed at build time (StaticStorage/NoStorage): nothing to attach
// A FixedPerf whose totals are fixed at build time has nothing to attach at
// run time: track_totals() on it does not compile.
#include "pmu/cm/perf.hpp"
pmu::cm::Totals g_totals;
pmu::cm::Totals g_other;
#ifdef PMU_CONTROL
pmu::cm::FixedPerf<0x1FBF8000> g_cm;
#else
pmu::cm::FixedPerf<0x1FBF8000, true, pmu::AttachedStorage<pmu::cm::Callbacks>,
                   pmu::StaticStorage<pmu::cm::Totals, g_totals>>
    g_cm;
#endif
void f() { g_cm.track_totals(&g_other); }
