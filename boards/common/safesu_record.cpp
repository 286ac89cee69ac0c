// SPDX-License-Identifier: Apache-2.0
// board::safesu() of a board whose SafeSU is at a fixed place: its
// board_config.hpp's record. (leon3-grlib finds its SafeSU by plug&play
// instead: boards/leon3-grlib/safesu_discovery.cpp.)
#include "board.hpp"
#include "board_config.hpp"

namespace board {

const SafesuInstance* safesu() { return &config::kSafesu; }

}  // namespace board
