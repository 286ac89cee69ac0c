// SPDX-License-Identifier: Apache-2.0
// The CM GCR performance registers' bus addresses at the QEMU Malta GCR
// base, written out from docs/hw/cm-gcr-perf.md (Global Debug Block at
// GCR_BASE + 0x6000, register offsets from its table), not from the
// driver's layout: the tests state the addresses a call must touch.
#pragma once

#include <stdint.h>

namespace cm_test {

constexpr uintptr_t kGcr = 0x1FBF8000;          // QEMU Malta / I6400 default CMGCRBase
constexpr uintptr_t kGdb = kGcr + 0x6000;       // Global Debug Block
constexpr uintptr_t kCtl = kGdb + 0x100;        // GCR_DB_PC_CTL
constexpr uintptr_t kOv = kGdb + 0x120;         // GCR_DB_PC_OV (W1C)
constexpr uintptr_t kEvent = kGdb + 0x130;      // GCR_DB_PC_EVENT
constexpr uintptr_t kCycleReg = kGdb + 0x180;   // GCR_DB_PC_CYCLE
constexpr uintptr_t kQual0 = kGdb + 0x190;      // GCR_DB_PC_QUAL0
constexpr uintptr_t kCnt0 = kGdb + 0x198;       // GCR_DB_PC_CNT0
constexpr uintptr_t kQual1 = kGdb + 0x1A0;      // GCR_DB_PC_QUAL1
constexpr uintptr_t kCnt1 = kGdb + 0x1A8;       // GCR_DB_PC_CNT1

}  // namespace cm_test
