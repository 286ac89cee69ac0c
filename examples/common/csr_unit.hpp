// SPDX-License-Identifier: Apache-2.0
// The counter CSR profile of this board (Ibex hpm counters, AME CSRs).
#pragma once

#include "board_config.hpp"
#include "devices.hpp"

namespace examples {

#if EXAMPLES_EMULATED
// The emulated profile (sim/soc/soc.cpp): the Ibex simple system on RV32.
constexpr unsigned kIbexHpmNum = 10;
constexpr unsigned kIbexHpmWidth = 40;
#elif defined(PMU_EXAMPLE_IBEX)
constexpr unsigned kIbexHpmNum = board::config::kMhpmCounterNum;
constexpr unsigned kIbexHpmWidth = board::config::kMhpmCounterWidth;
#endif
#if EXAMPLES_EMULATED || defined(PMU_EXAMPLE_AME)
// The board's AME record: on QEMU boards the emulated CSRs and a virtual
// line; kNotWired makes the example poll the hook.
constexpr bool kAmeDeclared = board::config::kAme.declared;
constexpr unsigned kAmeLine = board::config::kAme.irq;
#endif

}  // namespace examples
