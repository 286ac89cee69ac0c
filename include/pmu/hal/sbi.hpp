// SPDX-License-Identifier: Apache-2.0
// The SBI half of the hardware seam: one `ecall` from S-mode to the SBI
// implementation (OpenSBI) below. On a RISC-V target this is the inline
// instruction (a7 = extension, a6 = function, a0..a5 = arguments; the reply
// in a0 = error, a1 = value: SBI specification, "Binary Encoding"); in a host
// build it calls the pmu_host_sbi_call seam, so a test scripts every reply.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"

namespace pmu::hal {

// Values are XLEN wide (csr_word), the error is the signed SBI error code.
struct SbiRet {
  long error;
  csr_word value;
};

// SBI error codes (SBI specification, "Standard SBI Errors").
constexpr long kSbiSuccess = 0;
constexpr long kSbiErrFailed = -1;
constexpr long kSbiErrNotSupported = -2;
constexpr long kSbiErrInvalidParam = -3;
constexpr long kSbiErrDenied = -4;
constexpr long kSbiErrAlreadyStarted = -7;
constexpr long kSbiErrAlreadyStopped = -8;

inline SbiRet sbi_call(uint32_t eid, uint32_t fid, csr_word a0 = 0, csr_word a1 = 0, csr_word a2 = 0,
                       csr_word a3 = 0, csr_word a4 = 0, csr_word a5 = 0) {
#if defined(PMU_HOST)
  const pmu_host_sbiret_t r = pmu_host_sbi_call(eid, fid, a0, a1, a2, a3, a4, a5);
  return SbiRet{static_cast<long>(r.error), static_cast<csr_word>(r.value)};
#elif defined(__riscv)
  register csr_word r0 __asm__("a0") = a0;
  register csr_word r1 __asm__("a1") = a1;
  register csr_word r2 __asm__("a2") = a2;
  register csr_word r3 __asm__("a3") = a3;
  register csr_word r4 __asm__("a4") = a4;
  register csr_word r5 __asm__("a5") = a5;
  register csr_word r6 __asm__("a6") = fid;
  register csr_word r7 __asm__("a7") = eid;
  __asm__ volatile("ecall"
                   : "+r"(r0), "+r"(r1)
                   : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
                   : "memory");
  return SbiRet{static_cast<long>(r0), r1};
#else
  (void)eid, (void)fid, (void)a0, (void)a1, (void)a2, (void)a3, (void)a4, (void)a5;
  return SbiRet{kSbiErrNotSupported, 0};
#endif
}

}  // namespace pmu::hal
