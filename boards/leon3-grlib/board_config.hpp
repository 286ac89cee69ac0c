// SPDX-License-Identifier: Apache-2.0
// Board data of leon3-grlib: a LEON3 GRLIB system (e.g. a GR-XC6S/GR712-class
// design or a SELENE-style LEON3 build) with the BSC SafeSU in its 4-core,
// 128-event configuration. Addresses are GRLIB's standard LEON3 map, the one
// QEMU's leon3_generic copies (docs/hw/grlib-leon3-qemu.md §6.1, §6.3);
// override them for your design (GRMON "info sys" lists every one). The
// SafeSU is not at a fixed address: start-up finds it by plug&play.
#pragma once

#include <stdint.h>

#include "board_instances.hpp"
#include "grlib/gptimer.hpp"

namespace board::config {

constexpr const char* kBoardName = "leon3-grlib";

// ---- the machine -------------------------------------------------------------------
constexpr uintptr_t kApbUart = 0x80000100;  // APBUART 0 (Gaisler 0x00C)
constexpr uintptr_t kIrqmp = 0x80000200;    // IRQMP (Gaisler 0x00D)
constexpr uintptr_t kGptimer = 0x80000300;  // GPTIMER (Gaisler 0x011)
// A real board has no use for forcing lines (irq_force returns false).
constexpr bool kIrqForce = false;
// The time base: GPTIMER timer 1 at the prescaler the boot loader set
// (typically 1 MHz): cycles() counts timer ticks, not CPU cycles.
constexpr grlib::TimeBase kTimeBase{1, false, 0, 1};

// ---- AMBA plug&play (docs/hw/grlib-leon3-qemu.md §6.1) --------------------------------
// ahbctrl's default configuration area; AHB slave entries at +0x800.
constexpr uintptr_t kAhbPnp = 0xFFFFF000;

// ---- the SafeSU: its build and lines; board::safesu() adds the base --------------------
// Start-up scans the AHB slaves for vendor 0x09 (VENDOR_CONTRIB, what the
// SELENE build enumerates as) or 0x0E (VENDOR_BSC), device 0x003
// (docs/hw/safesu.md §4.3; pmu::grlib::find_safesu), takes the first memory
// or I/O BAR as the base and says what it found. The P&P IRQ field (1) is not
// the SafeSU's line (§4.3): the lines are the VHDL ahb_wrapper's, here
// version A, the 4-CPU one the manual matches (§3.7; versions B and C use
// other numbers: state yours). hirq n is IRQMP level n.
constexpr SafesuInstance kSafesuBuild{0, 4, 128,
                                      safesu_lines(pmu::safesu::wrapper_irqs(pmu::safesu::Wrapper::kA, 4))};
static_assert(pmu::safesu::wrapper_fits(pmu::safesu::Wrapper::kA, kSafesuBuild.cores), "wrapper A is the 4-CPU one");

}  // namespace board::config
