/* SPDX-License-Identifier: Apache-2.0 */
/* pmukit C API: the BSC SafeSU (counters, crossbar, overflow, MCCU, RDC,
 * interrupt hooks, self-test). Wraps pmu::safesu::SafeSU; the access cost of
 * each call is the C++ call's (docs/safesu.md), and so are the semantics.
 *
 *   static pmu_safesu_t su;   // caller-allocated, no heap
 *   pmu_safesu_init(&su, 0x80100000u, PMU_SAFESU_LAYOUT_6C256);  // touches nothing
 *   pmu_safesu_crossbar_route(&su, 0, 5);
 *   pmu_safesu_counters_enable(&su);
 *
 * Indices: counter k < n_counters; crossbar output = counter; MCCU/RDC
 * input i < 2 x cores (inputs 2c and 2c+1 belong to core c).
 */
#ifndef PMU_C_SAFESU_H
#define PMU_C_SAFESU_H

#include "pmu/c/pmu_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#if PMU_C_PTR32
#define PMU_SAFESU_HANDLE_SIZE 1128
#else
#define PMU_SAFESU_HANDLE_SIZE 1552
#endif

typedef struct pmu_safesu {
  PMU_C_HANDLE_STORAGE(PMU_SAFESU_HANDLE_SIZE);
} pmu_safesu_t;

/* The shipped configurations (24 counters, 2 events per core). */
typedef enum pmu_safesu_layout {
  PMU_SAFESU_LAYOUT_4C128 = 0, /* 4 cores, 128 events */
  PMU_SAFESU_LAYOUT_6C128 = 1, /* 6 cores, 128 events */
  PMU_SAFESU_LAYOUT_6C256 = 2, /* 6 cores, 256 events (SELENE) */
  PMU_SAFESU_LAYOUT_4C32 = 3, /* 4 cores, 32 events (pmu_ahb default) */
  PMU_SAFESU_LAYOUT_MAX_ = 0x7FFFFFFF
} pmu_safesu_layout_t;

/* Which RTL the bitstream was built from (where the RDC CFG1 bits are). */
typedef enum pmu_safesu_rdc_vintage {
  PMU_SAFESU_RDC_MAY2025 = 0, /* RTL 2046f53 and later */
  PMU_SAFESU_RDC_PRE2025 = 1,
  PMU_SAFESU_RDC_MAX_ = 0x7FFFFFFF
} pmu_safesu_rdc_vintage_t;

/* The RTL parameters of any other build (names as in PMU_raw.sv). Fill with
 * pmu_safesu_params_default() first, then change what differs. */
typedef struct pmu_safesu_params {
  uint32_t reg_width;     /* REG_WIDTH, 32 */
  uint32_t n_counters;    /* N_COUNTERS, 1..32 */
  uint32_t n_soc_ev;      /* N_SOC_EV */
  uint32_t mccu_n_cores;  /* MCCU_N_CORES, 2..6 */
  uint32_t mccu_n_events; /* MCCU_N_EVENTS, 2 */
  uint32_t weights_width; /* MCCU_WEIGHTS_WIDTH, 8 */
  uint32_t n_conf_regs;   /* N_CONF_REGS */
  bool ft;                /* FT */
  pmu_safesu_rdc_vintage_t vintage;
  bool weight0_never_fires; /* RTL since 2025-05-22 */
} pmu_safesu_params_t;

/* What a handle was built for. */
typedef struct pmu_safesu_info {
  uintptr_t base;
  uint32_t n_counters;
  uint32_t n_cores;
  uint32_t n_inputs; /* MCCU/RDC inputs = 2 x cores */
  uint32_t n_soc_ev; /* crossbar inputs (events) */
  bool ft;
  bool rdc_usable; /* false on old 4-core RTL (RDC held in reset) */
} pmu_safesu_info_t;

/* Counter input mode (CFG0[31:30]). */
typedef enum pmu_safesu_selftest_mode {
  PMU_SAFESU_MODE_NORMAL = 0,    /* crossbar routing */
  PMU_SAFESU_MODE_ALL_ONES = 1,  /* every counter counts every cycle */
  PMU_SAFESU_MODE_ALL_ZEROS = 2, /* nothing counts */
  PMU_SAFESU_MODE_ONLY_OUTPUT0 = 3,
  PMU_SAFESU_MODE_MAX_ = 0x7FFFFFFF
} pmu_safesu_selftest_mode_t;

