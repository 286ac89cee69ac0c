// SPDX-License-Identifier: Apache-2.0
// Board data of leon3-grlib: a LEON3 GRLIB system (e.g. a GR-XC6S/GR712-class
// design or a SELENE-style LEON3 build) with the BSC SafeSU in its 4-core,
// 128-event configuration. Addresses are GRLIB's standard LEON3 map, the one
// QEMU's leon3_generic copies (facts grlib-leon3-qemu.md 6.1, 6.3); override
// them for your design (GRMON "info sys" lists every one).
#pragma once

#include <stdint.h>

namespace board::config {

constexpr const char* kBoardName = "leon3-grlib";

// ---- the machine ----------------------------------------------------------------
constexpr uintptr_t kRamBase = 0x40000000;  // SDRAM/DDR; linker/leon3-grlib.ld assumes 16 MiB
constexpr uintptr_t kApbUart = 0x80000100;  // APBUART 0 (Gaisler 0x00C)
constexpr uintptr_t kIrqmp = 0x80000200;    // IRQMP (Gaisler 0x00D)
constexpr uintptr_t kGptimer = 0x80000300;  // GPTIMER (Gaisler 0x011): cycles() uses timer 1
constexpr unsigned kIrqLines = 16;          // IRQMP levels 1..15
// The LEON3 'nwindows' generic (GRLIB default 8). start.S is built for this
// value; board_init() compares it with %asr17 and stops the image on a
// mismatch rather than corrupt registers.
constexpr unsigned kNWindows = 8;

// ---- AMBA plug&play (facts grlib-leon3-qemu.md 6.1, safesu.md 4.3) --------------
constexpr uintptr_t kAhbPnpSlaves = 0xFFFFF800;  // ahbctrl default cfg area, slave entries
constexpr uintptr_t kApbBridge = 0x80000000;     // APB P&P at bridge + 0xFF000
// SafeSU P&P identity: the SELENE build enumerates as vendor 0x09
// (VENDOR_CONTRIB), device 0x003; devices.vhd has VENDOR_BSC 0x0E / BSC_PMU
// 0x003, which no public wrapper uses. A scanner should accept both.
constexpr uint32_t kSafesuVendor = 0x09;
constexpr uint32_t kSafesuVendorAlt = 0x0E;
constexpr uint32_t kSafesuDevice = 0x003;
// Fallback base when plug&play is not scanned: the manual's instantiation
// (haddr 16#801#) and every reference driver. The P&P scanner of the grlib
// unit (include/pmu/grlib/pnp.hpp) is not in the tree yet, so this board
// uses the fallback; switch to the scanned BAR when it lands.
constexpr uintptr_t kSafesuBase = 0x80100000;
constexpr unsigned kSafesuCores = 4;
constexpr unsigned kSafesuEvents = 128;

// ---- IRQMP levels of the SafeSU (facts safesu.md 3.7) ---------------------------
// The P&P IRQ field of the SafeSU (1) is NOT its line (facts 4.3). The lines
// are set by the VHDL ahb_wrapper; these are wrapper version A, the 4-CPU one
// the manual matches: overflow 6, MCCU core c on 7 + c, RDC 11, quota 12.
// Versions B/C use overflow 10 and MCCU (10 - ncpu) + c: check your wrapper.
constexpr unsigned kSafesuIrqOverflow = 6;
constexpr unsigned kSafesuIrqMccu0 = 7;
constexpr unsigned kSafesuIrqRdc = 11;
constexpr unsigned kSafesuIrqQuota = 12;

}  // namespace board::config
