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

/* An SBI call (ecall from S-mode): extension eid, function fid, arguments
 * a0..a5 (XLEN wide); returns the SBI error code and value (a0, a1). */
typedef struct pmu_host_sbiret {
  int64_t error;
  int64_t value;
} pmu_host_sbiret_t;
pmu_host_sbiret_t pmu_host_sbi_call(uint32_t eid, uint32_t fid, uint64_t a0, uint64_t a1, uint64_t a2,
                                    uint64_t a3, uint64_t a4, uint64_t a5);

#ifdef __cplusplus
}
#endif

#endif
