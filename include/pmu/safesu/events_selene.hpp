// SPDX-License-Identifier: Apache-2.0
// SELENE's SafeSU event inputs (4 cores, 128 inputs), as data: the SafeSU
// User's Manual (Oct 2022), Table 2.1 "SELENE default input events",
// transcribed in docs/hw/selene-events.md §1. Inputs 42..127 are fillers
// (constant 0): event_at() answers them, no entry names them.
//
// Names: "const_high", "const_low", "core<c>.<signal>" for the per-core
// pulses (inst_pipe0, inst_pipe1, icache_miss, itlb_miss, dcache_l1_miss,
// dtlb_miss, branch_miss) and "core<i>.ccs_over_core<j>" for the contention
// cycle stack signal the manual calls "Contention Ci over Cj".
#pragma once

#include "pmu/safesu/events.hpp"

namespace pmu::safesu {

namespace detail {
constexpr const char kSeleneSource[] = "SafeSU User's Manual (Oct 2022), Table 2.1";
}  // namespace detail

/// The named inputs of SELENE's 4-core, 128-input SafeSU, in index order
/// (docs/hw/selene-events.md §1).
inline constexpr Event kSelene4c128Events[] = {
    {"const_high", 0, EventType::kDebug, kNoCore, kNoCore, 1,
     "Constant HIGH, used for debug purposes or clock cycles", detail::kSeleneSource},
    {"const_low", 1, EventType::kDebug, kNoCore, kNoCore, 0, "Constant LOW, used for debug purposes",
     detail::kSeleneSource},
    {"core0.inst_pipe0", 2, EventType::kPulse, 0, kNoCore, 0, "Instruction count pipeline 0", detail::kSeleneSource},
    {"core0.inst_pipe1", 3, EventType::kPulse, 0, kNoCore, 0, "Instruction count pipeline 1", detail::kSeleneSource},
    {"core0.icache_miss", 4, EventType::kPulse, 0, kNoCore, 0, "Instruction cache miss", detail::kSeleneSource},
    {"core0.itlb_miss", 5, EventType::kPulse, 0, kNoCore, 0, "Instruction TLB miss", detail::kSeleneSource},
    {"core0.dcache_l1_miss", 6, EventType::kPulse, 0, kNoCore, 0, "Data caches L1 miss", detail::kSeleneSource},
    {"core0.dtlb_miss", 7, EventType::kPulse, 0, kNoCore, 0, "Data TLB miss", detail::kSeleneSource},
    {"core0.branch_miss", 8, EventType::kPulse, 0, kNoCore, 0, "Branch predictor miss", detail::kSeleneSource},
    {"core1.inst_pipe0", 9, EventType::kPulse, 1, kNoCore, 0, "Instruction count pipeline 0", detail::kSeleneSource},
    {"core1.inst_pipe1", 10, EventType::kPulse, 1, kNoCore, 0, "Instruction count pipeline 1", detail::kSeleneSource},
    {"core1.icache_miss", 11, EventType::kPulse, 1, kNoCore, 0, "Instruction cache miss", detail::kSeleneSource},
    {"core1.itlb_miss", 12, EventType::kPulse, 1, kNoCore, 0, "Instruction TLB miss", detail::kSeleneSource},
    {"core1.dcache_l1_miss", 13, EventType::kPulse, 1, kNoCore, 0, "Data caches L1 miss", detail::kSeleneSource},
    {"core1.dtlb_miss", 14, EventType::kPulse, 1, kNoCore, 0, "Data TLB miss", detail::kSeleneSource},
    {"core1.branch_miss", 15, EventType::kPulse, 1, kNoCore, 0, "Branch predictor miss", detail::kSeleneSource},
    {"core2.inst_pipe0", 16, EventType::kPulse, 2, kNoCore, 0, "Instruction count pipeline 0", detail::kSeleneSource},
    {"core2.inst_pipe1", 17, EventType::kPulse, 2, kNoCore, 0, "Instruction count pipeline 1", detail::kSeleneSource},
    {"core2.icache_miss", 18, EventType::kPulse, 2, kNoCore, 0, "Instruction cache miss", detail::kSeleneSource},
    {"core2.itlb_miss", 19, EventType::kPulse, 2, kNoCore, 0, "Instruction TLB miss", detail::kSeleneSource},
    {"core2.dcache_l1_miss", 20, EventType::kPulse, 2, kNoCore, 0, "Data caches L1 miss", detail::kSeleneSource},
    {"core2.dtlb_miss", 21, EventType::kPulse, 2, kNoCore, 0, "Data TLB miss", detail::kSeleneSource},
    {"core2.branch_miss", 22, EventType::kPulse, 2, kNoCore, 0, "Branch predictor miss", detail::kSeleneSource},
    {"core3.inst_pipe0", 23, EventType::kPulse, 3, kNoCore, 0, "Instruction count pipeline 0", detail::kSeleneSource},
    {"core3.inst_pipe1", 24, EventType::kPulse, 3, kNoCore, 0, "Instruction count pipeline 1", detail::kSeleneSource},
    {"core3.icache_miss", 25, EventType::kPulse, 3, kNoCore, 0, "Instruction cache miss", detail::kSeleneSource},
    {"core3.itlb_miss", 26, EventType::kPulse, 3, kNoCore, 0, "Instruction TLB miss", detail::kSeleneSource},
    {"core3.dcache_l1_miss", 27, EventType::kPulse, 3, kNoCore, 0, "Data caches L1 miss", detail::kSeleneSource},
    {"core3.dtlb_miss", 28, EventType::kPulse, 3, kNoCore, 0, "Data TLB miss", detail::kSeleneSource},
    {"core3.branch_miss", 29, EventType::kPulse, 3, kNoCore, 0, "Branch predictor miss", detail::kSeleneSource},
    {"core0.ccs_over_core1", 30, EventType::kContention, 0, 1, 0, "Contention C0 over C1", detail::kSeleneSource},
    {"core0.ccs_over_core2", 31, EventType::kContention, 0, 2, 0, "Contention C0 over C2", detail::kSeleneSource},
    {"core0.ccs_over_core3", 32, EventType::kContention, 0, 3, 0, "Contention C0 over C3", detail::kSeleneSource},
    {"core1.ccs_over_core0", 33, EventType::kContention, 1, 0, 0, "Contention C1 over C0", detail::kSeleneSource},
    {"core1.ccs_over_core2", 34, EventType::kContention, 1, 2, 0, "Contention C1 over C2", detail::kSeleneSource},
    {"core1.ccs_over_core3", 35, EventType::kContention, 1, 3, 0, "Contention C1 over C3", detail::kSeleneSource},
    {"core2.ccs_over_core0", 36, EventType::kContention, 2, 0, 0, "Contention C2 over C0", detail::kSeleneSource},
    {"core2.ccs_over_core1", 37, EventType::kContention, 2, 1, 0, "Contention C2 over C1", detail::kSeleneSource},
    {"core2.ccs_over_core3", 38, EventType::kContention, 2, 3, 0, "Contention C2 over C3", detail::kSeleneSource},
    {"core3.ccs_over_core0", 39, EventType::kContention, 3, 0, 0, "Contention C3 over C0", detail::kSeleneSource},
    {"core3.ccs_over_core1", 40, EventType::kContention, 3, 1, 0, "Contention C3 over C1", detail::kSeleneSource},
    {"core3.ccs_over_core2", 41, EventType::kContention, 3, 2, 0, "Contention C3 over C2", detail::kSeleneSource},
};

/// SELENE 4c/128: the catalogue over kSelene4c128Events (use with the
/// layout pmu::safesu::k4c128).
inline constexpr EventCatalogue kSelene4c128 = {
    "SELENE 4c/128", 128, 4, kSelene4c128Events, sizeof(kSelene4c128Events) / sizeof(kSelene4c128Events[0]),
    detail::kSeleneSource};

static_assert(validate(kSelene4c128) == Status::kOk, "the SELENE table keeps the catalogue rules");
static_assert(kSelene4c128.count == 42, "Table 2.1 names inputs 0..41");

}  // namespace pmu::safesu
