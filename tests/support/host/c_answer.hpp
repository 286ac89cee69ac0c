// SPDX-License-Identifier: Apache-2.0
// A hook's C answer (handle_overflow_irq_as<pmu_u32_result_t>(), what the
// C API's hook returns) read back field by field as the Result it stands
// for, so a test can run that form beside the C++ one and compare.
#pragma once

#include "pmu/c/pmu_status.h"
#include "pmu/status.hpp"

namespace pmu::test {

inline Result<uint32_t> from_c_answer(const pmu_u32_result_t& a) {
  if (a.status == PMU_OK) return a.value;
  return static_cast<Status>(a.status);
}

}  // namespace pmu::test
