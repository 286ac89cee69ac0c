// SPDX-License-Identifier: Apache-2.0
// The parts of the board API every RISC-V hart gives the same way, in M-mode
// and (BOARD_SMODE, priv.h) in S-mode: the time base, the global interrupt
// enable and the way from main() to board::exit.
#include "board.hpp"
#include "riscv/hart.hpp"
#include "riscv/priv.h"

namespace board {

uint64_t cycles() { return riscv::read_mcycle(); }

void irq_global_enable() { __asm__ volatile("csrsi " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE) ::: "memory"); }
void irq_global_disable() { __asm__ volatile("csrci " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE) ::: "memory"); }

}  // namespace board

// start.S: main's return value.
extern "C" [[noreturn]] void board_exit_from_main(int code) { board::exit(code); }
