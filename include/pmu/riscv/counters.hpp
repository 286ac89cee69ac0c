// SPDX-License-Identifier: Apache-2.0
// The standard machine counters (Zicntr/Zihpm/Sscofpmf) as M-mode code sees
// them. S-mode code under an SBI implementation uses SbiCounters
// (sbi_counters.hpp): the same calls, machine-only work done by SBI.
#pragma once

#include "pmu/counter_unit.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/riscv/machine_csrs.hpp"

namespace pmu::riscv {

using Counters = CounterFile<StandardMap>;
static_assert(check_counter_unit<Counters>(), "the standard file is a counter unit (include/pmu/counter_unit.hpp)");

}  // namespace pmu::riscv
