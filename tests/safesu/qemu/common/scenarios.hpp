// SPDX-License-Identifier: Apache-2.0
// The SafeSU scenarios (scenarios.cpp) are one source compiled into the
// QEMU suite of each SafeSU instance: the suite lists
// tests/safesu/qemu/common/scenarios.cpp in SUITE_SRCS and provides, in its
// own folder (on its sources' include path), safesu_instance.hpp with
//   namespace safesu_suite {
//     constexpr uintptr_t kBase;                       where the model is mapped
//     constexpr const pmu::safesu::Layout& kLayout;    the driver's layout
//     constexpr pmu_sim::SafesuConfig kModelConfig;    the model's build
//     constexpr unsigned kOverflowLine, kRdcLine, kMccuLine0;  board lines
//     constexpr pmu_sim::SafesuWiring kWiring;         model outputs -> lines
//   }
//   #define SAFESU_UNIT <name>                         the unit in PASS/FAIL lines
#pragma once

#include <stdint.h>

#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "safesu_instance.hpp"

#ifndef SAFESU_UNIT
#error "safesu_instance.hpp must define SAFESU_UNIT"
#endif
