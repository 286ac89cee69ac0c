// SPDX-License-Identifier: Apache-2.0
// board::safesu() of a board without a SafeSU.
#include "board.hpp"

namespace board {

const SafesuInstance* safesu() { return nullptr; }

}  // namespace board
