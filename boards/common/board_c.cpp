// SPDX-License-Identifier: Apache-2.0
// board.h: the board API under C names, for C firmware.
#include "board.h"

#include "board.hpp"

static_assert(BOARD_NOT_WIRED == board::kNotWired, "one 'not wired' value");

extern "C" {

const char* board_name(void) { return board::name(); }
void board_putc(char c) { board::putc(c); }
void board_exit(int code) { board::exit(code); }
uint64_t board_cycles(void) { return board::cycles(); }
bool board_irq_attach(unsigned line, board_irq_handler_t handler, void* ctx) {
  return board::irq_attach(line, handler, ctx);
}
void board_irq_detach(unsigned line) { board::irq_detach(line); }
void board_irq_global_enable(void) { board::irq_global_enable(); }
void board_irq_global_disable(void) { board::irq_global_disable(); }
bool board_irq_force(unsigned line) { return board::irq_force(line); }

}  // extern "C"
