// SPDX-License-Identifier: Apache-2.0
// board_init, called by start.S before main() with traps off: checks that
// the CPU has the register windows trap.S is built for, quietens IRQMP,
// lets the machine set itself up (machine.hpp), then starts the time base.
#include "board.hpp"
#include "board_config.hpp"
#include "board_console.hpp"
#include "grlib/irqmp.hpp"
#include "sparc/board_asm.h"
#include "sparc/machine.hpp"

extern "C" void board_init() {
  // %asr17[4:0] = NWINDOWS - 1. Another count would corrupt registers.
  uint32_t asr17;
  __asm__ volatile("rd %%asr17, %0" : "=r"(asr17));
  const unsigned windows = (asr17 & 0x1F) + 1;
  if (windows != NWINDOWS) {
    board::put_str(board::config::kBoardName);
    board::put_str(": trap.S is built for ");
    board::put_dec(NWINDOWS);
    board::put_str(" register windows, %asr17 says ");
    board::put_dec(static_cast<int>(windows));
    board::put_str("\n");
    board::exit(2);
  }
  board::grlib::Irqmp(board::config::kIrqmp).reset();
  board::sparc::machine_init();
  board::sparc::start_time_base();
}
