/* pmukit C API: everything. Include the per-unit headers instead to pull in
 * less (pmu/c/safesu.h, pmu/c/cm.h, pmu/c/riscv.h, pmu/c/grlib.h). Which
 * units a board's libpmu.a implements is its BOARD_UNITS (c_api_<unit>). */
#ifndef PMU_C_PMU_H
#define PMU_C_PMU_H

#include "pmu/c/status.h"
#include "pmu/c/safesu.h"
#include "pmu/c/cm.h"
#include "pmu/c/riscv.h"
#include "pmu/c/grlib.h"

#endif /* PMU_C_PMU_H */
