/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: the BSC SafeSU (counters, crossbar, overflow, MCCU, RDC,
 * interrupt hooks and ISR adapters, self-test). Each call is the C++ call of
 * pmu::safesu::SafeSU after one handle check: same register accesses, same
 * semantics (docs/safesu.md, docs/c-api.md).
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

/** Words of a pmu_safesu_t: the magic word and pmu::safesu::SafeSU (base,
 *  layout, callbacks and totals pointers). Exact: src/capi/pmu_safesu.cpp
 *  static_asserts it, so a driver change breaks the library build. */
#define PMU_SAFESU_HANDLE_WORDS 5

/** A SafeSU handle: caller-allocated, made by pmu_safesu_init*(). May be
 *  copied by value (the copy uses the same layout, callback and totals
 *  storage). Zero-filled: refused by every call. */
typedef struct pmu_safesu {
  uintptr_t opaque_[PMU_SAFESU_HANDLE_WORDS]; /**< not for applications */
} pmu_safesu_t;

/** Counters, cores and MCCU/RDC inputs the driver supports at most. */
#define PMU_SAFESU_MAX_COUNTERS 32
#define PMU_SAFESU_MAX_CORES 6  /**< MCCU_N_CORES at most */
#define PMU_SAFESU_MAX_INPUTS 12 /**< 2 x PMU_SAFESU_MAX_CORES */

/** Caller-provided callback table (pmu::safesu::Callbacks, layout-compatible).
 *  Zero-filled: no callback, the refill policy. Attach with
 *  pmu_safesu_callbacks_attach(); fill through the *_callback_set() calls. */
typedef struct pmu_safesu_callbacks {
  pmu_irq_callback_t overflow[PMU_SAFESU_MAX_COUNTERS]; /**< per counter */
  pmu_irq_callback_t mccu[PMU_SAFESU_MAX_CORES];        /**< per core */
  pmu_irq_callback_t rdc[PMU_SAFESU_MAX_INPUTS];        /**< per MCCU/RDC input */
  pmu_irq_callback_t ft;                                /**< FT1/FT2 (source 1 or 2) */
  uint8_t mccu_policy; /**< a pmu_safesu_mccu_irq_policy_t value */
} pmu_safesu_callbacks_t;

/** Caller-provided storage of the 64-bit totals (pmu::safesu::Totals, same
 *  size and alignment). Zero-filled: every total starts at its counter's raw
 *  value at the first observation. Attach with pmu_safesu_totals_track(). */
typedef struct pmu_safesu_totals {
  uint64_t opaque_[65]; /**< not for applications */
} pmu_safesu_totals_t;

/** Caller-provided storage of a register map computed from RTL parameters
 *  (pmu::safesu::Layout, same size and alignment): see
 *  pmu_safesu_init_params(). */
typedef struct pmu_safesu_map {
  uint32_t opaque_[42]; /**< not for applications */
} pmu_safesu_map_t;

/** The shipped configurations (24 counters, 2 events per core). */
typedef enum pmu_safesu_layout {
  PMU_SAFESU_LAYOUT_4C128 = 0, /**< 4 cores, 128 events */
  PMU_SAFESU_LAYOUT_6C128 = 1, /**< 6 cores, 128 events */
  PMU_SAFESU_LAYOUT_6C256 = 2, /**< 6 cores, 256 events (SELENE) */
  PMU_SAFESU_LAYOUT_4C32 = 3, /**< 4 cores, 32 events (pmu_ahb default) */
  PMU_SAFESU_LAYOUT_MAX_ = 0x7FFFFFFF
} pmu_safesu_layout_t;

/** Which RTL the bitstream was built from (where the RDC CFG1 bits are). */
typedef enum pmu_safesu_rdc_vintage {
  PMU_SAFESU_RDC_MAY2025 = 0, /**< RTL 2046f53 and later */
  PMU_SAFESU_RDC_PRE2025 = 1,
  PMU_SAFESU_RDC_MAX_ = 0x7FFFFFFF
} pmu_safesu_rdc_vintage_t;

