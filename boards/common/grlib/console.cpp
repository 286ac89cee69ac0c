// SPDX-License-Identifier: Apache-2.0
// board::putc of the GRLIB boards: APBUART at board_config.hpp's kApbUart.
// The first character switches the transmitter on; the baud rate stays as
// the boot loader or GRMON set it (QEMU's -kernel stub sets it too:
// docs/hw/grlib-leon3-qemu.md §6.3).
#include "board.hpp"
#include "board_config.hpp"
#include "grlib/apbuart.hpp"

namespace {
constexpr board::grlib::Apbuart kUart(board::config::kApbUart);
bool g_enabled;
}  // namespace

namespace board {

void putc(char c) {
  if (!g_enabled) {
    kUart.enable();
    g_enabled = true;
  }
  kUart.putc(c);
}

}  // namespace board
