// SPDX-License-Identifier: Apache-2.0
// The SafeSU of this board: which build (layout) and which interrupt lines.
// Real boards take both from board::config; on QEMU boards the unit is the
// emulated 4-core, 128-event build (devices.hpp).
#pragma once

#include "board_config.hpp"
#include "devices.hpp"
#include "pmu/safesu/layout.hpp"

namespace examples {

#if EXAMPLES_EMULATED
inline constexpr const pmu::safesu::Layout& kSafesuLayout = pmu::safesu::k4c128;
#else
inline constexpr pmu::safesu::Layout kSafesuLayout = pmu::safesu::make_layout(
    pmu::safesu::shipped_params(board::config::kSafesuCores, board::config::kSafesuEvents));
#endif

// Board lines; a line the board does not know (-1) becomes a number no
// board has, so attaching it fails and the example polls the hook instead.
constexpr unsigned kSafesuOverflowLine = static_cast<unsigned>(board::config::kSafesuIrqOverflow);
constexpr unsigned kSafesuRdcLine = static_cast<unsigned>(board::config::kSafesuIrqRdc);
constexpr unsigned safesu_mccu_line(unsigned core) {
  return static_cast<unsigned>(board::config::kSafesuIrqMccu0) + core;
}

}  // namespace examples
