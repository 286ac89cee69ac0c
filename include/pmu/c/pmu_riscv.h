/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: RISC-V counter CSRs. One handle type serves the standard
 * Zicntr/Zihpm/Sscofpmf counters (pmu::riscv::Counters) and the XiangShan
 * CUTE AME counter file (pmu::riscv::ame::AmeCounters) and the S-mode SBI
 * backend (pmu::riscv::SbiCounters); the
 * pmu_riscv_counter*_ and pmu_riscv_overflow_* calls work on either. Ibex has
 * its own handle (fixed event wiring). Semantics: docs/riscv-counters.md.
 *
 * Counter index i: 0 = cycle, 2 = instret, 3..31 = hpm counters (bit i of
 * mcountinhibit); masks use the same bits.
 *
 *   static pmu_riscv_counters_t hpm;
 *   pmu_riscv_counters_config_t cfg;
 *   pmu_riscv_counters_config_default(&cfg);
 *   cfg.counters = 0x1Du;   cfg.sscofpmf = true;    // cycle, instret, hpm3, hpm4
 *   pmu_riscv_counters_init(&hpm, &cfg);            // touches nothing
 *   pmu_riscv_counters_prepare(&hpm);               // inhibit + clear selectors
 */
#ifndef PMU_C_RISCV_H
#define PMU_C_RISCV_H

#include "pmu/c/pmu_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Words of a pmu_riscv_counters_t: the magic word (which file) and the C++
 *  counter file (Counters, SbiCounters or ame::AmeCounters, one size).
 *  Exact: static_assert'ed by the library. */
/* The pointer size from the compiler, else from stdint.h; neither: stop,
 * rather than size a handle for the wrong one. */
#if defined(__SIZEOF_POINTER__) ? __SIZEOF_POINTER__ == 4 : (defined(UINTPTR_MAX) && UINTPTR_MAX == 0xFFFFFFFFu)
#define PMU_RISCV_COUNTERS_HANDLE_WORDS 8
#define PMU_RISCV_IBEX_HANDLE_WORDS 10 /**< magic, ibex::Config, IbexCounters */
#elif defined(__SIZEOF_POINTER__) ? __SIZEOF_POINTER__ == 8 : (defined(UINTPTR_MAX) && UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu)
#define PMU_RISCV_COUNTERS_HANDLE_WORDS 6
#define PMU_RISCV_IBEX_HANDLE_WORDS 7 /**< magic, ibex::Config, IbexCounters */
#else
#error "pmukit: pmu_riscv.h knows handle sizes for 32- and 64-bit pointers only"
#endif

/** A counter-file handle (standard, SBI or AME): caller-allocated, made by
 *  pmu_riscv_counters_init() or pmu_riscv_ame_init(); may be copied by value.
 *  Zero-filled: refused by every call. */
typedef struct pmu_riscv_counters {
  uintptr_t opaque_[PMU_RISCV_COUNTERS_HANDLE_WORDS]; /**< not for applications */
} pmu_riscv_counters_t;

/** Caller-provided overflow callbacks by counter index (layout-compatible
 *  with pmu::riscv::CounterCallbacks). Zero-filled: none. */
typedef struct pmu_riscv_callbacks {
  pmu_irq_callback_t cb[32]; /**< callback of counter i */
} pmu_riscv_callbacks_t;

/** Caller-provided widths and 64-bit extensions of the counters
 *  (pmu::riscv::CounterTotals, same size and alignment). Zero-filled it is
 *  ready (all widths 64 until probed or set), as after
 *  pmu_riscv_totals_init(). */
typedef struct pmu_riscv_totals {
  uint64_t opaque_[100]; /**< not for applications */
} pmu_riscv_totals_t;

/** Where the overflow vector comes from. */
typedef enum pmu_riscv_overflow_source {
  PMU_RISCV_OVERFLOW_SCOUNTOVF = 0, /**< one read of scountovf */
  PMU_RISCV_OVERFLOW_EVENT_OF = 1,  /**< the OF bit of each mhpmevent */
  PMU_RISCV_OVERFLOW_MAX_ = 0x7FFFFFFF
} pmu_riscv_overflow_source_t;

