// SPDX-License-Identifier: Apache-2.0
// Board data of qemu-leon3: QEMU 7.2 leon3_generic (docs/hw/grlib-leon3-qemu.md
// §6.3). The units QEMU does not emulate are served by the simulator's
// trap-and-emulate runtime at physical addresses where the machine has
// nothing; the SRMMU flat map (srmmu.cpp) turns an access there into a real
// data_access_error trap (tt 0x29).
#pragma once

#include <stdint.h>

#include "board_instances.hpp"
#include "grlib/gptimer.hpp"

namespace board::config {

constexpr const char* kBoardName = "qemu-leon3";

// ---- the machine (docs/hw/grlib-leon3-qemu.md §6.3) ------------------------------
constexpr uintptr_t kRamBase = 0x40000000;  // 128 MiB by default; the image assumes 64 MiB
constexpr uintptr_t kApbUart = 0x80000100;  // IRQ 3
constexpr uintptr_t kIrqmp = 0x80000200;
constexpr uintptr_t kGptimer = 0x80000300;  // 2 timers, IRQ 6 and 7
// Lines can be forced through IRQMP's CPU 0 force register (verified on QEMU):
// the simulator's path for a model's interrupt output.
constexpr bool kIrqForce = true;

// The time base: GPTIMER timer 2, prescaler reload 0 (QEMU's -kernel stub
// programs timer 1 and reload 39). QEMU clocks GPTIMER at 40 MHz of virtual
// time and -icount shift=0 makes an instruction 1 ns, so a tick is 25
// instructions: cycles() counts guest instructions (like mcycle on virt),
// with a resolution of 25.
constexpr grlib::TimeBase kTimeBase{2, true, 0, 25};

// ---- emulated units (unassigned physical space) ------------------------------------
// The 4-core/128-event SafeSU where SELENE puts it (AHB 0x80100000:
// docs/hw/safesu.md §4.3), its lines as wrapper version A numbers them
// (§3.7: hirq n is IRQMP level n). GPTIMER's lines 6 and 7 are free: the
// board never enables timer interrupts.
constexpr SafesuInstance kSafesu{0x80100000, 4, 128,
                                 safesu_lines(pmu::safesu::wrapper_irqs(pmu::safesu::Wrapper::kA, 4))};
static_assert(pmu::safesu::wrapper_fits(pmu::safesu::Wrapper::kA, kSafesu.cores), "wrapper A is the 4-CPU one");

}  // namespace board::config
