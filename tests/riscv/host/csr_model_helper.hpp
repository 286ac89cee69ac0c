// SPDX-License-Identifier: Apache-2.0
// The CSR model most RISC-V host tests run against: Sscofpmf, hpm counters
// 3 .. 3+num_hpm-1 of 'width' bits, the model's defaults otherwise (the
// standard CSRs, the host's XLEN, M privilege).
#pragma once

#include "pmu_sim/riscv_csr_model.hpp"

namespace pmu::test {

inline pmu::models::RiscvCsrConfig sscofpmf_csrs(unsigned num_hpm, unsigned width = 64) {
  pmu::models::RiscvCsrConfig mc;
  mc.sscofpmf = true;
  mc.num_hpm = num_hpm;
  mc.width = width;
  return mc;
}

}  // namespace pmu::test
