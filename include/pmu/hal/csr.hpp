// SPDX-License-Identifier: Apache-2.0
// The CSR half of the hardware seam: csrr/csrw/csrs/csrc by compile-time CSR
// number. On a RISC-V target these are single inline instructions; in a host
// build they call the pmu_host_csr_* seam functions.
#pragma once

#include <stdint.h>

#ifdef PMU_HOST
#include "pmu/hal/host_seam.h"
#ifndef PMU_HOST_XLEN
#define PMU_HOST_XLEN 64
#endif
#endif

/// The hardware seam: MMIO, CSR and SBI accesses (inline instructions on a target, the host seam in a host build).
namespace pmu::hal {

#if defined(PMU_HOST)
#if PMU_HOST_XLEN == 32
using csr_word = uint32_t;  ///< A CSR value: XLEN wide.
#else
using csr_word = uint64_t;  ///< A CSR value: XLEN wide.
#endif
constexpr unsigned kXlen = PMU_HOST_XLEN;  ///< XLEN in bits (PMU_HOST_XLEN).
#elif defined(__riscv)
using csr_word = unsigned long;  ///< A CSR value: XLEN wide.
constexpr unsigned kXlen = __riscv_xlen;  ///< XLEN in bits.
#else
// CSR drivers are RISC-V only; other targets may include this header for the
// types but must not instantiate the accessors.
using csr_word = unsigned long;  ///< A CSR value (unsigned long; for the types only).
constexpr unsigned kXlen = sizeof(unsigned long) * 8;  ///< XLEN in bits (of unsigned long).
#endif

/// Reads CSR Csr: one csrr (the host seam in a host build).
template <uint32_t Csr>
inline csr_word csr_read() {
  static_assert(Csr < 4096, "CSR numbers are 12 bits");
#if defined(PMU_HOST)
  return static_cast<csr_word>(pmu_host_csr_read(Csr));
#elif defined(__riscv)
  csr_word v;
  __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(Csr) : "memory");
  return v;
#else
  static_assert(Csr != Csr, "CSR access on a non-RISC-V target");
  return 0;
#endif
}

/// Writes value to CSR Csr: one csrw.
template <uint32_t Csr>
inline void csr_write(csr_word value) {
  static_assert(Csr < 4096, "CSR numbers are 12 bits");
#if defined(PMU_HOST)
  pmu_host_csr_write(Csr, value);
#elif defined(__riscv)
  __asm__ volatile("csrw %0, %1" : : "i"(Csr), "r"(value) : "memory");
#else
  static_assert(Csr != Csr, "CSR access on a non-RISC-V target");
  (void)value;
#endif
}

/// Sets bits in CSR Csr; returns the old value (one csrrs).
template <uint32_t Csr>
inline csr_word csr_set(csr_word bits) {
  static_assert(Csr < 4096, "CSR numbers are 12 bits");
#if defined(PMU_HOST)
  return static_cast<csr_word>(pmu_host_csr_set(Csr, bits));
#elif defined(__riscv)
  csr_word old;
  __asm__ volatile("csrrs %0, %1, %2" : "=r"(old) : "i"(Csr), "r"(bits) : "memory");
  return old;
#else
  static_assert(Csr != Csr, "CSR access on a non-RISC-V target");
  (void)bits;
  return 0;
#endif
}

/// Clears bits in CSR Csr; returns the old value (one csrrc).
template <uint32_t Csr>
inline csr_word csr_clear(csr_word bits) {
  static_assert(Csr < 4096, "CSR numbers are 12 bits");
#if defined(PMU_HOST)
  return static_cast<csr_word>(pmu_host_csr_clear(Csr, bits));
#elif defined(__riscv)
  csr_word old;
  __asm__ volatile("csrrc %0, %1, %2" : "=r"(old) : "i"(Csr), "r"(bits) : "memory");
  return old;
#else
  static_assert(Csr != Csr, "CSR access on a non-RISC-V target");
  (void)bits;
  return 0;
#endif
}

}  // namespace pmu::hal
