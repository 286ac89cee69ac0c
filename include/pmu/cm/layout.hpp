// SPDX-License-Identifier: Apache-2.0
// MIPS Coherence Manager (CM) GCR performance block: the registers as typed
// descriptors, the counter indices and the event table
// (docs/hw/cm-gcr-perf.md §5.1, §5.2).
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

/// The MIPS Coherence Manager GCR performance counters (docs/hw/cm-gcr-perf.md §5).
namespace pmu::cm {

using reg::Access;

/// Offset of the Global Debug Block from the GCR base.
constexpr uintptr_t kGdbOffset = 0x6000;
/// Size of the Global Debug Block (0x6000-0x7FFF).
constexpr uintptr_t kGdbSize = 0x2000;
/// Alignment of a GCR base: GCR_BASE holds bits [31:15], so 32 KiB.
constexpr uintptr_t kGcrAlign = 0x8000;

// Helpers on the drivers' paths are always inlined: at -Os GCC would outline
// these one-liners and every call would pay for a call (measured).

// ---- counters ----------------------------------------------------------------
// A counter is named by its bit in GCR_DB_PC_OV: that index is the counter
// index of every call, the `source` a callback receives, and the bit of the
// counter in a mask (start/stop/reset/overflow masks are uint32_t).

/// Counter index of the cycle counter (GCR_DB_PC_OV bit 0, Cycl_Cnt_Overflow).
constexpr unsigned kCycleCounter = 0;
/// Counter index of event counter P0 (GCR_DB_PC_OV bit 1).
constexpr unsigned kP0Counter = 1;
/// Counter index of event counter P1 (GCR_DB_PC_OV bit 2).
constexpr unsigned kP1Counter = 2;
/// Number of counters: indices 0..2.
constexpr unsigned kNumCounters = 3;

/// The mask bit of counter i (0 for an index outside 0..2).
__attribute__((always_inline)) constexpr uint32_t counter_mask(unsigned i) { return i < kNumCounters ? 1u << i : 0u; }
/// Mask of the cycle counter.
constexpr uint32_t kCycleMask = counter_mask(kCycleCounter);
/// Mask of P0.
constexpr uint32_t kP0Mask = counter_mask(kP0Counter);
/// Mask of P1.
constexpr uint32_t kP1Mask = counter_mask(kP1Counter);
/// Mask of all three counters.
constexpr uint32_t kAllMask = kCycleMask | kP0Mask | kP1Mask;
/// True for an event counter (P0 or P1): the ones with an event and a qualifier.
__attribute__((always_inline)) constexpr bool is_event_counter(unsigned i) { return i == kP0Counter || i == kP1Counter; }

// ---- register families ---------------------------------------------------------

/// GCR_DB_PC_CTL. The Reset bits and Perf_Num_Cnt are never written back as
/// read: whether a Reset bit reads back is not documented (a copied 1 would
/// reset a counter on an unrelated update) and Perf_Num_Cnt is read-only.
struct PcCtlTag {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
  static constexpr word_t kNoWriteBack = 0x2A0u | 0xFu;  ///< Reset bits 9, 7, 5 and Perf_Num_Cnt [3:0]
};
/// GCR_DB_PC_OV: the overflow flags, write 1 to clear.
struct PcOvTag {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kW1C;  ///< cleared with reg::clear_w1c only
};
/// GCR_DB_PC_EVENT: the event selectors of P0 and P1.
struct PcEventTag {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// GCR_DB_PC_CYCLE, GCR_DB_PC_CNT0, GCR_DB_PC_CNT1: the 32-bit counts.
struct PcCounterTag {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write (a write preloads)
};
/// GCR_DB_PC_QUAL0, GCR_DB_PC_QUAL1: opaque 32-bit qualifiers.
struct PcQualTag {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};

/// The perf registers of the Global Debug Block, offsets from the GDB base
/// (docs/hw/cm-gcr-perf.md §5.1): the one source of every offset.
struct Regs {
  reg::Reg<PcCtlTag> ctl{0x100};       ///< GCR_DB_PC_CTL
  reg::Reg<PcOvTag> ov{0x120};         ///< GCR_DB_PC_OV
  reg::Reg<PcEventTag> event{0x130};   ///< GCR_DB_PC_EVENT
  reg::Reg<PcCounterTag> cycle{0x180}; ///< GCR_DB_PC_CYCLE
  reg::Reg<PcQualTag> qual0{0x190};    ///< GCR_DB_PC_QUAL0
  reg::Reg<PcCounterTag> cnt0{0x198};  ///< GCR_DB_PC_CNT0
  reg::Reg<PcQualTag> qual1{0x1A0};    ///< GCR_DB_PC_QUAL1
  reg::Reg<PcCounterTag> cnt1{0x1A8};  ///< GCR_DB_PC_CNT1

