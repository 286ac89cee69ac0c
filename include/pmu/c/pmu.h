/* SPDX-License-Identifier: Apache-2.0 */
/* pmukit C API: everything. Include the per-unit headers instead to pull in
 * less (pmu/c/pmu_safesu.h, pmu/c/pmu_cm.h, pmu/c/pmu_riscv.h,
 * pmu/c/pmu_grlib.h). Which units a board's libpmu.a wraps is its
 * BOARD_CAPI (src/capi/pmu_<unit>.cpp; by default every unit of
 * BOARD_UNITS). */
#ifndef PMU_C_PMU_H
#define PMU_C_PMU_H

#include "pmu/c/pmu_status.h"
#include "pmu/c/pmu_safesu.h"
#include "pmu/c/pmu_cm.h"
#include "pmu/c/pmu_riscv.h"
#include "pmu/c/pmu_grlib.h"

#endif /* PMU_C_PMU_H */
