// SPDX-License-Identifier: Apache-2.0
// The SafeSU scenarios (../common/scenarios.hpp) on the 6-core/256-event
// (SELENE) instance: its record (board_config.hpp kSafesu6c256).
#pragma once

#include <stdint.h>

#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/soc.hpp"

namespace safesu_suite {
constexpr const board::SafesuInstance& kUnit = board::config::kSafesu6c256;
constexpr uintptr_t kBase = kUnit.base;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k6c256;
static_assert(kUnit.cores == 6 && kUnit.events == 256, "the k6c256 instance");
constexpr pmu::models::SafesuModel::Config kModelConfig = pmu_sim::safesu_config_6c256();
constexpr unsigned kOverflowLine = kUnit.irq.overflow;
constexpr unsigned kRdcLine = kUnit.irq.rdc;
constexpr unsigned kMccuLine0 = kUnit.irq.mccu0;
constexpr pmu_sim::SafesuWiring kWiring = pmu_sim::soc::safesu_wiring(kUnit);
}  // namespace safesu_suite

#define SAFESU_UNIT safesu6c256
