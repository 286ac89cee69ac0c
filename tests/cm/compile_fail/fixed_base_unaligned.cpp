// SPDX-License-Identifier: Apache-2.0
// EXPECT: a GCR base is non-zero and 32 KiB aligned
// The compile-time path checks its base when it is built, not at run time.
#include "pmu/cm/perf.hpp"
#ifdef PMU_CONTROL
pmu::cm::FixedPerf<0x1FBF8000> g_cm;
#else
pmu::cm::FixedPerf<0x1FBF8100> g_cm;
#endif
uintptr_t f() { return g_cm.gdb_base(); }
