/* SPDX-License-Identifier: Apache-2.0 */
/* The CM perf block baselines (bench/common/baseline.h says what a baseline
 * is): the GCR block at BENCH_CM_GCR_BASE, its Global Debug Block perf
 * registers at +0x6100..0x61AC. Counter i = GCR_DB_PC_OV bit i: 0 cycle,
 * 1 P0, 2 P1. */
#ifndef PMU_BENCH_CM_BASELINE_H
#define PMU_BENCH_CM_BASELINE_H

#include <stdint.h>

#include "../common/baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

uint8_t bl_cm_program(unsigned i, unsigned event, uint32_t qualifier);
uint8_t bl_cm_start(uint32_t mask);
uint8_t bl_cm_stop(uint32_t mask);
uint8_t bl_cm_reset(uint32_t mask);
uint8_t bl_cm_reset_and_start(uint32_t mask);
uint8_t bl_cm_control(uint32_t start, uint32_t stop, uint32_t reset);
uint8_t bl_cm_probe(void);
uint8_t bl_cm_set_interrupt_enable(int on);
uint8_t bl_cm_set_overflow_stop(int on);
bl_u32 bl_cm_read(unsigned i);
bl_u32 bl_cm_read_overflow(void);
uint8_t bl_cm_clear_overflow(uint32_t mask);
uint8_t bl_cm_preload(unsigned i, uint32_t value);
/* With 64-bit totals tracked. */
bl_u64 bl_cm_read64(unsigned i);
uint8_t bl_cm_preload_tracked(unsigned i, uint32_t value);
uint8_t bl_cm_reset_tracked(uint32_t mask);
uint8_t bl_cm_clear_overflow_tracked(uint32_t mask);
uint8_t bl_cm_on_overflow(unsigned i, bl_callback cb);
bl_u32 bl_cm_overflow_hook(void);
void bl_cm_overflow_isr(void* ctx);

#ifdef __cplusplus
}
#endif

#endif
