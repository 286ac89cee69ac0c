// SPDX-License-Identifier: Apache-2.0
// Board data of p8700-boston: a MIPS P8700 (RISC-V RV64) cluster on the
// Boston FPGA board, with a MIPS Coherence Manager.
#pragma once

#include <stdint.h>

#include "board_instances.hpp"

namespace board::config {

constexpr const char* kBoardName = "p8700-boston";

// ---- memory map -----------------------------------------------------------------
// Boston's 16550 UART: 0x17FFE000, registers 4 bytes apart (reg-shift 2),
// 32-bit accesses: QEMU hw/mips/boston.c serial_mm_init(0x17ffe000, 2, ...)
// and Linux's "earlycon=uart8250,mmio32,0x17ffe000". Not in docs/hw.
constexpr uintptr_t kUart16550 = 0x17FFE000;
constexpr unsigned kUartRegShift = 2;

// ---- Coherence Manager (docs/hw/cm-gcr-perf.md §5.3, §5.4) -----------------------
// GCR base of "mips,p8700-boston": 0x16100000 (OpenSBI platform data; the
// P8700 has no CMGCRBase CSR to read it from). The perf block: an explicit
// board decision. The public map marks 0x6000-0x7FFF reserved and OpenSBI's
// P8700 map lists the debug/perf block offsets as reserved, so its presence
// is not documented; this board declares it present. Set false if your
// bitstream does not have it (the cm unit then reports kUnavailable).
// CM_PCInt reaches a hart only if the integrator wired it (§5.3): not wired.
constexpr CmInstance kCm{0x16100000, true, kNotWired};

// ---- CSR profile -----------------------------------------------------------------
// No AME: never touch the AME CSR numbers here: 0x7E0-0x7EF are the P8700's
// mipspmacfg0..15 PMA registers (docs/hw/riscv-counters.md §3.5, hazard).
constexpr AmeInstance kAme{false, kNotWired};

}  // namespace board::config