/** The privilege the counters are driven from. */
typedef enum pmu_riscv_irq_mode {
  PMU_RISCV_IRQ_MACHINE = 0,    /**< M-mode CSRs; the hook clears mip.LCOFIP */
  PMU_RISCV_IRQ_SUPERVISOR = 1, /**< S-mode under SBI: the SBI PMU extension, hpmcounter shadows, sip.LCOFIP */
  PMU_RISCV_IRQ_MAX_ = 0x7FFFFFFF
} pmu_riscv_irq_mode_t;

/** What a counter file has. Fill with pmu_riscv_counters_config_default() first. */
typedef struct pmu_riscv_counters_config {
  uint32_t counters;                           /**< implemented counters: bit 0 cycle, 2 instret, 3..31 hpm */
  bool sscofpmf;                               /**< OF/xINH bits, mhpmeventNh on RV32, scountovf, LCOFI */
  bool present;                                /**< false: every call is PMU_EUNAVAILABLE */
  pmu_riscv_overflow_source_t overflow_source; /**< where the overflow vector comes from */
  pmu_riscv_irq_mode_t irq_mode;               /**< machine (CSRs) or supervisor (SBI) */
} pmu_riscv_counters_config_t;

/** Privilege inhibit bit M (mhpmevent[62]). */
#define PMU_RISCV_INHIBIT_M 0x10u
/** Privilege inhibit bit S (mhpmevent[61]). */
#define PMU_RISCV_INHIBIT_S 0x08u
/** Privilege inhibit bit U (mhpmevent[60]). */
#define PMU_RISCV_INHIBIT_U 0x04u
/** Privilege inhibit bit VS (mhpmevent[59]). */
#define PMU_RISCV_INHIBIT_VS 0x02u
/** Privilege inhibit bit VU (mhpmevent[58]). */
#define PMU_RISCV_INHIBIT_VU 0x01u

/* ---- The standard (or SBI) counters and their storage --------------------- */
/** Defaults: no counters, no Sscofpmf, present, scountovf, machine mode. */
pmu_status_t pmu_riscv_counters_config_default(pmu_riscv_counters_config_t* cfg);
/** Make a standard (PMU_RISCV_IRQ_MACHINE) or SBI (PMU_RISCV_IRQ_SUPERVISOR)
 *  counter-file handle (touches nothing). */
pmu_status_t pmu_riscv_counters_init(pmu_riscv_counters_t* h, const pmu_riscv_counters_config_t* cfg);
/** Fill totals with its initial state (widths 64, extensions 0): all zero. */
pmu_status_t pmu_riscv_totals_init(pmu_riscv_totals_t* totals);
/** Use 'callbacks' for the overflow callbacks (NULL detaches; no access).
 *  Clears entry 0 (the cycle counter has no overflow; the hook looks it up
 *  for an empty snapshot). */
pmu_status_t pmu_riscv_callbacks_attach(pmu_riscv_counters_t* h, pmu_riscv_callbacks_t* callbacks);
/** Keep widths and 64-bit totals in 'totals' (NULL detaches; no access).
 *  Without it the extended reads and width calls are PMU_EUNAVAILABLE. */
pmu_status_t pmu_riscv_totals_track(pmu_riscv_counters_t* h, pmu_riscv_totals_t* totals);

