// SPDX-License-Identifier: Apache-2.0
// The counter CSR profile of this board (Ibex hpm counters, AME CSRs).
#pragma once

#include "board_config.hpp"
#include "devices.hpp"

namespace examples {

#if EXAMPLES_EMULATED
// The emulated profiles (sim/soc/soc.cpp): Ibex simple system on RV32,
// XiangShan CUTE AME on RV64; the AME overflow line is a virtual line.
constexpr unsigned kIbexHpmNum = 10;
constexpr unsigned kIbexHpmWidth = 40;
constexpr bool kAmeDeclared = true;
constexpr unsigned kAmeLine = board::config::kAmeIrqLine;
#else
#if defined(PMU_EXAMPLE_IBEX)
constexpr unsigned kIbexHpmNum = board::config::kMhpmCounterNum;
constexpr unsigned kIbexHpmWidth = board::config::kMhpmCounterWidth;
#endif
#if defined(PMU_EXAMPLE_AME)
constexpr bool kAmeDeclared = board::config::kHasAme;
#endif
// The AME overflow line is SoC wiring no public document gives: not wired
// here, the example polls the hook.
constexpr unsigned kAmeLine = ~0u;
#endif

}  // namespace examples
