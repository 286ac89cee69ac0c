/* SPDX-License-Identifier: Apache-2.0 */
/* What every baseline shares. A baseline is the leanest hand-written C doing
 * the register work of one pmukit call: the same reads and writes in the same
 * order (the host bench checks it against the models), constant addresses,
 * the same argument checks pmukit's contract makes (bad input returns
 * BL_BAD_ARG and touches nothing), compiled out of line in its own
 * translation unit with the library's code-generation flags, as a vendor's C
 * driver is. make bench sets pmukit's instruction count beside it.
 *
 * The units' registers sit at the constant addresses below: on the host the
 * models are mapped there; in the QEMU bench image they are plain RAM past
 * the 16 MiB the image may use (linker/qemu-virt.ld) and inside the virt
 * machine's 128 MiB, so no trap is counted (bench/target checks the image
 * ends below them). */
#ifndef PMU_BENCH_BASELINE_H
#define PMU_BENCH_BASELINE_H

#include <stdint.h>

#ifdef PMU_HOST
#include "pmu/hal/host_seam.h"
#endif

/* The XLEN the code runs at: the target's, or the host build's emulated one. */
#if defined(PMU_HOST) && defined(PMU_HOST_XLEN)
#define BL_XLEN PMU_HOST_XLEN
#elif defined(PMU_HOST)
#define BL_XLEN 64
#elif defined(__riscv_xlen)
#define BL_XLEN __riscv_xlen
#else
#define BL_XLEN 32
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_CM_GCR_BASE 0x81000000u /* a GCR block: 32 KiB aligned; perf registers at +0x6100 */
#define BENCH_SAFESU_BASE 0x81100000u /* a SafeSU (1 MiB decode window, §4.3) */
#define BENCH_REGS_LOW BENCH_CM_GCR_BASE /* the image must end below this */

/* pmu::Status values, and the C shapes of pmu::Result<T> and pmu::IrqCallback
 * (same bytes, size and alignment: returned and passed exactly as the C++
 * ones; bench/common/ops.hpp checks it). As pmu::Result, the status is as
 * wide as the value's alignment, at most a pointer, so a pair that fits two
 * registers is one aligned integer-like aggregate, built in registers: a
 * one-byte status left padding GCC assembled on the stack. */
enum { BL_OK = 0, BL_BAD_ARG = 1, BL_UNAVAILABLE = 2, BL_MISMATCH = 4 };
typedef struct {
  uint32_t value;
  uint32_t status;
} __attribute__((aligned(8))) bl_u32;
#if UINTPTR_MAX > 0xFFFFFFFFu
typedef struct {
  uint64_t value;
  uintptr_t status;
} __attribute__((aligned(16))) bl_u64;
#else
typedef struct {
  uint64_t value;
  uintptr_t status;
} bl_u64; /* 12 bytes: not a power of two, aligned as its value (returned in memory either way) */
#endif
typedef void (*bl_callback_fn)(void* ctx, unsigned source);
typedef struct {
  bl_callback_fn fn;
  void* ctx;
} bl_callback;

/* Lowest set bit of a non-zero v without a libgcc call (the cores have no
 * Zbb): a de Bruijn multiply and a table load, as pmukit does. */
static const uint8_t bl_debruijn_ctz32[32] __attribute__((unused)) = {0,  1,  28, 2,  29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4,  8,
                                              31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6,  11, 5,  10, 9};
__attribute__((always_inline)) static inline unsigned bl_ctz32(uint32_t v) { return bl_debruijn_ctz32[((v & (0u - v)) * 0x077CB531u) >> 27]; }

/* The same for a non-zero v below 2^20 (the RDC's inputs): a multiplier
 * whose low 12 bits are 0 is one lui, as pmukit's ctz20 uses. */
static const uint8_t bl_ctz20_table[32] __attribute__((unused)) = {0, 1, 2,  6, 3,  11, 7, 0, 4,  0, 12, 14, 8, 0, 16, 0,
                                                                19, 5, 10, 0, 0, 13, 0, 15, 18, 9, 0, 0, 17, 0, 0, 0};
__attribute__((always_inline)) static inline unsigned bl_ctz20(uint32_t v) { return bl_ctz20_table[((v & (0u - v)) * 0x04657000u) >> 27]; }

#ifdef __cplusplus
}
#endif

/* Register access: register idx of the unit at base, a volatile load/store
 * on targets, the host seam in host builds (the functions pmukit's host
 * build calls). */
#ifdef PMU_HOST
#define BL_RD(base, idx) pmu_host_mmio_read32((uintptr_t)(base) + (uintptr_t)4 * (idx))
#define BL_WR(base, idx, value) pmu_host_mmio_write32((uintptr_t)(base) + (uintptr_t)4 * (idx), (value))
#else
#define BL_RD(base, idx) (((volatile const uint32_t*)(uintptr_t)(base))[idx])
#define BL_WR(base, idx, value) (((volatile uint32_t*)(uintptr_t)(base))[idx] = (value))
#endif

#endif