/** The RTL parameters of any other build (names as in PMU_raw.sv);
 *  layout-compatible with pmu::safesu::Params. Fill with
 *  pmu_safesu_params_default() first, then change what differs. */
typedef struct pmu_safesu_params {
  uint32_t reg_width;       /**< REG_WIDTH, 32 */
  uint32_t n_counters;      /**< N_COUNTERS, 1..32 */
  uint32_t n_soc_ev;        /**< N_SOC_EV */
  uint32_t mccu_n_cores;    /**< MCCU_N_CORES, 2..6 */
  uint32_t mccu_n_events;   /**< MCCU_N_EVENTS, 2 */
  uint32_t weights_width;   /**< MCCU_WEIGHTS_WIDTH, 8 */
  uint32_t n_conf_regs;     /**< N_CONF_REGS */
  bool ft;                  /**< FT */
  uint8_t vintage;          /**< a pmu_safesu_rdc_vintage_t value */
  bool weight0_never_fires; /**< RTL since 2025-05-22 */
} pmu_safesu_params_t;

/** What a handle was built for. */
typedef struct pmu_safesu_info {
  uintptr_t base;      /**< the unit's base address */
  uint32_t n_counters; /**< N_COUNTERS */
  uint32_t n_cores;    /**< MCCU_N_CORES */
  uint32_t n_inputs;   /**< MCCU/RDC inputs = 2 x cores */
  uint32_t n_soc_ev;   /**< crossbar inputs (events) */
  bool ft;             /**< FT build */
  bool rdc_usable;     /**< false on old 4-core RTL (RDC held in reset) */
} pmu_safesu_info_t;

/** Counter input mode (CFG0[31:30]). */
typedef enum pmu_safesu_selftest_mode {
  PMU_SAFESU_MODE_NORMAL = 0, /**< crossbar routing */
  PMU_SAFESU_MODE_ALL_ONES = 1, /**< every counter counts every cycle */
  PMU_SAFESU_MODE_ALL_ZEROS = 2, /**< nothing counts */
  PMU_SAFESU_MODE_ONLY_OUTPUT0 = 3,
  PMU_SAFESU_MODE_MAX_ = 0x7FFFFFFF
} pmu_safesu_selftest_mode_t;

/** What the MCCU hook does after the callback. */
typedef enum pmu_safesu_mccu_irq_policy {
  PMU_SAFESU_MCCU_IRQ_REFILL = 0, /**< reload the core's limit, clear the IRQ (default) */
  PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY = 1, /**< clear only */
  PMU_SAFESU_MCCU_IRQ_MAX_ = 0x7FFFFFFF
} pmu_safesu_mccu_irq_policy_t;

/** One crossbar assignment: counter 'output' counts event 'event'.
 *  Layout-compatible with pmu::safesu::Route: a table is passed straight to
 *  the C++ route_table(). */
typedef struct pmu_safesu_route {
  uint8_t output; /**< crossbar output = counter */
  uint16_t event; /**< SoC event input */
} pmu_safesu_route_t;

/* ---- Handle and storage (no hardware access) ------------------------------ */
/** Make a handle for a shipped configuration at base (touches nothing).
 *  PMU_EBADARG: NULL handle or unknown layout; a base that does not fit the
 *  layout makes a handle whose every call is PMU_EBADARG. */
pmu_status_t pmu_safesu_init(pmu_safesu_t* su, uintptr_t base, pmu_safesu_layout_t layout);
/** Fill params with the defaults (24 counters, 4 cores, 128 events, May 2025 RTL). */
pmu_status_t pmu_safesu_params_default(pmu_safesu_params_t* params);
/** Make a handle for any build: computes the register map into 'map'
 *  (caller storage the handle refers to: it must outlive every copy of the
 *  handle). PMU_EBADARG if the parameters are outside the RTL's/driver's limits. */
