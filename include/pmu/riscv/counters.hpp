// SPDX-License-Identifier: Apache-2.0
// The standard machine counters (Zicntr/Zihpm/Sscofpmf) as M-mode code sees
// them. S-mode code under an SBI implementation uses SbiCounters
// (sbi_counters.hpp): the same calls, machine-only work done by SBI.
//
// Counters is configured at run time; FixedCounters at build time (the
// usual case on a fixed SoC): its configuration and storage are constants,
// so every check and mask folds to an immediate.
#pragma once

#include "pmu/counter_unit.hpp"
#include "pmu/riscv/counter_file.hpp"
#include "pmu/riscv/machine_csrs.hpp"

namespace pmu::riscv {

/// The standard machine counters, from M-mode.
using Counters = CounterFile<StandardMap>;
static_assert(check_counter_unit<Counters>(), "the standard file is a counter unit (include/pmu/counter_unit.hpp)");

/// The standard machine counters, configured at build time: C is a
/// constexpr CounterConfig with static storage duration; Callbacks and Totals
/// are StaticStorage (a table of the application's, fixed) or NoStorage (the
/// feature compiled out: on_overflow() and reset_total() are kUnavailable,
/// the hook calls nobody). The object holds nothing of its own; the same
/// calls and register work as Counters, every configuration test folded.
template <const CounterConfig& C, typename Callbacks = NoStorage<CounterCallbacks>,
          typename Totals = NoStorage<CounterTotals>>
using FixedCounters = CounterFile<StandardMap, FixedConfig<C>, Callbacks, Totals>;

}  // namespace pmu::riscv
