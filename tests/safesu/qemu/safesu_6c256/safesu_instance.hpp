// SPDX-License-Identifier: Apache-2.0
// The SafeSU scenarios (../common/scenarios.hpp) on the 6-core/256-event (SELENE) instance.
#pragma once

#include <stdint.h>

#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"

namespace safesu_suite {
constexpr uintptr_t kBase = board::config::kSafesu6c256Base;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k6c256;
constexpr pmu::models::SafesuModel::Config kModelConfig = pmu_sim::safesu_config_6c256();
constexpr unsigned kOverflowLine = board::config::kSafesu6cIrqOverflow;
constexpr unsigned kRdcLine = board::config::kSafesu6cIrqRdc;
constexpr unsigned kMccuLine0 = board::config::kSafesu6cIrqMccu0;
constexpr pmu_sim::SafesuWiring kWiring =
    pmu_sim::safesu_wiring({kOverflowLine, pmu_sim::kNoLine, kRdcLine, kMccuLine0}, 6);
}  // namespace safesu_suite

#define SAFESU_UNIT safesu6c256