pmu_status_t pmu_safesu_init_params(pmu_safesu_t* su, uintptr_t base, const pmu_safesu_params_t* params,
                                    pmu_safesu_map_t* map);
/** What the handle was built for. */
pmu_status_t pmu_safesu_info_get(const pmu_safesu_t* su, pmu_safesu_info_t* info);
/** Use 'callbacks' for the interrupt callbacks (NULL detaches). Without it the
 *  hooks call nobody and *_callback_set() is PMU_EUNAVAILABLE. */
pmu_status_t pmu_safesu_callbacks_attach(pmu_safesu_t* su, pmu_safesu_callbacks_t* callbacks);
/** Keep 64-bit totals in 'totals' (NULL detaches). Without it
 *  pmu_safesu_counter_read64()/pmu_safesu_counters_sync64() are PMU_EUNAVAILABLE. */
pmu_status_t pmu_safesu_totals_track(pmu_safesu_t* su, pmu_safesu_totals_t* totals);

/* ---- Counters (costs: docs/safesu.md; R = read, W = write) ----------------- */
/** Start every counter: 1R 1W. */
pmu_status_t pmu_safesu_counters_enable(pmu_safesu_t* su);
/** Stop every counter: 1R 1W. */
pmu_status_t pmu_safesu_counters_disable(pmu_safesu_t* su);
/** Every counter to exactly 0, tracked totals too: 2R 2W or 2R 3W (+1R with totals). */
pmu_status_t pmu_safesu_counters_reset(pmu_safesu_t* su);
/** Raw value of counter k: 1R. */
pmu_u32_result_t pmu_safesu_counter_read(pmu_safesu_t* su, unsigned k);
/** Counters 0..n-1 into out[0..n-1]: n R. n = 0 reads nothing and returns
 *  PMU_OK, out NULL or not; out NULL with n > 0: PMU_EBADARG. */
pmu_status_t pmu_safesu_counters_read_all(pmu_safesu_t* su, uint32_t* out, unsigned n);
/** Preload counter k: 1W (1R 1W with totals). */
pmu_status_t pmu_safesu_counter_write(pmu_safesu_t* su, unsigned k, uint32_t value);
/** 64-bit total of counter k: 1R. PMU_EUNAVAILABLE without pmu_safesu_totals_track(). */
pmu_u64_result_t pmu_safesu_counter_read64(pmu_safesu_t* su, unsigned k);
/** Fold every counter into its total (once per 2^32 events keeps totals exact): n R. */
pmu_status_t pmu_safesu_counters_sync64(pmu_safesu_t* su);
/** Counter input mode (CFG0[31:30]): 1R 1W. */
pmu_status_t pmu_safesu_selftest_mode_set(pmu_safesu_t* su, pmu_safesu_selftest_mode_t mode);

/* ---- Crossbar -------------------------------------------------------------- */
/** Route output (= counter) to event: 1R 1W (2R 2W for a straddling field). */
pmu_status_t pmu_safesu_crossbar_route(pmu_safesu_t* su, unsigned output, unsigned event);
/** Many routes in one call (the C++ route_table): every entry checked before
 *  any access (PMU_EBADARG: nothing touched, also for two entries of one
 *  output), each touched register written once with its final value. n = 0
 *  touches nothing and returns PMU_OK, routes NULL or not. */
pmu_status_t pmu_safesu_crossbar_route_table(pmu_safesu_t* su, const pmu_safesu_route_t* routes, size_t n);
/** The event output is routed to: 1R (2R if straddling). */
pmu_u32_result_t pmu_safesu_crossbar_event_get(pmu_safesu_t* su, unsigned output);

/* ---- Overflow -------------------------------------------------------------- */
/** Overflow interrupt mask, bit k = counter k: 1W. With 64-bit totals and
 * a mask not 0, CFG0 and the vector are read first (2R), and each counter it
 * turns on with no flag latched that a total last saw on 0xFFFFFFFF is read
 * again after (3R): a pass while the bit was off latched no flag. */
