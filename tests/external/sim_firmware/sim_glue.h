/* SPDX-License-Identifier: Apache-2.0 */
/* The project's one place that talks to the simulator: pmukit-sim's C++ API
 * (pmu_sim/soc.hpp, pmu_sim/harness.hpp) and the board's records
 * (board_config.hpp) under C names, so both firmwares use it. pmukit-sim
 * has no C header of its own yet, so a C project carries this glue
 * (sim_glue.cpp, compiled as C++; docs/sim.md). The board has one: board.h. */
#ifndef SIM_GLUE_H
#define SIM_GLUE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Workload phases and the SoC events they raise (pmu_sim/soc.hpp). */
typedef enum { FW_PHASE_COMPUTE, FW_PHASE_MATRIX } fw_phase_t;

/* Maps the board's emulated units: the SafeSU; on RISC-V the CM perf
 * block; on RV64 the AME counter CSRs. */
bool fw_sim_attach(void);
/* Attaches handler(ctx) to a board line, level-sensitive: it runs while a
 * model drives the line. */
bool fw_sim_irq_attach(unsigned line, void (*handler)(void* ctx), void* ctx);
/* Runs 'rounds' rounds of integer arithmetic in 'phase'. Returns a checksum. */
uint32_t fw_sim_run(fw_phase_t phase, unsigned rounds);

/* The board's records. */
uintptr_t fw_safesu_base(void);
unsigned fw_safesu_overflow_line(void);
bool fw_cm_present(void);
uintptr_t fw_cm_gcr_base(void);
/* SoC event numbers of the emulated SoC (pmu_sim/soc_events.hpp). */
unsigned fw_event_cpu0_cycles(void);
unsigned fw_event_cpu0_compute(void);

#ifdef __cplusplus
}
#endif

#endif
