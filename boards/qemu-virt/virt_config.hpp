// SPDX-License-Identifier: Apache-2.0
// Board data of the QEMU virt machine (the qemu-virt-* boards).
// The units QEMU does not emulate are served by the simulator's
// trap-and-emulate runtime at addresses where the virt machine has nothing
// mapped (an access there is a real access fault).
#pragma once

#include <stdint.h>

namespace board::config {


// SafeSU instances (stub devices), 4-core/128-event and 6-core/256-event.
constexpr uintptr_t kSafesuBase = 0x1F000000;
constexpr uintptr_t kSafesu6c256Base = 0x1F100000;
// Coherence Manager GCR base (stub device); the perf block is at +0x6000.
constexpr uintptr_t kCmGcrBase = 0x1E000000;
// A small test device proving the harness itself.
constexpr uintptr_t kStubTestBase = 0x1D000000;

// Virtual interrupt lines (delivered through the CLINT software interrupt).
// Numbers follow the SafeSU wrapper version A (facts safesu.md 3.7).
constexpr unsigned kSafesuIrqOverflow = 6;
constexpr unsigned kSafesuIrqMccu0 = 7;  // core c on 7 + c (c < 4 here; 6-core uses 20 + c)
constexpr unsigned kSafesuIrqRdc = 11;
constexpr unsigned kSafesuIrqQuota = 12;
constexpr unsigned kSafesuIrqFt = 14;
constexpr unsigned kSafesu6cIrqMccu0 = 20;
constexpr unsigned kSafesu6cIrqOverflow = 26;
constexpr unsigned kSafesu6cIrqRdc = 27;
constexpr unsigned kCmIrqLine = 5;
constexpr unsigned kStubTestIrqLine = 1;
constexpr unsigned kAmeIrqLine = 2;

}  // namespace board::config
