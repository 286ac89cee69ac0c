/* SPDX-License-Identifier: Apache-2.0 */
/* pmukit C API: RISC-V counter CSRs. One handle type serves the standard
 * Zicntr/Zihpm/Sscofpmf counters (pmu::riscv::Counters) and the XiangShan
 * CUTE AME counter file (pmu::riscv::ame::AmeCounters); the
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

#if PMU_C_PTR32
#define PMU_RISCV_COUNTERS_HANDLE_SIZE 1096
#define PMU_RISCV_IBEX_HANDLE_SIZE 848
#else
#define PMU_RISCV_COUNTERS_HANDLE_SIZE 1368
#define PMU_RISCV_IBEX_HANDLE_SIZE 856
#endif

typedef struct pmu_riscv_counters {
  PMU_C_HANDLE_STORAGE(PMU_RISCV_COUNTERS_HANDLE_SIZE);
} pmu_riscv_counters_t;

typedef enum pmu_riscv_overflow_source {
  PMU_RISCV_OVERFLOW_SCOUNTOVF = 0, /* one read of scountovf */
  PMU_RISCV_OVERFLOW_EVENT_OF = 1, /* the OF bit of each mhpmevent */
  PMU_RISCV_OVERFLOW_MAX_ = 0x7FFFFFFF
} pmu_riscv_overflow_source_t;

typedef enum pmu_riscv_irq_mode {
  PMU_RISCV_IRQ_MACHINE = 0,   /* the hook clears mip.LCOFIP */
  PMU_RISCV_IRQ_SUPERVISOR = 1, /* S-mode under SBI: the SBI PMU extension, hpmcounter shadows, sip.LCOFIP */
  PMU_RISCV_IRQ_MAX_ = 0x7FFFFFFF
} pmu_riscv_irq_mode_t;

typedef struct pmu_riscv_counters_config {
  uint32_t counters; /* implemented counters: bit 0 cycle, 2 instret, 3..31 hpm */
  bool sscofpmf;     /* OF/xINH bits, mhpmeventNh on RV32, scountovf, LCOFI */
  bool present;      /* false: every call is PMU_EUNAVAILABLE */
  pmu_riscv_overflow_source_t overflow_source;
  pmu_riscv_irq_mode_t irq_mode;
} pmu_riscv_counters_config_t;

/* Privilege inhibit bits (mhpmevent[62:58]). */
#define PMU_RISCV_INHIBIT_M 0x10u
#define PMU_RISCV_INHIBIT_S 0x08u
#define PMU_RISCV_INHIBIT_U 0x04u
#define PMU_RISCV_INHIBIT_VS 0x02u
#define PMU_RISCV_INHIBIT_VU 0x01u

/* ---- The standard counters -------------------------------------------------- */
/* Defaults: no counters, no Sscofpmf, present, scountovf, machine mode. */
pmu_status_t pmu_riscv_counters_config_default(pmu_riscv_counters_config_t* cfg);
pmu_status_t pmu_riscv_counters_init(pmu_riscv_counters_t* h, const pmu_riscv_counters_config_t* cfg);

/* ---- Either counter file ---------------------------------------------------- */
/* Inhibit every implemented hpm counter, zero its selector, restart totals. */
pmu_status_t pmu_riscv_counters_prepare(pmu_riscv_counters_t* h);
pmu_status_t pmu_riscv_counter_read(const pmu_riscv_counters_t* h, unsigned i, uint64_t* value);
pmu_status_t pmu_riscv_counter_write(pmu_riscv_counters_t* h, unsigned i, uint64_t value);
pmu_status_t pmu_riscv_counters_start(pmu_riscv_counters_t* h, uint32_t mask);
pmu_status_t pmu_riscv_counters_stop(pmu_riscv_counters_t* h, uint32_t mask);
/* Raw 64-bit mhpmevent value (see pmu_riscv_hpm_event_make); hpm counters only. */
pmu_status_t pmu_riscv_counter_program(pmu_riscv_counters_t* h, unsigned i, uint64_t event);
pmu_status_t pmu_riscv_counter_event_read(const pmu_riscv_counters_t* h, unsigned i, uint64_t* event);
pmu_status_t pmu_riscv_counter_width_probe(pmu_riscv_counters_t* h, unsigned i, unsigned* bits);
pmu_status_t pmu_riscv_counter_width_set(pmu_riscv_counters_t* h, unsigned i, unsigned bits);
/* 64-bit total of a narrow counter (software extension). */
pmu_status_t pmu_riscv_counter_read_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t* total);
pmu_status_t pmu_riscv_counter_reset_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t base);
pmu_status_t pmu_riscv_overflow_vector_read(const pmu_riscv_counters_t* h, uint32_t* vector);
pmu_status_t pmu_riscv_overflow_clear(pmu_riscv_counters_t* h, unsigned i);
/* mie/sie.LCOFIE (standard file only; AME: PMU_EUNAVAILABLE, the line is the board's). */
pmu_status_t pmu_riscv_overflow_irq_enable(pmu_riscv_counters_t* h);
pmu_status_t pmu_riscv_overflow_callback_set(pmu_riscv_counters_t* h, unsigned i, pmu_irq_fn_t fn, void* ctx);
/* The LCOFI (or AME overflow line) hook; 'vector' (may be NULL) gets the snapshot.
 * PMU_EUNAVAILABLE without Sscofpmf. */
