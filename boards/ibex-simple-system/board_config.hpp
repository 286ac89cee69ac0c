// SPDX-License-Identifier: Apache-2.0
// Board data of ibex-simple-system: lowRISC Ibex's "simple system"
// (examples/simple_system in lowRISC/ibex). Numbers: docs/hw/riscv-counters.md
// §1.9b (checked on the RTL in simulation) and §1.1 (parameters).
#pragma once

#include <stdint.h>

namespace board::config {

constexpr const char* kBoardName = "ibex-simple-system";

// ---- memory map (docs/hw/riscv-counters.md §1.9b) --------------------------------
constexpr uintptr_t kRamBase = 0x00100000;     // 192 KiB; the boot address
constexpr uintptr_t kRamSize = 192 * 1024;     // ends at 0x130000
constexpr uintptr_t kStackSize = 32 * 1024;    // top of RAM, 0x128000..0x130000
constexpr uintptr_t kResetOffset = 0x80;       // Ibex starts at boot address + 0x80
constexpr uintptr_t kSimCtrlOut = 0x00020000;  // SIM_CTRL_OUT: one char per 32-bit write
constexpr uintptr_t kSimCtrlCtrl = 0x00020008; // SIM_CTRL_CTRL: write 1 = end of simulation
constexpr uintptr_t kTimerBase = 0x00030000;   // mtime lo/hi +0/+4, mtimecmp lo/hi +8/+0xC

// ---- the core's counter profile (docs/hw/riscv-counters.md §1.1, §1.4) ----------
// RTL parameters of the stock simple system: its .core file and top level
// (ibex_simple_system.core/.sv) keep ibex_top's default MHPMCounterNum = 0,
// so only mcycle and minstret exist; MHPMCounterWidth is the default 40.
// OpenTitan's build has 10 counters of 32 bits. This is documentation of the
// stock build only: every image asks the core at start-up
// (ibex::probe_core(): which counters, what width) and uses what it finds.
constexpr unsigned kMhpmCounterNum = 0;
constexpr unsigned kMhpmCounterWidth = 40;
// mhpmevent is hard-wired and read-only on Ibex (§1.3): counter N counts
// event N; there is no Sscofpmf and no LCOFI.
constexpr bool kHasSscofpmf = false;

// ---- interrupt lines = mcause interrupt codes ----------------------------------
constexpr unsigned kIrqSoftware = 3;
constexpr unsigned kIrqTimer = 7;     // the simple system's timer at kTimerBase
constexpr unsigned kIrqExternal = 11;
constexpr unsigned kIrqFast0 = 16;    // irq_fast_i[0..14] -> 16..30

}  // namespace board::config
