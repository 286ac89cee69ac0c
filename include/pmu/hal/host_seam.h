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

/** Host build: one 32-bit MMIO read at byte address addr (the user's fake or model answers). */
uint32_t pmu_host_mmio_read32(uintptr_t addr);
/** Host build: one 32-bit MMIO write of value at byte address addr. */
void pmu_host_mmio_write32(uintptr_t addr, uint32_t value);

/* CSR access by number. Values are XLEN wide (PMU_HOST_XLEN, 32 or 64);
 * set/clear return the old value as csrrs/csrrc do. */
/** Host build: reads CSR number csr (csrr); XLEN-wide value. */
uint64_t pmu_host_csr_read(uint32_t csr);
/** Host build: writes value to CSR number csr (csrw). */
void pmu_host_csr_write(uint32_t csr, uint64_t value);
/** Host build: sets bits in CSR csr; returns the old value (csrrs). */
uint64_t pmu_host_csr_set(uint32_t csr, uint64_t bits);
/** Host build: clears bits in CSR csr; returns the old value (csrrc). */
uint64_t pmu_host_csr_clear(uint32_t csr, uint64_t bits);

/* An SBI call (ecall from S-mode): extension eid, function fid, arguments
 * a0..a5 (XLEN wide); returns the SBI error code and value (a0, a1). */
/** The reply of an SBI call, as a0/a1 carry it. */
typedef struct pmu_host_sbiret {
  int64_t error; /**< SBI error code (0 success, negative: SBI specification, "Standard SBI Errors"). */
  int64_t value; /**< Returned value (XLEN wide). */
} pmu_host_sbiret_t;
/** Host build: the SBI call eid/fid with arguments a0..a5; the test scripts the reply. */
pmu_host_sbiret_t pmu_host_sbi_call(uint32_t eid, uint32_t fid, uint64_t a0, uint64_t a1, uint64_t a2,
                                    uint64_t a3, uint64_t a4, uint64_t a5);

#ifdef __cplusplus
}
#endif

#endif
