// SPDX-License-Identifier: Apache-2.0
// Board data of xiangshan-cute: an RV64 XiangShan core (NewCSR PMU, docs/hw/
// riscv-counters.md §3.1-§3.4) with the CUTE matrix unit and its proposed AME
// performance-counter CSRs (§3.5; the PR was closed unmerged, so the CSR
// numbers are those of the proposal).
#pragma once

#include <stdint.h>

#include "board_instances.hpp"

namespace board::config {

constexpr const char* kBoardName = "xiangshan-cute";

// ---- memory map: XiangShan's default SoC / NEMU convention ----------------------
// UART Lite at 0x40600000 (TX FIFO +4, status +8 with TX_FULL = bit 3): the
// address the XiangShan/NEMU abstract-machine runtime uses. Not in docs/hw;
// check your SoC configuration.
constexpr uintptr_t kUartLite = 0x40600000;

// ---- CSR profile -------------------------------------------------------------------
// mhpmcounter3..31 are 64-bit, mhpmevent uses the 4-event composition layout,
// overflow raises LCOFI (Sscofpmf): §3.1, §3.4.
constexpr unsigned kHpmCounters = 29;
constexpr unsigned kHpmCounterWidth = 64;
constexpr bool kHasSscofpmf = true;
// The AME counter CSRs (0x7E8/0x7E9, 0xBC3..0xBFF, ...) are declared present.
// Only a board that says so may touch them: on other cores these numbers
// trap or alias other CSRs (docs/hw/riscv-counters.md §3.5 hazard: P8700 PMA
// configuration). Their overflow line is SoC wiring no public document
// gives: not wired (code polls the hook).
constexpr AmeInstance kAme{true, kNotWired};

// ---- interrupt lines = mcause interrupt codes ----------------------------------
constexpr unsigned kIrqLcofi = 13;  // Sscofpmf local counter-overflow interrupt

}  // namespace board::config
