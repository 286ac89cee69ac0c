// SPDX-License-Identifier: Apache-2.0
// board::name() of every board: its board_config.hpp's kBoardName.
#include "board.hpp"
#include "board_config.hpp"

namespace board {

const char* name() { return config::kBoardName; }

}  // namespace board