/* ---- Any counter file (standard, SBI, AME) ---------------------------------- */
/** Inhibit every implemented hpm counter, zero its selector, restart totals. */
pmu_status_t pmu_riscv_counters_prepare(pmu_riscv_counters_t* h);
/** Raw value of counter i (one CSR read; two on RV32). */
pmu_u64_result_t pmu_riscv_counter_read(const pmu_riscv_counters_t* h, unsigned i);
/** Write counter i. */
pmu_status_t pmu_riscv_counter_write(pmu_riscv_counters_t* h, unsigned i, uint64_t value);
/** Start the counters of mask (mcountinhibit bits). */
pmu_status_t pmu_riscv_counters_start(pmu_riscv_counters_t* h, uint32_t mask);
/** Stop the counters of mask. */
pmu_status_t pmu_riscv_counters_stop(pmu_riscv_counters_t* h, uint32_t mask);
/** Raw 64-bit mhpmevent value (see pmu_riscv_hpm_event_make); hpm counters only. */
pmu_status_t pmu_riscv_counter_program(pmu_riscv_counters_t* h, unsigned i, uint64_t event);
/** The selector of hpm counter i. */
pmu_u64_result_t pmu_riscv_counter_event_read(const pmu_riscv_counters_t* h, unsigned i);
/** Probe the width of counter i (write all ones, read back); needs totals storage. */
pmu_u32_result_t pmu_riscv_counter_width_probe(pmu_riscv_counters_t* h, unsigned i);
/** Declare the width of counter i (1..64); needs totals storage. */
pmu_status_t pmu_riscv_counter_width_set(pmu_riscv_counters_t* h, unsigned i, unsigned bits);
/** 64-bit total of a narrow counter (software extension). */
pmu_u64_result_t pmu_riscv_counter_read_extended(pmu_riscv_counters_t* h, unsigned i);
/** Restart the 64-bit total of counter i at base. */
pmu_status_t pmu_riscv_counter_reset_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t base);
/** The overflow vector. PMU_EUNAVAILABLE without Sscofpmf. */
pmu_u32_result_t pmu_riscv_overflow_vector_read(const pmu_riscv_counters_t* h);
/** Clear the overflow flag of counter i. */
pmu_status_t pmu_riscv_overflow_clear(pmu_riscv_counters_t* h, unsigned i);
/** mie/sie.LCOFIE (standard file only; AME: PMU_EUNAVAILABLE, the line is the board's). */
pmu_status_t pmu_riscv_overflow_irq_enable(pmu_riscv_counters_t* h);
/** Overflow callback of hpm counter i (no access). PMU_EUNAVAILABLE without attached callbacks. */
pmu_status_t pmu_riscv_overflow_callback_set(pmu_riscv_counters_t* h, unsigned i, pmu_irq_fn_t fn, void* ctx);
/** The LCOFI (or AME overflow line) hook; the answer's value is the mask
 *  served. PMU_EUNAVAILABLE without Sscofpmf. */
pmu_u32_result_t pmu_riscv_overflow_irq_handle(pmu_riscv_counters_t* h);
/** ISR adapter of the LCOFI (or AME overflow) line, shape void (*)(void*): h is a pmu_riscv_counters_t*. */
void pmu_riscv_overflow_isr(void* h);

/** An mhpmevent value: event = the implementation's selector (bits 55:0),
 *  inhibit = PMU_RISCV_INHIBIT_* bits. */
pmu_u64_result_t pmu_riscv_hpm_event_make(uint64_t event, unsigned inhibit);

/* ---- S-mode under SBI (handles made with PMU_RISCV_IRQ_SUPERVISOR) -------- */
/** SBI event index of the hardware cycle event (type 0, code 1). */
#define PMU_RISCV_SBI_HW_CPU_CYCLES 0x00001u
/** SBI event index of the hardware instructions event (type 0, code 2). */
#define PMU_RISCV_SBI_HW_INSTRUCTIONS 0x00002u
/** Ask the SBI which counters exist (sbi_pmu_num_counters, counter_get_info)
 *  and keep the answer in the handle; the answer's value is the mask of the
 *  counters found. SBI handles only (else PMU_EBADARG). */
pmu_u32_result_t pmu_riscv_sbi_discover(pmu_riscv_counters_t* h);
/** Configure hpm counter i for SBI event event_idx (20 bits) with 'data',
 *  counting in the modes 'inhibit' (PMU_RISCV_INHIBIT_*) does not inhibit.
 *  Stops counter i. SBI handles only (else PMU_EBADARG). */
pmu_status_t pmu_riscv_sbi_counter_program(pmu_riscv_counters_t* h, unsigned i, uint32_t event_idx, uint64_t data,
                                           unsigned inhibit);

/* ---- XiangShan CUTE AME ------------------------------------------------------- */
/** How two AME events combine. */
typedef enum pmu_riscv_ame_op {
  PMU_RISCV_AME_OR = 0,  /**< a | b */
  PMU_RISCV_AME_AND = 1, /**< a & b */
  PMU_RISCV_AME_XOR = 2, /**< a ^ b */
  PMU_RISCV_AME_ADD = 4, /**< a + b */
  PMU_RISCV_AME_OP_MAX_ = 0x7FFFFFFF
} pmu_riscv_ame_op_t;