pmu_status_t pmu_riscv_overflow_irq_handle(pmu_riscv_counters_t* h, uint32_t* vector);

/* event = the implementation's selector (bits 55:0), inhibit = PMU_RISCV_INHIBIT_* */
pmu_status_t pmu_riscv_hpm_event_make(uint64_t event, unsigned inhibit, uint64_t* raw);

/* ---- XiangShan CUTE AME ------------------------------------------------------- */
typedef enum pmu_riscv_ame_op {
  PMU_RISCV_AME_OR = 0,
  PMU_RISCV_AME_AND = 1,
  PMU_RISCV_AME_XOR = 2,
  PMU_RISCV_AME_ADD = 4,
  PMU_RISCV_AME_OP_MAX_ = 0x7FFFFFFF
} pmu_riscv_ame_op_t;

/* count += ((event[0] op[0] event[1]) op[2] (event[2] op[1] event[3])) per cycle.
 * A single event E: {{E, 0, 0, 0}, {OR, OR, OR}, 0}. */
typedef struct pmu_riscv_ame_composition {
  uint16_t event[4];      /* AME event ids 0..19 (0 = noEvent) */
  pmu_riscv_ame_op_t op[3];
  unsigned inhibit;       /* PMU_RISCV_INHIBIT_* */
} pmu_riscv_ame_composition_t;

/* declared: the board states this is XiangShan + CUTE (the AME CSRs are other
 * CSRs elsewhere; nothing probes them). counters: implemented AME counters
 * (0 = the default, all of ame_mcycle, ame_minstret, ame_mhpmcounter3..31).
 * Not declared: every call is PMU_EUNAVAILABLE. */
pmu_status_t pmu_riscv_ame_init(pmu_riscv_counters_t* h, bool declared, uint32_t counters);
pmu_status_t pmu_riscv_ame_counter_program(pmu_riscv_counters_t* h, unsigned i,
                                           const pmu_riscv_ame_composition_t* comp);
/* ame_mcounteren, ame_hcounteren, ame_scounteren (bit 1 must be 0). */
pmu_status_t pmu_riscv_ame_counteren_set(pmu_riscv_counters_t* h, uint32_t m, uint32_t hs, uint32_t s);
pmu_status_t pmu_riscv_ame_event_name_get(unsigned id, const char** name);

/* ---- Ibex (fixed wiring: counter N counts event N; no overflow IRQ) ------------ */
typedef struct pmu_riscv_ibex {
  PMU_C_HANDLE_STORAGE(PMU_RISCV_IBEX_HANDLE_SIZE);
} pmu_riscv_ibex_t;

/* mhpm_counter_num: MHPMCounterNum (0..10); width: MHPMCounterWidth (1..64). */
pmu_status_t pmu_riscv_ibex_init(pmu_riscv_ibex_t* h, unsigned mhpm_counter_num, unsigned width);
/* Declare the widths and start the 64-bit extensions. */
pmu_status_t pmu_riscv_ibex_prepare(pmu_riscv_ibex_t* h); /* PMU_EMISMATCH: the core's hpm width differs */
/* Counters the hardware has (mhpmevent non-zero), written also on PMU_EMISMATCH
 * (counters or hpm width not the config's). */
pmu_status_t pmu_riscv_ibex_discover(const pmu_riscv_ibex_t* h, uint32_t* mask);
pmu_status_t pmu_riscv_ibex_counter_read(const pmu_riscv_ibex_t* h, unsigned i, uint64_t* value);
pmu_status_t pmu_riscv_ibex_counter_read_extended(pmu_riscv_ibex_t* h, unsigned i, uint64_t* total);
/* By Ibex event id (0 cycles, 2 instret, 3 LSU cycles ... 12 div wait). */
pmu_status_t pmu_riscv_ibex_event_read(const pmu_riscv_ibex_t* h, unsigned event_id, uint64_t* value);
pmu_status_t pmu_riscv_ibex_counters_start(pmu_riscv_ibex_t* h, uint32_t mask);
pmu_status_t pmu_riscv_ibex_counters_stop(pmu_riscv_ibex_t* h, uint32_t mask);

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_RISCV_H */
