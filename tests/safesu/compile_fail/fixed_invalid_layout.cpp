// SPDX-License-Identifier: Apache-2.0
// EXPECT: SafeSU layout: parameters outside the RTL's limits
// A build-time SafeSU of a build the RTL cannot have (7 cores) does not compile.
#include "pmu/safesu/safesu.hpp"
#ifdef PMU_CONTROL
constexpr pmu::safesu::Layout kBuild = pmu::safesu::make_layout(pmu::safesu::shipped_params(6, 128));
#else
constexpr pmu::safesu::Layout kBuild = pmu::safesu::make_layout(pmu::safesu::shipped_params(7, 128));
#endif
pmu::safesu::FixedSafeSU<0x80100000, kBuild> g_su;
