// SPDX-License-Identifier: Apache-2.0
// EXPECT: ame::program takes an AME counter file
// ame::program() writes an AME composition into a selector; the standard
// counters' selectors take another encoding, so programming a standard file
// with it does not compile. Its legal twin programs an AME file.
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
constexpr pmu::riscv::CounterConfig kCfg{0xD, true, true, pmu::riscv::OverflowSource::kScountovf};
#ifdef PMU_CONTROL
pmu::riscv::ame::AmeCounters g_file{kCfg};
#else
pmu::riscv::Counters g_file{kCfg};
#endif
pmu::Status f() { return pmu::riscv::ame::program(g_file, 3, pmu::riscv::ame::Composition{}); }
