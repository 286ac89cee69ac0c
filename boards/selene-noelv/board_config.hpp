// SPDX-License-Identifier: Apache-2.0
// Board data of selene-noelv: the SELENE (H2020) / De-RISC NOEL-V platform,
// RV64, with the BSC SafeSU in its 6-core, 256-event configuration.
// Each number says where it comes from; the lines that are NOT public are
// kNotWired, which irq_attach refuses, until you set them.
#pragma once

#include <stdint.h>

#include "board_instances.hpp"

namespace board::config {

constexpr const char* kBoardName = "selene-noelv";

// ---- memory map -----------------------------------------------------------------
// APBUART 0: 0xFC001000 is the De-RISC address used by the public GRLIB
// NOEL-V system tests ("APBUART_ADDR_SYSTEST 0xfc001000 // De-RISC"). It is
// not in docs/hw: check "info sys" in GRMON on your bitstream.
constexpr uintptr_t kApbUart = 0xFC001000;

// GRLIB PLIC: "plic0 f8000000-fc000000, 24 contexts, 32 sources"
// (docs/hw/safesu.md §6, GRMON log). 4 contexts per hart, M/S/U/H (order
// inferred there).
constexpr uintptr_t kPlicBase = 0xF8000000;
constexpr unsigned kPlicSources = 32;  // IDs 1..31
constexpr unsigned kPlicContexts = 24;
constexpr unsigned kHart = 0;          // the hart this image runs on
constexpr uint32_t kPlicPriority = 7;  // as the SELENE example (§6)
constexpr uint32_t kPlicThreshold = 3;

// ---- the SafeSU (docs/hw/safesu.md §4.3, §6) -----------------------------------------
// AHB slave at 0x80100000-0x80200000 (§4.3: GRMON log of the SELENE build,
// and every reference driver); P&P vendor 0x09, device 0x003.
// Lines are PLIC source numbers. MCCU of core k on source 23 + k: evidenced
// for k = 1..5 (sources 24..28, the SELENE 5-core interrupt example, §6);
// core 0 on 23 is an inference from that pattern. The overflow, RDC and
// quota sources are not public (§3.7, §6: the wrapper that maps them is not
// published): set them from your ahb_wrapper.vhd or GRMON "info sys".
constexpr bool kSafesuMccu0Inferred = true;
constexpr SafesuInstance kSafesu{0x80100000, 6, 256, SafesuLines{kNotWired, kNotWired, kNotWired, 23}};

}  // namespace board::config
