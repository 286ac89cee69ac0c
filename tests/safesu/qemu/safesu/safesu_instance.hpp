// SPDX-License-Identifier: Apache-2.0
// The SafeSU scenarios (../common/scenarios.hpp) on the 4-core/128-event
// instance at the board's SafeSU address, lines per wrapper version A
// (board_config.hpp).
#pragma once

#include <stdint.h>

#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"

namespace safesu_suite {
constexpr uintptr_t kBase = board::config::kSafesuBase;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k4c128;
constexpr pmu::models::SafesuModel::Config kModelConfig = pmu_sim::safesu_config_4c128();
constexpr unsigned kOverflowLine = board::config::kSafesuIrqOverflow;
constexpr unsigned kRdcLine = board::config::kSafesuIrqRdc;
constexpr unsigned kMccuLine0 = board::config::kSafesuIrqMccu0;
constexpr pmu_sim::SafesuWiring kWiring =
    pmu_sim::safesu_wiring({kOverflowLine, board::config::kSafesuIrqQuota, kRdcLine, kMccuLine0}, 4);
}  // namespace safesu_suite

#define SAFESU_UNIT safesu