pmu_status_t pmu_safesu_overflow_mask_set(pmu_safesu_t* su, uint32_t mask);
/** One counter's overflow interrupt mask bit: 1R 1W. Turning it on with
 * 64-bit totals adds what pmu_safesu_overflow_mask_set() adds. */
pmu_status_t pmu_safesu_overflow_irq_set(pmu_safesu_t* su, unsigned counter, bool on);
/** Enable the overflow unit; discard_stale (normally true) drops flags latched
 *  while it was disabled: 1R 2W (1R 1W without). With 64-bit totals, a
 *  flag clear then reads each counter last seen on 0xFFFFFFFF again, with
 *  CFG0 and the vector: 3R per such counter (docs/safesu.md section 4). */
pmu_status_t pmu_safesu_overflow_enable(pmu_safesu_t* su, bool discard_stale);
/** Disable the overflow unit: 1R 1W. */
pmu_status_t pmu_safesu_overflow_disable(pmu_safesu_t* su);
/** Clear every overflow flag: 1R 2W (+ 3R per counter a total last saw on
 *  0xFFFFFFFF, as pmu_safesu_overflow_enable). */
pmu_status_t pmu_safesu_overflow_clear(pmu_safesu_t* su);
/** The overflow vector: 1R. */
pmu_u32_result_t pmu_safesu_overflow_vector_read(pmu_safesu_t* su);

/* ---- MCCU ------------------------------------------------------------------ */
/** Weight (0..255) of MCCU/RDC input i: 1R 1W. */
pmu_status_t pmu_safesu_mccu_weight_set(pmu_safesu_t* su, unsigned input, unsigned weight);
/** Weights of inputs 0..n-1, n <= inputs (0: nothing, PMU_OK): 1W per whole
 *  register (1R 1W for a partial last one). */
pmu_status_t pmu_safesu_mccu_weights_set(pmu_safesu_t* su, const uint8_t* weights, unsigned n);
/** Weight of input i: 1R. */
pmu_u8_result_t pmu_safesu_mccu_weight_get(pmu_safesu_t* su, unsigned input);
/** Budget of a core: 1R 3W. */
pmu_status_t pmu_safesu_mccu_budget_set(pmu_safesu_t* su, unsigned core, uint32_t limit);
/** Remaining budget of a core: 1R. */
pmu_u32_result_t pmu_safesu_mccu_remaining_read(pmu_safesu_t* su, unsigned core);
/** MCCU on: 1R 1W. */
pmu_status_t pmu_safesu_mccu_enable(pmu_safesu_t* su);
/** MCCU off (clears every core's sticky IRQ): 1R 1W. */
pmu_status_t pmu_safesu_mccu_disable(pmu_safesu_t* su);
/** MCCU soft reset (remaining budgets to 0): 1R 2W. */
pmu_status_t pmu_safesu_mccu_reset(pmu_safesu_t* su);
/** CFG1 bit 31, the hardware quota routing in the SoC wrapper: 1R 1W. */
pmu_status_t pmu_safesu_mccu_hw_quota_set(pmu_safesu_t* su, bool on);
/** Reload one core's limit and clear the sticky IRQ: 1R 2W. */
pmu_status_t pmu_safesu_mccu_refill(pmu_safesu_t* su, unsigned core);
/** Reload the limits of the cores in core_mask and clear the sticky IRQ: 1R 2W. */
pmu_status_t pmu_safesu_mccu_refill_cores(pmu_safesu_t* su, uint32_t core_mask);
/** What the MCCU hook does after its callback (kept in the callback table:
 *  PMU_EUNAVAILABLE without pmu_safesu_callbacks_attach()). */
pmu_status_t pmu_safesu_mccu_irq_policy_set(pmu_safesu_t* su, pmu_safesu_mccu_irq_policy_t policy);

