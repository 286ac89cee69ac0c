/* SPDX-License-Identifier: Apache-2.0 */
/* The leanest hand-written C handle check (bench/capi/baseline.c), the
 * allowance the C API's figures are held to: a C handle holds the driver
 * object and a magic word after it; a C call checks the handle (NULL, then
 * the magic word) and forwards to the driver's call with the handle's
 * address as the object. Its cost is measured as the check-and-forward call
 * minus the direct call of the same body (bench/target/capi_bench.cpp). */
#ifndef PMU_BENCH_CAPI_BASELINE_H
#define PMU_BENCH_CAPI_BASELINE_H

#include <stdint.h>

#include "../common/baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The magic word of the SafeSU C handle (src/capi/pmu_safesu.cpp): a
 * constant of the same width, so the compare costs what the C API's does. */
#define BL_CAPI_MAGIC 0x53616655u
typedef struct {
  uintptr_t object[4];
  uintptr_t magic;
} bl_capi_handle_t;
extern bl_capi_handle_t bl_capi_handle; /* initialised: magic set */

/* A driver call (in its own translation unit, so it is never inlined). */
uint8_t bl_capi_body(void* object, uint32_t mask);
/* The same call through the handle check. */
uint8_t bl_capi_forward(bl_capi_handle_t* h, uint32_t mask);

#ifdef __cplusplus
}
#endif

#endif