/* What the MCCU hook does after the callback. */
typedef enum pmu_safesu_mccu_irq_policy {
  PMU_SAFESU_MCCU_IRQ_REFILL = 0,    /* reload the core's limit, clear the IRQ (default) */
  PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY = 1, /* clear only */
  PMU_SAFESU_MCCU_IRQ_MAX_ = 0x7FFFFFFF
} pmu_safesu_mccu_irq_policy_t;

/* One crossbar assignment: counter 'output' counts event 'event'. */
typedef struct pmu_safesu_route {
  uint8_t output;
  uint16_t event;
} pmu_safesu_route_t;

/* ---- Handle ------------------------------------------------------------- */
pmu_status_t pmu_safesu_init(pmu_safesu_t* su, uintptr_t base, pmu_safesu_layout_t layout);
pmu_status_t pmu_safesu_params_default(pmu_safesu_params_t* params);
/* PMU_EBADARG if the parameters are outside the RTL's/driver's limits. */
pmu_status_t pmu_safesu_init_params(pmu_safesu_t* su, uintptr_t base, const pmu_safesu_params_t* params);
pmu_status_t pmu_safesu_info_get(const pmu_safesu_t* su, pmu_safesu_info_t* info);

/* ---- Counters ----------------------------------------------------------- */
pmu_status_t pmu_safesu_counters_enable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_counters_disable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_counters_reset(pmu_safesu_t* su); /* to exactly 0, 64-bit totals too */
pmu_status_t pmu_safesu_counter_read(pmu_safesu_t* su, unsigned k, uint32_t* value);
/* Counters 0..n-1 into out[0..n-1]. */
pmu_status_t pmu_safesu_counters_read_all(pmu_safesu_t* su, uint32_t* out, unsigned n);
pmu_status_t pmu_safesu_counter_write(pmu_safesu_t* su, unsigned k, uint32_t value);
/* Software-extended 64-bit total (observe each counter at least once per wrap). */
pmu_status_t pmu_safesu_counter_read64(pmu_safesu_t* su, unsigned k, uint64_t* value);
pmu_status_t pmu_safesu_counters_sync64(pmu_safesu_t* su);
pmu_status_t pmu_safesu_selftest_mode_set(pmu_safesu_t* su, pmu_safesu_selftest_mode_t mode);

/* ---- Crossbar ----------------------------------------------------------- */
pmu_status_t pmu_safesu_crossbar_route(pmu_safesu_t* su, unsigned output, unsigned event);
/* All entries are checked before any access; each touched register is read
 * and written once (for n <= 32 entries). */
pmu_status_t pmu_safesu_crossbar_route_table(pmu_safesu_t* su, const pmu_safesu_route_t* routes, size_t n);
pmu_status_t pmu_safesu_crossbar_event_get(pmu_safesu_t* su, unsigned output, uint32_t* event);

/* ---- Overflow ----------------------------------------------------------- */
pmu_status_t pmu_safesu_overflow_mask_set(pmu_safesu_t* su, uint32_t mask);
pmu_status_t pmu_safesu_overflow_irq_set(pmu_safesu_t* su, unsigned counter, bool on);
/* discard_stale: drop flags latched while the unit was disabled (normally true). */
pmu_status_t pmu_safesu_overflow_enable(pmu_safesu_t* su, bool discard_stale);
pmu_status_t pmu_safesu_overflow_disable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_overflow_clear(pmu_safesu_t* su);
pmu_status_t pmu_safesu_overflow_vector_read(pmu_safesu_t* su, uint32_t* vector);

/* ---- MCCU --------------------------------------------------------------- */
pmu_status_t pmu_safesu_mccu_weight_set(pmu_safesu_t* su, unsigned input, unsigned weight);
pmu_status_t pmu_safesu_mccu_weights_set(pmu_safesu_t* su, const uint8_t* weights, unsigned n);
pmu_status_t pmu_safesu_mccu_weight_get(pmu_safesu_t* su, unsigned input, uint8_t* weight);
pmu_status_t pmu_safesu_mccu_budget_set(pmu_safesu_t* su, unsigned core, uint32_t limit);
pmu_status_t pmu_safesu_mccu_remaining_read(pmu_safesu_t* su, unsigned core, uint32_t* remaining);
pmu_status_t pmu_safesu_mccu_enable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_mccu_disable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_mccu_reset(pmu_safesu_t* su);
pmu_status_t pmu_safesu_mccu_hw_quota_set(pmu_safesu_t* su, bool on);
pmu_status_t pmu_safesu_mccu_refill(pmu_safesu_t* su, unsigned core);
pmu_status_t pmu_safesu_mccu_refill_cores(pmu_safesu_t* su, uint32_t core_mask);
pmu_status_t pmu_safesu_mccu_irq_policy_set(pmu_safesu_t* su, pmu_safesu_mccu_irq_policy_t policy);

