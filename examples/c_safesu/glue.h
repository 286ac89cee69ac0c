/* SPDX-License-Identifier: Apache-2.0 */
/* What a C program gets from the board and from the examples' shared glue
 * (examples/common, C++), through glue.cpp. A C BSP has its own equivalents:
 * a console putc, the unit's base address, an interrupt attach call. None of
 * this is the C API: main.c drives the SafeSU through pmu/c/pmu.h only. */
#ifndef EXAMPLES_C_SAFESU_GLUE_H
#define EXAMPLES_C_SAFESU_GLUE_H

#include <stdbool.h>
#include <stdint.h>

void ex_putc(char c);
const char* ex_board_name(void);
/* QEMU boards: map the emulated SafeSU (prints an "emulated:" line). */
void ex_attach_devices(void);
/* The board's SafeSU: base address and build (cores, SoC events). */
uintptr_t ex_safesu_base(void);
unsigned ex_safesu_cores(void);
unsigned ex_safesu_events(void);
/* The SafeSU overflow line: attach a handler; false if the board has none. */
bool ex_attach_overflow_line(void (*handler)(void* ctx), void* ctx);
void ex_irq_enable(bool on);
/* SoC event numbers of the examples' plan (sim/include/pmu_sim/soc_events.hpp). */
unsigned ex_event_cpu0_cycles(void);
unsigned ex_event_cpu0_compute(void);
unsigned ex_event_cpu0_load_store(void);
/* Workload phases: 0 = compute, 1 = stream. Returns a checksum. */
uint32_t ex_workload(unsigned phase, unsigned rounds);

#endif
