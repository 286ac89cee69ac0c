// SPDX-License-Identifier: Apache-2.0
// The SafeSU scenarios (../common/scenarios.hpp) on the board's 4-core/
// 128-event instance: its record (board_config.hpp kSafesu: address, lines
// as wrapper version A numbers them).
#pragma once

#include <stdint.h>

#include "board_config.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/soc.hpp"

namespace safesu_suite {
constexpr const board::SafesuInstance& kUnit = board::config::kSafesu;
constexpr uintptr_t kBase = kUnit.base;
constexpr const pmu::safesu::Layout& kLayout = pmu::safesu::k4c128;
static_assert(kUnit.cores == 4 && kUnit.events == 128, "the k4c128 instance");
constexpr pmu::models::SafesuModel::Config kModelConfig = pmu_sim::safesu_config_4c128();
constexpr unsigned kOverflowLine = kUnit.irq.overflow;
constexpr unsigned kRdcLine = kUnit.irq.rdc;
constexpr unsigned kMccuLine0 = kUnit.irq.mccu0;
constexpr pmu_sim::SafesuWiring kWiring = pmu_sim::soc::safesu_wiring(kUnit);
}  // namespace safesu_suite

#define SAFESU_UNIT safesu
