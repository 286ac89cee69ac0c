// SPDX-License-Identifier: Apache-2.0
// EXPECT: storage fixed at build time (StaticStorage/NoStorage): nothing to attach
// A build-time counter file whose callbacks are compiled out (NoStorage, the
// default) has no table to attach: attach_callbacks() on it does not
// compile. Its legal twin attaches at run time.
#include "pmu/riscv/counters.hpp"
constexpr pmu::riscv::CounterConfig kCfg{0xD, true, true, pmu::riscv::OverflowSource::kScountovf};
pmu::riscv::CounterCallbacks g_table;
#ifdef PMU_CONTROL
pmu::riscv::FixedCounters<kCfg, pmu::AttachedStorage<pmu::riscv::CounterCallbacks>> g_file;
#else
pmu::riscv::FixedCounters<kCfg, pmu::NoStorage<pmu::riscv::CounterCallbacks>> g_file;
#endif
void f() { g_file.attach_callbacks(&g_table); }
