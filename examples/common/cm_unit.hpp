// SPDX-License-Identifier: Apache-2.0
// The CM perf block of this board: GCR base, presence, interrupt line.
#pragma once

#include "board_config.hpp"
#include "devices.hpp"

namespace examples {

#if EXAMPLES_EMULATED
constexpr bool kCmPerfPresent = true;  // the emulated block
#else
constexpr bool kCmPerfPresent = board::config::kCmPerfBlockPresent;
#endif
// -1 (not wired) becomes a line no board has: attaching fails, the example polls.
constexpr unsigned kCmLine = static_cast<unsigned>(board::config::kCmIrqLine);

}  // namespace examples
