// SPDX-License-Identifier: Apache-2.0
// Board data of selene-noelv: the SELENE (H2020) / De-RISC NOEL-V platform,
// RV64, with the BSC SafeSU in its 6-core, 256-event configuration.
// Each number says where it comes from; the ones that are NOT public are
// -1 and the board code refuses to use them until you set them.
#pragma once

#include <stdint.h>

namespace board::config {

constexpr const char* kBoardName = "selene-noelv";

// ---- memory map -----------------------------------------------------------------
// Main memory at 0 as in GRLIB's NOEL-V designs (images are loaded there by
// GRMON); the linker script (linker/noelv.ld) holds the same number.
constexpr uintptr_t kRamBase = 0x00000000;
// APBUART 0: 0xFC001000 is the De-RISC address used by the public GRLIB
// NOEL-V system tests ("APBUART_ADDR_SYSTEST 0xfc001000 // De-RISC"). It is
// NOT in the SafeSU facts: check "info sys" in GRMON on your bitstream.
constexpr uintptr_t kApbUart = 0xFC001000;

// SafeSU: AHB slave at 0x80100000-0x80200000 (facts safesu.md 4.3: GRMON log
// of the SELENE build, and every reference driver). P&P: vendor 0x09
// (VENDOR_CONTRIB), device 0x003.
constexpr uintptr_t kSafesuBase = 0x80100000;
constexpr unsigned kSafesuCores = 6;
constexpr unsigned kSafesuEvents = 256;

// GRLIB PLIC: "plic0 f8000000-fc000000, 24 contexts, 32 sources" (facts
// safesu.md 6, GRMON log). 4 contexts per hart, M/S/U/H (order inferred).
constexpr uintptr_t kPlicBase = 0xF8000000;
constexpr unsigned kPlicSources = 32;  // IDs 1..31
constexpr unsigned kPlicContexts = 24;
constexpr unsigned kHart = 0;          // the hart this image runs on
constexpr uint32_t kPlicPriority = 7;  // as the SELENE example (facts 6)
constexpr uint32_t kPlicThreshold = 3;

// ---- SafeSU interrupt sources (PLIC source numbers) ----------------------------
// MCCU of core k on source 23 + k: EVIDENCED for k = 1..5 (sources 24..28, the
// SELENE 5-core interrupt example, facts safesu.md 6); core 0 -> 23 is an
// INFERENCE from that pattern.
constexpr int kSafesuIrqMccu0 = 23;
constexpr bool kSafesuIrqMccu0Inferred = true;
// NOT PUBLIC: overflow, RDC and quota sources are not evidenced on SELENE
// (facts safesu.md 3.7, 6; the wrapper that maps them, ahb_wrapper.vhd, is
// not public). Set them from your ahb_wrapper.vhd / GRMON "info sys"; while
// they are -1, irq_known() is false and board::irq_attach refuses them (a
// negative number converted to unsigned is out of range): nothing is attached.
constexpr int kSafesuIrqOverflow = -1;
constexpr int kSafesuIrqRdc = -1;
constexpr int kSafesuIrqQuota = -1;

// True for a source number that is set and exists on this PLIC.
constexpr bool irq_known(int source) { return source > 0 && source < static_cast<int>(kPlicSources); }

// The MCCU source of a SafeSU core, or -1 for a core the SafeSU does not have.
constexpr int safesu_mccu_irq(unsigned core) {
  return core < kSafesuCores ? kSafesuIrqMccu0 + static_cast<int>(core) : -1;
}

}  // namespace board::config