/* ---- RDC ------------------------------------------------------------------- */
/** RDC on: 1R 1W. PMU_EUNAVAILABLE on old 4-core RTL (as every RDC write below). */
pmu_status_t pmu_safesu_rdc_enable(pmu_safesu_t* su);
/** RDC off (clears IRQ and vector, keeps watermarks): 1R 1W. */
pmu_status_t pmu_safesu_rdc_disable(pmu_safesu_t* su);
/** RDC soft reset (watermarks, vector, IRQ): 1R 2W. */
pmu_status_t pmu_safesu_rdc_reset(pmu_safesu_t* su);
/** Clear the RDC IRQ (watermarks kept): 1R 2W. */
pmu_status_t pmu_safesu_rdc_irq_clear(pmu_safesu_t* su);
/** Threshold of input i: it IS the input's MCCU weight (one shared register). */
pmu_status_t pmu_safesu_rdc_threshold_set(pmu_safesu_t* su, unsigned input, unsigned threshold);
/** Watermark of input i: 1R. */
pmu_u8_result_t pmu_safesu_rdc_watermark_read(pmu_safesu_t* su, unsigned input);
/** Watermarks of inputs 0..n-1: ceil(n/4) R. n = 0 reads nothing and returns
 *  PMU_OK, out NULL or not; out NULL with n > 0: PMU_EBADARG. */
pmu_status_t pmu_safesu_rdc_watermarks_read(pmu_safesu_t* su, uint8_t* out, unsigned n);
/** The RDC vector, one bit per input: 1R. */
pmu_u32_result_t pmu_safesu_rdc_vector_read(pmu_safesu_t* su);
/** Whether input i's RDC bit is set: 1R. */
pmu_bool_result_t pmu_safesu_rdc_fired(pmu_safesu_t* su, unsigned input);

/* ---- Interrupt callbacks (no hardware access; fn NULL removes) -------------- */
/** Counter's overflow callback. PMU_EUNAVAILABLE without attached callbacks. */
pmu_status_t pmu_safesu_overflow_callback_set(pmu_safesu_t* su, unsigned counter, pmu_irq_fn_t fn, void* ctx);
/** Core's MCCU callback. PMU_EUNAVAILABLE without attached callbacks. */
pmu_status_t pmu_safesu_mccu_callback_set(pmu_safesu_t* su, unsigned core, pmu_irq_fn_t fn, void* ctx);
/** Input's RDC callback. PMU_EUNAVAILABLE without attached callbacks. */
pmu_status_t pmu_safesu_rdc_callback_set(pmu_safesu_t* su, unsigned input, pmu_irq_fn_t fn, void* ctx);
/** FT callback. PMU_EUNAVAILABLE without FT or without attached callbacks. */
pmu_status_t pmu_safesu_ft_callback_set(pmu_safesu_t* su, pmu_irq_fn_t fn, void* ctx);

/* ---- Interrupt hooks (pmu/irq.hpp's order): call from the line's handler.
 * The answer's value is the mask served. ------------------------------------ */
/** The overflow line: snapshot, callbacks, fold, clear. 3R 2W for one flag. */
pmu_u32_result_t pmu_safesu_overflow_irq_handle(pmu_safesu_t* su);
/** Core's MCCU line: callback, then refill or clear per the policy: 1R 2W. */
pmu_u32_result_t pmu_safesu_mccu_irq_handle(pmu_safesu_t* su, unsigned core);
/** The RDC line: snapshot, callbacks, clear: 2R 2W. */
pmu_u32_result_t pmu_safesu_rdc_irq_handle(pmu_safesu_t* su);
/** FT line, which: 1 = FT1 (corrected), 2 = FT2 (uncorrectable): the callback only. */
pmu_status_t pmu_safesu_ft_irq_handle(pmu_safesu_t* su, unsigned which);

