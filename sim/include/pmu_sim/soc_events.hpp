// SPDX-License-Identifier: Apache-2.0
// The event inputs of the emulated SoC's SafeSU: they follow SELENE's
// catalogue (pmu/safesu/events_selene.hpp, the manual's Table 2.1), the
// same table firmware uses on silicon. sim/soc/soc.cpp drives them from the
// workload phases; docs/examples.md lists what each phase raises.
#pragma once

#include <stdint.h>

#include "pmu/safesu/events.hpp"
#include "pmu/safesu/events_selene.hpp"

/// The emulated SoC: which units it emulates and the inputs it drives.
namespace pmu_sim::soc {

/// The catalogue the emulated SoC's SafeSU inputs follow (its SafeSU is the
/// 4-core, 128-input build, pmu::safesu::k4c128).
inline constexpr const pmu::safesu::EventCatalogue& kEvents = pmu::safesu::kSelene4c128;

/// An input number the model ignores (past every build's N_SOC_EV): what
/// event_index(kEvents, name).value_or(kNoInput) gives for an unknown name.
constexpr uint16_t kNoInput = 0xFFFF;

}  // namespace pmu_sim::soc
