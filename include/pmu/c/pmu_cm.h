/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: the MIPS Coherence Manager GCR performance counters (the
 * cycle counter, P0 and P1, 32-bit; 64-bit totals in caller storage). Each
 * call is the C++ call of pmu::cm::Perf after one handle check: same register
 * accesses, same semantics (docs/cm.md, docs/c-api.md).
 */
#ifndef PMU_C_CM_H
#define PMU_C_CM_H

#include "pmu/c/pmu_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Words of a pmu_cm_t: the magic word and pmu::cm::Perf (GDB base, status,
 *  callbacks and totals pointers). Exact: static_assert'ed by the library. */
#define PMU_CM_HANDLE_WORDS 5

/** A CM perf handle: caller-allocated, made by pmu_cm_init(); may be copied
 *  by value. Zero-filled: refused by every call. */
typedef struct pmu_cm {
  uintptr_t opaque_[PMU_CM_HANDLE_WORDS]; /**< not for applications */
} pmu_cm_t;

/** A counter: its bit in GCR_DB_PC_OV (the C++ counter index); also the
 *  'source' passed to its callback. */
typedef enum pmu_cm_counter {
  PMU_CM_CYCLE = 0, /**< the cycle counter */
  PMU_CM_P0 = 1,    /**< event counter 0 */
  PMU_CM_P1 = 2,    /**< event counter 1 */
  PMU_CM_COUNTER_MAX_ = 0x7FFFFFFF
} pmu_cm_counter_t;

/** Counter set bit of the cycle counter (sets are ORs of PMU_CM_SET_*, = 1 << counter). */
#define PMU_CM_SET_CYCLE 0x1u
/** Counter set bit of P0. */
#define PMU_CM_SET_P0 0x2u
/** Counter set bit of P1. */
#define PMU_CM_SET_P1 0x4u
/** Every counter. */
#define PMU_CM_SET_ALL 0x7u

/** Caller-provided callback table (pmu::cm::Callbacks, layout-compatible),
 *  by counter. Zero-filled: no callback. */
typedef struct pmu_cm_callbacks {
  pmu_irq_callback_t by_counter[3]; /**< callback of counter i */
} pmu_cm_callbacks_t;

/** Caller-provided storage of the 64-bit totals (pmu::cm::Totals, same size
 *  and alignment). Zero-filled: counters at zero (attach before starting, or
 *  reset after attaching). */
typedef struct pmu_cm_totals {
  uint64_t opaque_[7]; /**< not for applications */
} pmu_cm_totals_t;

/** Make a handle (touches nothing). gcr_base: non-zero, 32 KiB aligned (else
 *  register calls are PMU_EBADARG). present: the board states that the perf
 *  block exists (else register calls are PMU_EUNAVAILABLE). */
pmu_status_t pmu_cm_init(pmu_cm_t* cm, uintptr_t gcr_base, bool present);
/** Use 'callbacks' for the overflow callbacks (NULL detaches; no access). */
pmu_status_t pmu_cm_callbacks_attach(pmu_cm_t* cm, pmu_cm_callbacks_t* callbacks);
/** Keep 64-bit totals in 'totals' (NULL detaches; no access). */
pmu_status_t pmu_cm_totals_track(pmu_cm_t* cm, pmu_cm_totals_t* totals);
/** PMU_EMISMATCH unless Perf_Num_Cnt reads 2: 1R. */
pmu_status_t pmu_cm_probe(const pmu_cm_t* cm);
/** Event id from the CM event table, opaque qualifier; P0 or P1 only: 1R 2W. */
pmu_status_t pmu_cm_counter_program(pmu_cm_t* cm, pmu_cm_counter_t c, unsigned event_id, uint32_t qualifier);
/** One control write: stop, reset, start (start and stop must not overlap). */
pmu_status_t pmu_cm_counters_control(pmu_cm_t* cm, uint32_t start, uint32_t stop, uint32_t reset);
/** Start the counters of a set. */
pmu_status_t pmu_cm_counters_start(pmu_cm_t* cm, uint32_t set);
/** Stop the counters of a set. */
pmu_status_t pmu_cm_counters_stop(pmu_cm_t* cm, uint32_t set);
/** Reset the counters of a set (and their totals). */
pmu_status_t pmu_cm_counters_reset(pmu_cm_t* cm, uint32_t set);
/** Reset and start the counters of a set in one write. */
pmu_status_t pmu_cm_counters_reset_and_start(pmu_cm_t* cm, uint32_t set);
/** Preload a counter (its total continues). */
pmu_status_t pmu_cm_counter_preload(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t value);
/** Raw value of a counter: 1R. */
pmu_u32_result_t pmu_cm_counter_read(pmu_cm_t* cm, pmu_cm_counter_t c);
/** 64-bit total of a counter: 1R. PMU_EUNAVAILABLE without pmu_cm_totals_track(). */
pmu_u64_result_t pmu_cm_counter_read64(pmu_cm_t* cm, pmu_cm_counter_t c);
/** The overflow set (GCR_DB_PC_OV): 1R. */
pmu_u32_result_t pmu_cm_overflow_read(const pmu_cm_t* cm);
/** Clear the overflow flags of a set: 1W (with totals, each flag folded first and read again after). */
pmu_status_t pmu_cm_overflow_clear(pmu_cm_t* cm, uint32_t set);
/** Stop counting on overflow. */
pmu_status_t pmu_cm_overflow_stop_set(const pmu_cm_t* cm, bool on);
/** The CM_PCInt interrupt enable. */
pmu_status_t pmu_cm_interrupt_enable_set(const pmu_cm_t* cm, bool on);
/** A counter's overflow callback (no access). PMU_EUNAVAILABLE without attached callbacks. */
pmu_status_t pmu_cm_overflow_callback_set(pmu_cm_t* cm, pmu_cm_counter_t c, pmu_irq_fn_t fn, void* ctx);
/** The CM_PCInt hook (pmu/irq.hpp's order); the answer's value is the set served. */
pmu_u32_result_t pmu_cm_overflow_irq_handle(pmu_cm_t* cm);
/** ISR adapter of the CM_PCInt line, shape void (*)(void*): cm is a pmu_cm_t*. */
void pmu_cm_overflow_isr(void* cm);
/** Name of a CM event id; PMU_ENOTFOUND for ids not in the table. */
pmu_name_result_t pmu_cm_event_name_get(unsigned event_id);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_CM_H */
