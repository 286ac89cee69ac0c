/* SPDX-License-Identifier: Apache-2.0 */
/* pmukit C API: the MIPS Coherence Manager GCR performance counters (P0, P1
 * and the cycle counter, 32-bit, extended to 64 bits in software). Wraps
 * pmu::cm::Perf; costs and semantics as docs/cm.md.
 *
 *   static pmu_cm_t cm;
 *   pmu_cm_init(&cm, gcr_base, true);       // touches nothing
 *   pmu_cm_probe(&cm);                      // Perf_Num_Cnt == 2?
 *   pmu_cm_counter_program(&cm, PMU_CM_P0, 0, 0);
 *   pmu_cm_counters_reset_and_start(&cm, PMU_CM_SET_ALL);
 */
#ifndef PMU_C_CM_H
#define PMU_C_CM_H

#include "pmu/c/pmu_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#if PMU_C_PTR32
#define PMU_CM_HANDLE_SIZE 128
#else
#define PMU_CM_HANDLE_SIZE 192
#endif

typedef struct pmu_cm {
  PMU_C_HANDLE_STORAGE(PMU_CM_HANDLE_SIZE);
} pmu_cm_t;

/* A counter; also the 'source' passed to its callback. */
typedef enum pmu_cm_counter { PMU_CM_P0 = 0, PMU_CM_P1 = 1, PMU_CM_CYCLE = 2, PMU_CM_COUNTER_MAX_ = 0x7FFFFFFF } pmu_cm_counter_t;

/* Counter sets: OR of these bits (= the GCR_DB_PC_OV bit positions). */
#define PMU_CM_SET_CYCLE 0x1u
#define PMU_CM_SET_P0 0x2u
#define PMU_CM_SET_P1 0x4u
#define PMU_CM_SET_ALL 0x7u

/* gcr_base: non-zero, 32 KiB aligned (else register calls are PMU_EBADARG).
 * present: the board states that the perf block exists (else register calls
 * are PMU_EUNAVAILABLE). */
pmu_status_t pmu_cm_init(pmu_cm_t* cm, uintptr_t gcr_base, bool present);
/* PMU_EMISMATCH unless Perf_Num_Cnt reads 2. */
pmu_status_t pmu_cm_probe(const pmu_cm_t* cm);
/* Event id from the CM event table, opaque qualifier; P0 or P1 only. */
pmu_status_t pmu_cm_counter_program(pmu_cm_t* cm, pmu_cm_counter_t c, unsigned event_id, uint32_t qualifier);
/* One control write: stop, reset, start (start and stop must not overlap). */
pmu_status_t pmu_cm_counters_control(pmu_cm_t* cm, unsigned start, unsigned stop, unsigned reset);
pmu_status_t pmu_cm_counters_start(pmu_cm_t* cm, unsigned set);
pmu_status_t pmu_cm_counters_stop(pmu_cm_t* cm, unsigned set);
pmu_status_t pmu_cm_counters_reset(pmu_cm_t* cm, unsigned set);
pmu_status_t pmu_cm_counters_reset_and_start(pmu_cm_t* cm, unsigned set);
pmu_status_t pmu_cm_counter_preload(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t value);
pmu_status_t pmu_cm_counter_read(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t* value);
pmu_status_t pmu_cm_counter_read64(pmu_cm_t* cm, pmu_cm_counter_t c, uint64_t* value);
pmu_status_t pmu_cm_overflow_read(const pmu_cm_t* cm, unsigned* set);
pmu_status_t pmu_cm_overflow_clear(const pmu_cm_t* cm, unsigned set);
pmu_status_t pmu_cm_overflow_stop_set(const pmu_cm_t* cm, bool on);
pmu_status_t pmu_cm_interrupt_enable_set(const pmu_cm_t* cm, bool on);
pmu_status_t pmu_cm_overflow_callback_set(pmu_cm_t* cm, pmu_cm_counter_t c, pmu_irq_fn_t fn, void* ctx);
/* The CM_PCInt hook; 'handled' (may be NULL) gets the set it acted on. */
pmu_status_t pmu_cm_overflow_irq_handle(pmu_cm_t* cm, unsigned* handled);
/* Name of a CM event id; PMU_ENOTFOUND for ids not in the table. */
pmu_status_t pmu_cm_event_name_get(unsigned event_id, const char** name);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_CM_H */
