// SPDX-License-Identifier: Apache-2.0
/// @file
/// The Sampler's tables for the XiangShan CUTE AME counters
/// (riscv::ame::AmeCounters; units/counter_file.hpp says what each call
/// does). The AME overflow is the board's own line (board::config::kAme),
/// not LCOFI: attach the file's overflow_isr there; arm() leaves the
/// interrupt enable to that line.
#pragma once

#include "pmu/profile/units/counter_file.hpp"
#include "pmu/riscv/ame.hpp"

namespace pmu::profile::units {

/// Sampling on an AME counter (e.g. an MMA or memory-request event).
using AmeOps = CounterFileOps<riscv::ame::AmeCounters>;

}  // namespace pmu::profile::units
