// SPDX-License-Identifier: Apache-2.0
// Static instances as an application defines them, so the linked program's
// symbol table says what each costs and where it lands (tools/object_ram.py
// reads bench_ram::*): the unit objects of each path, alone, and the
// storage an object can be given (callbacks, 64-bit totals). A run-time
// object's base and layout are known only at boot (plug&play discovery,
// board data), so it is where such an object lives: a pmu::Deferred,
// made by emplace() at boot (the entry below).
#include <stdint.h>

#include "../common/baseline.h"
#include "pmu/cm/perf.hpp"
#include "pmu/deferred.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/safesu/safesu.hpp"

namespace bench_ram {
pmu::Deferred<pmu::safesu::SafeSU> safesu_run_time;
pmu::safesu::FixedSafeSU<BENCH_SAFESU_BASE, pmu::safesu::k4c128> safesu_compile_time;
pmu::safesu::Callbacks safesu_callbacks{};
pmu::safesu::Totals safesu_totals{};

pmu::Deferred<pmu::cm::Perf> cm_run_time;
pmu::cm::FixedPerf<BENCH_CM_GCR_BASE> cm_compile_time;
pmu::cm::Callbacks cm_callbacks{};
pmu::cm::Totals cm_totals{};

// The RISC-V counter file (header-only: one kind of object).
pmu::riscv::Counters riscv_counters{
    pmu::riscv::CounterConfig{0xDu, true, true, pmu::riscv::OverflowSource::kScountovf}};
pmu::riscv::CounterCallbacks riscv_callbacks{};
pmu::riscv::CounterTotals riscv_totals{};
}  // namespace bench_ram

extern "C" const void* const bench_ram_objects[] = {
    &bench_ram::safesu_run_time, &bench_ram::safesu_compile_time, &bench_ram::safesu_callbacks,
    &bench_ram::safesu_totals,   &bench_ram::cm_run_time,         &bench_ram::cm_compile_time,
    &bench_ram::cm_callbacks,    &bench_ram::cm_totals,           &bench_ram::riscv_counters,
    &bench_ram::riscv_callbacks, &bench_ram::riscv_totals};
extern "C" const void* const* bench_size_entry() {
  // Boot: the run-time objects are made where they live.
  bench_ram::safesu_run_time.emplace(BENCH_SAFESU_BASE, pmu::safesu::k4c128);
  bench_ram::cm_run_time.emplace(BENCH_CM_GCR_BASE);
  return bench_ram_objects;
}
