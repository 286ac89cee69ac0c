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
bl_u32 bl_cm_read(unsigned i);
uint8_t bl_cm_on_overflow(unsigned i, bl_callback cb);
bl_u32 bl_cm_overflow_hook(void);

#ifdef __cplusplus
}
#endif

#endif
