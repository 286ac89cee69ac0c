// SPDX-License-Identifier: Apache-2.0
// EXPECT: SafeSU base: must be non-zero and a multiple of Layout::window
// A build-time SafeSU at a base the decode window does not fit (§4.2 of
// docs/hw/safesu.md: haddr[7:2] selects the register) does not compile.
#include "pmu/safesu/safesu.hpp"
#ifdef PMU_CONTROL
pmu::safesu::FixedSafeSU<0x80100100, pmu::safesu::k4c128> g_su;
#else
pmu::safesu::FixedSafeSU<0x80100004, pmu::safesu::k4c128> g_su;
#endif