/* ---- Interrupt lines of the public AHB wrappers (docs/hw/safesu.md §3.7) -- */
/** The public ahb_wrapper.vhd versions; a board states which its bitstream has. */
typedef enum pmu_safesu_wrapper {
  PMU_SAFESU_WRAPPER_A = 0, /**< 4 CPUs: overflow 6, quota 12, RDC 11, MCCU core c on 7 + c */
  PMU_SAFESU_WRAPPER_B = 1, /**< any core count: overflow 10, quota 12, RDC 11, MCCU core c on (10 - cores) + c */
  PMU_SAFESU_WRAPPER_C = 2, /**< as B while CFG1 bit 31 is 0 */
  PMU_SAFESU_WRAPPER_MAX_ = 0x7FFFFFFF
} pmu_safesu_wrapper_t;
/** The AHB interrupt lines a wrapper drives (layout-compatible with
 *  pmu::safesu::WrapperIrqs). FT1/FT2 reach no line in any version. */
typedef struct pmu_safesu_wrapper_irqs {
  uint8_t overflow; /**< intr_overflow_o */
  uint8_t quota;    /**< intr_quota_o */
  uint8_t rdc;      /**< intr_RDC_o */
  uint8_t mccu0;    /**< intr_MCCU_o[0]; core c is on mccu0 + c */
} pmu_safesu_wrapper_irqs_t;
/** The lines of wrapper w for a build with 'cores' MCCU cores (no access).
 *  PMU_EBADARG if that version does not exist for that core count. */
pmu_status_t pmu_safesu_wrapper_irqs_get(pmu_safesu_wrapper_t w, unsigned cores, pmu_safesu_wrapper_irqs_t* irqs);

/* ---- ISR adapters: the void (*)(void*) shape RTEMS, FreeRTOS and Zephyr
 * install directly. A bad argument is ignored (nothing touched). --------- */
/** Overflow line ISR: su is a pmu_safesu_t*. */
void pmu_safesu_overflow_isr(void* su);
/** RDC line ISR: su is a pmu_safesu_t*. */
void pmu_safesu_rdc_isr(void* su);
/** One core's MCCU line: the argument of pmu_safesu_mccu_isr(). */
typedef struct pmu_safesu_mccu_line {
  pmu_safesu_t* su; /**< the unit */
  unsigned core;    /**< the core whose line this is */
} pmu_safesu_mccu_line_t;
/** MCCU line ISR: line is a pmu_safesu_mccu_line_t* (kept by the caller). */
void pmu_safesu_mccu_isr(void* line);

/* ---- Self-test (destructive; see docs/safesu.md) -------------------------- */
/** How a check's observed value compares with its expected one. */
typedef enum pmu_safesu_relation {
  PMU_SAFESU_REL_EQ = 0, /**< observed == expected */
  PMU_SAFESU_REL_NE = 1, /**< observed != expected */
  PMU_SAFESU_REL_LT = 2, /**< observed < expected */
  PMU_SAFESU_REL_MAX_ = 0x7FFFFFFF
} pmu_safesu_relation_t;

/** One self-test check (layout-compatible with pmu::safesu::Check). */
typedef struct pmu_safesu_check {
  const char* name;  /**< what was checked */
  uint8_t rel;       /**< a pmu_safesu_relation_t value */
  uint32_t expected; /**< the expected value */
  uint32_t observed; /**< what the unit gave */
  bool pass;         /**< the relation holds */
} pmu_safesu_check_t;

/** Room for the checks of one run. */
#define PMU_SAFESU_MAX_SELFTEST_CHECKS 24

/** The self-test's report (layout-compatible with pmu::safesu::SelftestReport). */
typedef struct pmu_safesu_selftest_report {
  pmu_safesu_check_t checks[PMU_SAFESU_MAX_SELFTEST_CHECKS]; /**< in the order they ran */
  uint8_t count;  /**< checks made */
  uint8_t failed; /**< checks that failed */
} pmu_safesu_selftest_report_t;

/** Run the self-test. PMU_OK: every check passed; PMU_EFAILED: see the report. */
pmu_status_t pmu_safesu_selftest_run(pmu_safesu_t* su, pmu_safesu_selftest_report_t* report);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_SAFESU_H */
