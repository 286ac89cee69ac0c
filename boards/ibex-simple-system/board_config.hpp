// SPDX-License-Identifier: Apache-2.0
// Board data of ibex-simple-system: lowRISC Ibex's "simple system"
// (examples/simple_system in lowRISC/ibex). Numbers: the issue text and facts
// riscv-counters.md 1.9b (checked on the RTL in simulation), 1.1 (parameters).
#pragma once

#include <stdint.h>

namespace board::config {

constexpr const char* kBoardName = "ibex-simple-system";

// ---- memory map (facts riscv-counters.md 1.9b) --------------------------------
constexpr uintptr_t kRamBase = 0x00100000;     // 192 KiB; the boot address
constexpr uintptr_t kRamSize = 192 * 1024;     // ends at 0x130000
constexpr uintptr_t kStackSize = 32 * 1024;    // top of RAM, 0x128000..0x130000
constexpr uintptr_t kResetOffset = 0x80;       // Ibex starts at boot address + 0x80
constexpr uintptr_t kSimCtrlOut = 0x00020000;  // SIM_CTRL_OUT: one char per 32-bit write
constexpr uintptr_t kSimCtrlCtrl = 0x00020008; // SIM_CTRL_CTRL: write 1 = end of simulation
constexpr uintptr_t kTimerBase = 0x00030000;   // mtime lo/hi +0/+4, mtimecmp lo/hi +8/+0xC

// ---- the core's counter profile (facts riscv-counters.md 1.1, 1.9b) -----------
// RTL parameters of the Ibex build. ibex_top defaults to 0 counters; the
// simple system (and a "fully featured" build) sets 10 counters of 40 bits,
// i.e. mhpmcounter3..12. Change these to match your configuration: the
// riscv unit must not assume a counter the core does not have.
constexpr unsigned kMhpmCounterNum = 10;
constexpr unsigned kMhpmCounterWidth = 40;
// mhpmevent is hard-wired and read-only on Ibex (facts 1.3): counter N counts
// event N; there is no Sscofpmf and no LCOFI.
constexpr bool kHasSscofpmf = false;
constexpr bool kHasAme = false;

// ---- interrupt lines = mcause interrupt codes ----------------------------------
constexpr unsigned kIrqSoftware = 3;
constexpr unsigned kIrqTimer = 7;     // the simple system's timer at kTimerBase
constexpr unsigned kIrqExternal = 11;
constexpr unsigned kIrqFast0 = 16;    // irq_fast_i[0..14] -> 16..30

}  // namespace board::config