/* ---- RDC ---------------------------------------------------------------- */
pmu_status_t pmu_safesu_rdc_enable(pmu_safesu_t* su); /* PMU_EUNAVAILABLE on old 4-core RTL */
pmu_status_t pmu_safesu_rdc_disable(pmu_safesu_t* su);
pmu_status_t pmu_safesu_rdc_reset(pmu_safesu_t* su);
pmu_status_t pmu_safesu_rdc_irq_clear(pmu_safesu_t* su);
/* The threshold IS the input's MCCU weight (one shared register). */
pmu_status_t pmu_safesu_rdc_threshold_set(pmu_safesu_t* su, unsigned input, unsigned threshold);
pmu_status_t pmu_safesu_rdc_watermark_read(pmu_safesu_t* su, unsigned input, uint8_t* watermark);
pmu_status_t pmu_safesu_rdc_watermarks_read(pmu_safesu_t* su, uint8_t* out, unsigned n);
pmu_status_t pmu_safesu_rdc_vector_read(pmu_safesu_t* su, uint32_t* vector); /* bit per input */
pmu_status_t pmu_safesu_rdc_fired(pmu_safesu_t* su, unsigned input, bool* fired);

/* ---- Interrupt callbacks (registration touches no hardware; fn NULL removes) */
pmu_status_t pmu_safesu_overflow_callback_set(pmu_safesu_t* su, unsigned counter, pmu_irq_fn_t fn, void* ctx);
pmu_status_t pmu_safesu_mccu_callback_set(pmu_safesu_t* su, unsigned core, pmu_irq_fn_t fn, void* ctx);
pmu_status_t pmu_safesu_rdc_callback_set(pmu_safesu_t* su, unsigned input, pmu_irq_fn_t fn, void* ctx);
pmu_status_t pmu_safesu_ft_callback_set(pmu_safesu_t* su, pmu_irq_fn_t fn, void* ctx);

/* ---- Interrupt hooks: call from the board's/RTOS's handler of the line.
 * The snapshot out-pointer may be NULL (the only NULL allowed). */
pmu_status_t pmu_safesu_overflow_irq_handle(pmu_safesu_t* su, uint32_t* vector);
pmu_status_t pmu_safesu_mccu_irq_handle(pmu_safesu_t* su, unsigned core, uint32_t* remaining);
pmu_status_t pmu_safesu_rdc_irq_handle(pmu_safesu_t* su, uint32_t* vector);
/* which: 1 = FT1 (corrected), 2 = FT2 (uncorrectable). */
pmu_status_t pmu_safesu_ft_irq_handle(pmu_safesu_t* su, unsigned which);

/* ---- Self-test (destructive; see docs/safesu.md) --------------------------- */
typedef enum pmu_safesu_relation {
  PMU_SAFESU_REL_EQ = 0, /* observed == expected */
  PMU_SAFESU_REL_NE = 1, /* observed != expected */
  PMU_SAFESU_REL_LT = 2, /* observed < expected */
  PMU_SAFESU_REL_MAX_ = 0x7FFFFFFF
} pmu_safesu_relation_t;

typedef struct pmu_safesu_check {
  const char* name;
  pmu_safesu_relation_t rel;
  uint32_t expected;
  uint32_t observed;
  bool pass;
} pmu_safesu_check_t;

#define PMU_SAFESU_MAX_SELFTEST_CHECKS 24

typedef struct pmu_safesu_selftest_report {
  pmu_safesu_check_t checks[PMU_SAFESU_MAX_SELFTEST_CHECKS];
  unsigned count;
  unsigned failed;
} pmu_safesu_selftest_report_t;

/* PMU_OK: every check passed; PMU_EFAILED: see the report. */
pmu_status_t pmu_safesu_selftest_run(pmu_safesu_t* su, pmu_safesu_selftest_report_t* report);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_SAFESU_H */
