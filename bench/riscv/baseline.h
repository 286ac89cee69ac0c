/* SPDX-License-Identifier: Apache-2.0 */
/* The RISC-V counter baselines (bench/common/baseline.h says what a baseline
 * is): the hart's standard counters as the bench's QEMU virt CPU has them
 * (cycle, instret and hpm counter 3; Sscofpmf), known when the driver is
 * built, and XiangShan CUTE's AME counters (emulated; RV64 only). */
#ifndef PMU_BENCH_RISCV_BASELINE_H
#define PMU_BENCH_RISCV_BASELINE_H

#include <stdint.h>

#include "../common/baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BL_RISCV_COUNTERS 0xDu    /* cycle (0), instret (2), mhpmcounter3 */
#define BL_AME_COUNTERS 0xFFFFFFFDu /* every AME counter but time */

bl_u64 bl_riscv_read64(unsigned i);
uint8_t bl_riscv_start(uint32_t mask);
uint8_t bl_riscv_stop(uint32_t mask);
uint8_t bl_riscv_on_overflow(unsigned i, bl_callback cb);
bl_u32 bl_riscv_lcofi_hook(void);
/* RV64 only (AME is an RV64 extension). */
uint8_t bl_ame_on_overflow(unsigned i, bl_callback cb);
bl_u32 bl_ame_hook(void);

#ifdef __cplusplus
}
#endif

#endif
