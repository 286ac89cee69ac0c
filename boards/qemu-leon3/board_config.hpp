// SPDX-License-Identifier: Apache-2.0
// Board data of qemu-leon3 (QEMU 7.2 leon3_generic, facts grlib-leon3-qemu.md
// 6.3). The units QEMU does not emulate are served by the stub harness at
// physical addresses where the machine has nothing; the board's SRMMU flat map
// turns an access there into a real data_access_error trap (tt 0x29).
#pragma once

#include <stdint.h>

namespace board::config {

constexpr const char* kBoardName = "qemu-leon3";

// ---- the machine --------------------------------------------------------------
constexpr uintptr_t kRamBase = 0x40000000;  // 128 MiB by default; the image assumes 64 MiB
constexpr uintptr_t kApbUart = 0x80000100;  // data +0, status +4, ctrl +8; IRQ 3
constexpr uintptr_t kIrqmp = 0x80000200;
constexpr uintptr_t kGptimer = 0x80000300;  // 2 timers, IRQ 6 and 7
constexpr unsigned kIrqLines = 16;          // IRQMP levels 1..15 (0 does not exist)
constexpr unsigned kNWindows = 8;           // %asr17 = 0x107

// ---- stub devices (unassigned physical space) ---------------------------------
// SafeSU instances: the 4-core/128-event one where SELENE puts it (AHB,
// 0x80100000), the 6-core/256-event one next to it.
constexpr uintptr_t kSafesuBase = 0x80100000;
constexpr uintptr_t kSafesu6c256Base = 0x80200000;
// A small test device proving the harness itself.
constexpr uintptr_t kStubTestBase = 0x90000000;

// IRQMP levels. The 4-core SafeSU follows wrapper version A (facts safesu.md
// 3.7): overflow 6, MCCU core c on 7 + c, RDC 11, quota 12. LEON3 has only
// 15 levels, so the 6-core instance reuses them (map one instance at a time;
// its MCCU cores 4 and 5 land on 11 and 12, shared with RDC and quota).
// Lines 6/7 are also GPTIMER's, but the board never enables timer interrupts.
constexpr unsigned kSafesuIrqOverflow = 6;
constexpr unsigned kSafesuIrqMccu0 = 7;
constexpr unsigned kSafesuIrqRdc = 11;
constexpr unsigned kSafesuIrqQuota = 12;
constexpr unsigned kSafesuIrqFt = 14;
constexpr unsigned kSafesu6cIrqMccu0 = 7;
constexpr unsigned kSafesu6cIrqOverflow = 6;
constexpr unsigned kSafesu6cIrqRdc = 11;
constexpr unsigned kStubTestIrqLine = 1;
constexpr unsigned kAmeIrqLine = 2;

}  // namespace board::config
