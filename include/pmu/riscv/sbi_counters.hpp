// SPDX-License-Identifier: Apache-2.0
// The standard counters from S-mode, under an SBI implementation (the normal
// case for firmware and kernels under OpenSBI): the same CounterFile calls as
// Counters, with SbiMap (sbi_map.hpp) doing the machine-only work through the
// SBI PMU extension. Selected at build time by the type (Counters in M-mode,
// SbiCounters in S-mode). Differences a caller sees:
//  - program(i, ev) configures SBI's raw event (type 2) with the selector
//    (48 bits); program_event() configures an SBI event (e.g. the hardware
//    events sbi_pmu::kHwCpuCycles/kHwInstructions); both stop counter i;
//  - event(i) and probe_width(i) are kUnavailable (mhpmevent is M-only and a
//    counter cannot be written without starting it); discover() sets the
//    widths from counter_get_info;
//  - the overflow of a counter is armed by start() (SBI clears OF there).
#pragma once

#include "pmu/counter_unit.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/riscv/sbi_map.hpp"

namespace pmu::riscv {

using SbiCounters = CounterFile<SbiMap>;
static_assert(check_counter_unit<SbiCounters>(), "the SBI file is a counter unit (include/pmu/counter_unit.hpp)");

namespace sbi {

// Check the SBI implementation against the configuration: the PMU extension
// is there, and every configured counter is the hardware counter of the
// same index (counter_get_info CSR 0xC00 + i). Declares each counter's width
// (used by tracked totals). Returns the configured counters SBI has
// (kMismatch if that is not all of them, with nothing else done).
Result<uint32_t> discover(SbiCounters& file);

}  // namespace sbi
}  // namespace pmu::riscv