/** count += ((event[0] op[0] event[1]) op[2] (event[2] op[1] event[3])) per
 *  cycle. A single event E: {{E, 0, 0, 0}, {OR, OR, OR}, 0}. */
typedef struct pmu_riscv_ame_composition {
  uint16_t event[4];        /**< AME event ids 0..19 (0 = noEvent) */
  pmu_riscv_ame_op_t op[3]; /**< the three operators */
  unsigned inhibit;         /**< PMU_RISCV_INHIBIT_* */
} pmu_riscv_ame_composition_t;

/** Make an AME counter-file handle. declared: the board states this is
 *  XiangShan + CUTE (nothing probes the AME CSRs). counters: implemented AME
 *  counters (0 = all of ame_mcycle, ame_minstret, ame_mhpmcounter3..31). Not
 *  declared: every call is PMU_EUNAVAILABLE. */
pmu_status_t pmu_riscv_ame_init(pmu_riscv_counters_t* h, bool declared, uint32_t counters);
/** Program AME counter i with a composition (AME handles only). */
pmu_status_t pmu_riscv_ame_counter_program(pmu_riscv_counters_t* h, unsigned i,
                                           const pmu_riscv_ame_composition_t* comp);
/** ame_mcounteren, ame_hcounteren, ame_scounteren (bit 1 must be 0). */
pmu_status_t pmu_riscv_ame_counteren_set(pmu_riscv_counters_t* h, uint32_t m, uint32_t hs, uint32_t s);
/** Name of an AME event id; PMU_ENOTFOUND outside the pool. */
pmu_name_result_t pmu_riscv_ame_event_name_get(unsigned id);

/* ---- Ibex (fixed wiring: counter N counts event N; no overflow IRQ) ------------ */
/** An Ibex handle: caller-allocated, made by pmu_riscv_ibex_init(); may be
 *  copied by value. */
typedef struct pmu_riscv_ibex {
  uintptr_t opaque_[PMU_RISCV_IBEX_HANDLE_WORDS]; /**< not for applications */
} pmu_riscv_ibex_t;
/** Make an Ibex handle. mhpm_counter_num: MHPMCounterNum (0..10); width: MHPMCounterWidth (1..64). */
pmu_status_t pmu_riscv_ibex_init(pmu_riscv_ibex_t* h, unsigned mhpm_counter_num, unsigned width);
/** Keep widths and 64-bit totals in 'totals' (NULL detaches; no access). */
pmu_status_t pmu_riscv_ibex_totals_track(pmu_riscv_ibex_t* h, pmu_riscv_totals_t* totals);
/** Declare the widths and start the 64-bit extensions. PMU_EMISMATCH: the core has another number of hpm counters or another width (nothing changed). */
pmu_status_t pmu_riscv_ibex_prepare(pmu_riscv_ibex_t* h);
/** Counters the hardware has (mhpmevent non-zero), given also with
 *  PMU_EMISMATCH (counters or hpm width not the config's). */
pmu_u32_result_t pmu_riscv_ibex_discover(const pmu_riscv_ibex_t* h);
/** Raw value of counter i. */
pmu_u64_result_t pmu_riscv_ibex_counter_read(const pmu_riscv_ibex_t* h, unsigned i);
/** 64-bit total of counter i (needs totals storage). */
pmu_u64_result_t pmu_riscv_ibex_counter_read_extended(pmu_riscv_ibex_t* h, unsigned i);
/** By Ibex event id (0 cycles, 2 instret, 3 LSU cycles ... 12 div wait). */
pmu_u64_result_t pmu_riscv_ibex_event_read(const pmu_riscv_ibex_t* h, unsigned event_id);
/** Start the counters of mask. */
pmu_status_t pmu_riscv_ibex_counters_start(pmu_riscv_ibex_t* h, uint32_t mask);
/** Stop the counters of mask. */
pmu_status_t pmu_riscv_ibex_counters_stop(pmu_riscv_ibex_t* h, uint32_t mask);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_RISCV_H */
