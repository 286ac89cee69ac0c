// SPDX-License-Identifier: Apache-2.0
// MIPS Coherence Manager (CM) GCR performance block: the register layout as
// constexpr data (facts: cm-gcr-perf.md section 5; the CM perf slides).
//
// The registers sit in the Global Debug Block (GDB) at GCR base + 0x6000.
// Offsets below are from the GDB base. All registers are 32-bit and accessed
// with 32-bit loads and stores only (on CM3+ with a 64-bit kernel the GCRs are
// 64 bits wide, but these counter fields are 32-bit).
//
// On P8700-class RISC-V parts the OpenSBI memory map marks GCR 0x6000-0x7FFF
// as reserved: a board must state that the block exists (see docs/cm.md).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/reg/field.hpp"

namespace pmu::cm {

using reg::Access;

// Global Debug Block: offset from the GCR base and its size (0x6000-0x7FFF).
constexpr uintptr_t kGdbOffset = 0x6000;
constexpr uintptr_t kGdbSize = 0x2000;
// GCR_BASE bits [31:15]: the GCR block is 32 KiB aligned.
constexpr uintptr_t kGcrAlign = 0x8000;

// One tag type per register, so a field of one cannot be put into another.
struct PcCtlTag {  // GCR_DB_PC_CTL
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcOvTag {  // GCR_DB_PC_OV, write 1 to clear
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kW1C;
};
struct PcEventTag {  // GCR_DB_PC_EVENT
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcCycleTag {  // GCR_DB_PC_CYCLE
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcQual0Tag {  // GCR_DB_PC_QUAL0
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcCnt0Tag {  // GCR_DB_PC_CNT0
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcQual1Tag {  // GCR_DB_PC_QUAL1
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct PcCnt1Tag {  // GCR_DB_PC_CNT1
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};

// Registers, offsets from the GDB base (GCR base + kGdbOffset).
constexpr reg::Reg<PcCtlTag> kPcCtl{0x100};
constexpr reg::Reg<PcOvTag> kPcOv{0x120};
constexpr reg::Reg<PcEventTag> kPcEvent{0x130};
constexpr reg::Reg<PcCycleTag> kPcCycle{0x180};
constexpr reg::Reg<PcQual0Tag> kPcQual0{0x190};
constexpr reg::Reg<PcCnt0Tag> kPcCnt0{0x198};
constexpr reg::Reg<PcQual1Tag> kPcQual1{0x1A0};
constexpr reg::Reg<PcCnt1Tag> kPcCnt1{0x1A8};
// End of the perf window (last register + 4).
constexpr uint32_t kPerfWindowEnd = 0x1AC;

// GCR_DB_PC_CTL fields.
constexpr reg::Field<PcCtlTag> kPerfIntEn = reg::flag<PcCtlTag>(30);
constexpr reg::Field<PcCtlTag> kPerfOvfStop = reg::flag<PcCtlTag>(29);
constexpr reg::Field<PcCtlTag> kP1Reset = reg::flag<PcCtlTag>(9);
constexpr reg::Field<PcCtlTag> kP1CountOn = reg::flag<PcCtlTag>(8);
constexpr reg::Field<PcCtlTag> kP0Reset = reg::flag<PcCtlTag>(7);
constexpr reg::Field<PcCtlTag> kP0CountOn = reg::flag<PcCtlTag>(6);
constexpr reg::Field<PcCtlTag> kCyclCntReset = reg::flag<PcCtlTag>(5);
constexpr reg::Field<PcCtlTag> kCyclCntCountOn = reg::flag<PcCtlTag>(4);
constexpr reg::Field<PcCtlTag> kPerfNumCnt{0, 4, Access::kRO};
// Perf_Num_Cnt always reads 2 (the cycle counter is not included).
constexpr uint32_t kExpectedNumCnt = 2;

// GCR_DB_PC_OV bits (W1C).
constexpr reg::Field<PcOvTag> kP1Overflow = reg::flag<PcOvTag>(2);
constexpr reg::Field<PcOvTag> kP0Overflow = reg::flag<PcOvTag>(1);
constexpr reg::Field<PcOvTag> kCyclCntOverflow = reg::flag<PcOvTag>(0);

// GCR_DB_PC_EVENT fields.
constexpr reg::Field<PcEventTag> kP0Event{0, 8};
constexpr reg::Field<PcEventTag> kP1Event{8, 8};

// Qualifiers (QUAL0/QUAL1) are opaque 32-bit values: no public source gives
// per-event qualifier layouts, so the caller supplies them.

// The event table (CM perf slides). IDs 7 and 10..15 are not listed.
namespace event {
constexpr unsigned kRequestCount = 0;
constexpr unsigned kCoherentRequestResponse = 1;
constexpr unsigned kWriteDataUsage = 2;
constexpr unsigned kCommandBusUsage = 3;
constexpr unsigned kReadDataUsage = 4;
constexpr unsigned kSharingMiss = 5;
constexpr unsigned kResponseUnitUsage = 6;
constexpr unsigned kL2PipelineUtilization = 8;
constexpr unsigned kL2HitsMisses = 9;
constexpr unsigned kIocu1Requests = 16;
constexpr unsigned kIocu2Requests = 17;
}  // namespace event

// Name of an event id, or nullptr if the id is not in the table.
constexpr const char* event_name(unsigned id) {
  switch (id) {
    case event::kRequestCount: return "request count";
    case event::kCoherentRequestResponse: return "coherent request/response";
    case event::kWriteDataUsage: return "CM write-data usage";
    case event::kCommandBusUsage: return "command bus usage";
    case event::kReadDataUsage: return "read-data usage";
    case event::kSharingMiss: return "sharing miss";
    case event::kResponseUnitUsage: return "response unit usage";
    case event::kL2PipelineUtilization: return "L2 pipeline utilization";
    case event::kL2HitsMisses: return "L2 hits/misses";
    case event::kIocu1Requests: return "1st IOCU requests";
    case event::kIocu2Requests: return "2nd IOCU requests";
    default: return nullptr;
  }
}
constexpr bool event_known(unsigned id) { return event_name(id) != nullptr; }

// Pin the layout.
static_assert(kPcCnt1.offset + 4 == kPerfWindowEnd, "window ends after CNT1");
static_assert(kPerfNumCnt.mask() == 0xF && kPerfNumCnt.access == Access::kRO);
static_assert(kP0Event.mask() == 0x00FF && kP1Event.mask() == 0xFF00);
static_assert(kPerfIntEn.mask() == 0x40000000u && kPerfOvfStop.mask() == 0x20000000u);
static_assert(kCyclCntCountOn.mask() == 0x10 && kCyclCntReset.mask() == 0x20);
static_assert(kP0CountOn.mask() == 0x40 && kP0Reset.mask() == 0x80);
static_assert(kP1CountOn.mask() == 0x100 && kP1Reset.mask() == 0x200);
static_assert(kCyclCntOverflow.mask() == 1 && kP0Overflow.mask() == 2 && kP1Overflow.mask() == 4);
static_assert(event_known(0) && event_known(6) && !event_known(7) && event_known(9) &&
              !event_known(10) && !event_known(15) && event_known(17) && !event_known(18));

}  // namespace pmu::cm
