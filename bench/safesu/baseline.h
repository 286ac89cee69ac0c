/* SPDX-License-Identifier: Apache-2.0 */
/* The SafeSU baselines (bench/common/baseline.h says what a baseline is):
 * the 4-core/128-event unit (pmu::safesu::k4c128) at BENCH_SAFESU_BASE, and
 * for the scaling figures the 6-core/256-event one (k6c256, bl_safesu6_*). */
#ifndef PMU_BENCH_SAFESU_BASELINE_H
#define PMU_BENCH_SAFESU_BASELINE_H

#include <stddef.h>
#include <stdint.h>

#include "../common/baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* = pmu::safesu::Route */
typedef struct {
  uint8_t output;
  uint16_t event;
} bl_safesu_route_t;

uint8_t bl_safesu_route(unsigned output, unsigned event);
uint8_t bl_safesu_route_table(const bl_safesu_route_t* routes, size_t n);
uint8_t bl_safesu_start(uint32_t mask);
uint8_t bl_safesu_reset(void);
bl_u32 bl_safesu_read(unsigned k);
uint8_t bl_safesu_read_all(uint32_t* out, unsigned n);
bl_u64 bl_safesu_read64(unsigned k);
bl_u64 bl_safesu_read64_untracked(unsigned k);
uint8_t bl_safesu_reset_tracked(void);
uint8_t bl_safesu_sync64(void);
/* sync64 of units with 1, 4, 8 and 16 counters (the scaling figures). */
uint8_t bl_safesu_sync64_1(void);
uint8_t bl_safesu_sync64_4(void);
uint8_t bl_safesu_sync64_8(void);
uint8_t bl_safesu_sync64_16(void);
uint8_t bl_safesu_clear_overflow(void);
uint8_t bl_safesu_set_weight(unsigned input, unsigned weight);
uint8_t bl_safesu_set_weights(const uint8_t* weights, unsigned n);
uint8_t bl_safesu_set_budget(unsigned core, uint32_t limit);
uint8_t bl_safesu_refill(unsigned core);

/* The 6-core/256-event unit's table calls. */
uint8_t bl_safesu6_route_table(const bl_safesu_route_t* routes, size_t n);
uint8_t bl_safesu6_set_weights(const uint8_t* weights, unsigned n);

/* Interrupt hooks and their callbacks. */
uint8_t bl_safesu_on_overflow(unsigned counter, bl_callback cb);
uint8_t bl_safesu_on_mccu(unsigned core, bl_callback cb);
uint8_t bl_safesu_on_rdc(unsigned input, bl_callback cb);
bl_u32 bl_safesu_overflow_hook(void);
bl_u32 bl_safesu_mccu_hook(unsigned core);
bl_u32 bl_safesu_rdc_hook(void);
void bl_safesu_overflow_isr(void* ctx);

#ifdef __cplusplus
}
#endif

#endif
