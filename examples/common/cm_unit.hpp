// SPDX-License-Identifier: Apache-2.0
// The CM perf block of this board: its record (board_config.hpp kCm: GCR
// base, presence, interrupt line). On QEMU boards the record places the
// emulated block.
#pragma once

#include "board_config.hpp"
#include "devices.hpp"

namespace examples {

constexpr const board::CmInstance& kCmInstance = board::config::kCm;
// kNotWired (no line) makes attaching fail: the example polls the hook.
constexpr unsigned kCmLine = kCmInstance.irq;

}  // namespace examples
