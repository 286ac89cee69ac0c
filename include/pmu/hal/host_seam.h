/* SPDX-License-Identifier: Apache-2.0 */
/* The public host seam: in a host build (PMU_HOST) every register access of
 * pmukit goes through these functions, which the test or the user defines
 * (a behavioural model, an expectation list, a fake of their own).
 * On targets they do not exist; the accesses are inline instructions. */
#ifndef PMU_HAL_HOST_SEAM_H
#define PMU_HAL_HOST_SEAM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

uint32_t pmu_host_mmio_read32(uintptr_t addr);
void pmu_host_mmio_write32(uintptr_t addr, uint32_t value);

/* CSR access by number. Values are XLEN wide (PMU_HOST_XLEN, 32 or 64);
 * set/clear return the old value as csrrs/csrrc do. */
uint64_t pmu_host_csr_read(uint32_t csr);
void pmu_host_csr_write(uint32_t csr, uint64_t value);
uint64_t pmu_host_csr_set(uint32_t csr, uint64_t bits);
uint64_t pmu_host_csr_clear(uint32_t csr, uint64_t bits);

#ifdef __cplusplus
}
#endif

#endif
