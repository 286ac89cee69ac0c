// SPDX-License-Identifier: Apache-2.0
/// @file
/// The Sampler's tables for the standard RISC-V counters with Sscofpmf:
/// M-mode images use SscofpmfOps over riscv::Counters, S-mode images under
/// SBI use SbiOps over riscv::SbiCounters (units/counter_file.hpp says what
/// each call does). The trigger is an hpm counter programmed with the event
/// to sample on; its overflow is the local counter-overflow interrupt
/// (LCOFI, board line 13 on the virt boards), whose handler calls the
/// file's handle_overflow_irq().
#pragma once

#include "pmu/profile/units/counter_file.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/sbi_counters.hpp"

/// Adapters from the counter units to the profiler.
namespace pmu::profile::units {

/// Sampling on the standard counters from M-mode.
using SscofpmfOps = CounterFileOps<riscv::Counters>;
/// Sampling on the standard counters from S-mode, through the SBI PMU extension.
using SbiOps = CounterFileOps<riscv::SbiCounters>;

}  // namespace pmu::profile::units
