// SPDX-License-Identifier: Apache-2.0
// Board data of the QEMU virt machine (the qemu-virt-* boards). The units
// QEMU does not emulate are served by the simulator's trap-and-emulate
// runtime at addresses where the virt machine has nothing mapped (an access
// there is a real access fault). Their lines are virtual lines (virt_irq.hpp).
#pragma once

#include <stdint.h>

#include "board_instances.hpp"

namespace board::config {

// The 4-core/128-event SafeSU, its lines numbered as wrapper version A
// (docs/hw/safesu.md §3.7).
constexpr SafesuInstance kSafesu{0x1F000000, 4, 128,
                                 safesu_lines(pmu::safesu::wrapper_irqs(pmu::safesu::Wrapper::kA, 4))};
static_assert(pmu::safesu::wrapper_fits(pmu::safesu::Wrapper::kA, kSafesu.cores), "wrapper A is the 4-CPU one");
// The 6-core/256-event (SELENE) build next to it, numbered as wrapper
// version B for 6 cores and moved up by 16 lines, clear of the first
// instance and the CM: overflow 26, quota 28, RDC 27, MCCU core c on 20 + c.
constexpr SafesuInstance kSafesu6c256{0x1F100000, 6, 256,
                                      safesu_lines(pmu::safesu::wrapper_irqs(pmu::safesu::Wrapper::kB, 6), 16)};
static_assert(pmu::safesu::wrapper_fits(pmu::safesu::Wrapper::kB, kSafesu6c256.cores), "wrapper B fits 6 cores");

// A Coherence Manager GCR with its perf block (at + 0x6000), CM_PCInt on line 5.
constexpr CmInstance kCm{0x1E000000, true, 5};

// The XiangShan CUTE AME counter CSRs, declared present (the emulated ones),
// overflow on line 2.
constexpr AmeInstance kAme{true, 2};

}  // namespace board::config
