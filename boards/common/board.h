/* SPDX-License-Identifier: Apache-2.0 */
/* The board API for C firmware: the functions of board.hpp under C names,
 * with the same contracts (board.hpp says what each does). The handler shape
 * is RTEMS's and Zephyr's: void handler(void* ctx). */
#ifndef PMUKIT_BOARD_H
#define PMUKIT_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*board_irq_handler_t)(void* ctx);

/* A line number no board has: what an output that drives no line of the
 * board is given (board::kNotWired). */
#define BOARD_NOT_WIRED 0xFFu

const char* board_name(void);
void board_putc(char c);
__attribute__((noreturn)) void board_exit(int code);
uint64_t board_cycles(void);
bool board_irq_attach(unsigned line, board_irq_handler_t handler, void* ctx);
void board_irq_detach(unsigned line);
void board_irq_global_enable(void);
void board_irq_global_disable(void);
bool board_irq_force(unsigned line);

#ifdef __cplusplus
}
#endif

#endif