  /// The count register of counter i (0..2): CYCLE, CNT0, CNT1.
  /// Branch-free: the offsets from CYCLE (0, 0x18, 0x28) are the bytes of a
  /// constant, so a run-time index costs a shift and a mask.
  __attribute__((always_inline)) constexpr reg::Reg<PcCounterTag> counter(unsigned i) const {
    return reg::Reg<PcCounterTag>{cycle.offset + ((0x281800u >> (8 * (i & 3u))) & 0xFFu)};
  }
  /// The qualifier register of event counter i (P0 or P1).
  __attribute__((always_inline)) constexpr reg::Reg<PcQualTag> qualifier(unsigned i) const { return i == kP0Counter ? qual0 : qual1; }
};
/// The register map.
constexpr Regs kRegs{};
/// End of the perf registers (last register + 4).
constexpr uint32_t kPerfWindowEnd = 0x1AC;

// ---- GCR_DB_PC_CTL fields --------------------------------------------------------
/// Fields of GCR_DB_PC_CTL.
namespace ctl {
/// Perf_Int_En: CM_PCInt asserts while an overflow flag is set.
constexpr reg::Field<PcCtlTag> kPerfIntEn = reg::flag<PcCtlTag>(30);
/// Perf_Ovf_Stop: every counter stops when any overflows.
constexpr reg::Field<PcCtlTag> kPerfOvfStop = reg::flag<PcCtlTag>(29);
/// Perf_Num_Cnt: number of event counters (reads 2), read-only.
constexpr reg::Field<PcCtlTag> kPerfNumCnt{0, 4, Access::kRO};
/// Perf_Num_Cnt of this block: 2 (the cycle counter is not included).
constexpr uint32_t kExpectedNumCnt = 2;
/// The CountOn bit of counter i: Cycl_Cnt_CountOn (4), P0_CountOn (6), P1_CountOn (8).
constexpr reg::Field<PcCtlTag> count_on(unsigned i) { return reg::flag<PcCtlTag>(4 + 2 * i); }
/// The Reset bit of counter i: Cycl_Cnt_Reset (5), P0_Reset (7), P1_Reset (9).
/// Setting it zeroes the counter and its overflow flag.
constexpr reg::Field<PcCtlTag> reset(unsigned i) { return reg::flag<PcCtlTag>(5 + 2 * i); }
/// The CountOn bits of a counter mask (bit i -> bit 4 + 2i), without branches.
__attribute__((always_inline)) constexpr uint32_t count_on_bits(uint32_t mask) {
  return ((mask & 1u) | ((mask & 2u) << 1) | ((mask & 4u) << 2)) << 4;
}
/// The Reset bits of a counter mask (bit i -> bit 5 + 2i).
__attribute__((always_inline)) constexpr uint32_t reset_bits(uint32_t mask) { return count_on_bits(mask) << 1; }
}  // namespace ctl

// ---- GCR_DB_PC_EVENT fields ------------------------------------------------------
/// Fields of GCR_DB_PC_EVENT.
namespace event_sel {
/// The event field of event counter i: P0_Event [7:0], P1_Event [15:8].
__attribute__((always_inline)) constexpr reg::Field<PcEventTag> field(unsigned i) { return reg::Field<PcEventTag>(i == kP0Counter ? 0 : 8, 8); }
}  // namespace event_sel

// Qualifiers (QUAL0/QUAL1) are opaque 32-bit values: no public source gives
// per-event qualifier layouts, so the caller supplies them.

// ---- events ------------------------------------------------------------------------
/// The event table of the CM perf slides (docs/hw/cm-gcr-perf.md §5.2).
/// IDs 7 and 10..15 are not listed.
namespace event {
constexpr unsigned kRequestCount = 0;            ///< request count
constexpr unsigned kCoherentRequestResponse = 1; ///< coherent request/response
constexpr unsigned kWriteDataUsage = 2;          ///< CM write-data usage
constexpr unsigned kCommandBusUsage = 3;         ///< command bus usage
constexpr unsigned kReadDataUsage = 4;           ///< read-data usage
constexpr unsigned kSharingMiss = 5;             ///< sharing miss
constexpr unsigned kResponseUnitUsage = 6;       ///< response unit usage
constexpr unsigned kL2PipelineUtilization = 8;   ///< L2 pipeline utilization
constexpr unsigned kL2HitsMisses = 9;            ///< L2 hits/misses
constexpr unsigned kIocu1Requests = 16;          ///< 1st IOCU requests
constexpr unsigned kIocu2Requests = 17;          ///< 2nd IOCU requests
}  // namespace event

/// Name of an event id, or nullptr if the id is not in the table.
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
/// True if id is in the event table. A bit test, not a string lookup: it
/// sits on program()'s path.
__attribute__((always_inline)) constexpr bool event_known(unsigned id) { return id < 32 && ((0x3037Fu >> id) & 1u) != 0; }

// ---- pinned against docs/hw/cm-gcr-perf.md §5.1 ---------------------------------------
static_assert(kRegs.cnt1.offset + 4 == kPerfWindowEnd, "window ends after CNT1");
static_assert(kRegs.ctl.offset == 0x100 && kRegs.ov.offset == 0x120 && kRegs.event.offset == 0x130 &&
              kRegs.cycle.offset == 0x180 && kRegs.qual0.offset == 0x190 && kRegs.cnt0.offset == 0x198 &&
              kRegs.qual1.offset == 0x1A0 && kRegs.cnt1.offset == 0x1A8);
static_assert(kRegs.ctl.keep_out == 0x2AF, "PC_CTL never writes back Reset bits or Perf_Num_Cnt");
static_assert(ctl::kPerfNumCnt.mask() == 0xF && ctl::kPerfNumCnt.access == Access::kRO);
static_assert(ctl::kPerfIntEn.mask() == 0x40000000u && ctl::kPerfOvfStop.mask() == 0x20000000u);
static_assert(ctl::count_on(kCycleCounter).mask() == 0x10 && ctl::reset(kCycleCounter).mask() == 0x20);
static_assert(ctl::count_on(kP0Counter).mask() == 0x40 && ctl::reset(kP0Counter).mask() == 0x80);
static_assert(ctl::count_on(kP1Counter).mask() == 0x100 && ctl::reset(kP1Counter).mask() == 0x200);
static_assert(ctl::count_on_bits(kAllMask) == 0x150 && ctl::reset_bits(kAllMask) == 0x2A0);
static_assert(ctl::count_on_bits(kP0Mask) == 0x40 && ctl::reset_bits(kP1Mask | kCycleMask) == 0x220);
static_assert(event_sel::field(kP0Counter).mask() == 0x00FF && event_sel::field(kP1Counter).mask() == 0xFF00);
static_assert(kCycleMask == 1 && kP0Mask == 2 && kP1Mask == 4 && counter_mask(3) == 0);
static_assert(kRegs.counter(kCycleCounter) == kRegs.cycle && kRegs.counter(kP0Counter) == kRegs.cnt0 &&
              kRegs.counter(kP1Counter) == kRegs.cnt1);
static_assert(kRegs.qualifier(kP0Counter) == kRegs.qual0 && kRegs.qualifier(kP1Counter) == kRegs.qual1);

namespace detail {
constexpr bool event_tables_agree() {
  for (unsigned id = 0; id < 300; ++id)
    if (event_known(id) != (event_name(id) != nullptr)) return false;
  return true;
}
}  // namespace detail
static_assert(detail::event_tables_agree(), "event_known() and event_name() list the same ids");

}  // namespace pmu::cm
