// SPDX-License-Identifier: Apache-2.0
// SafeSU register families and their fixed bit fields (docs/hw/safesu.md §2).
// One tag per register family, so a field of one register cannot go into a
// value of another, a read-only register cannot be written, and the soft
// reset bits are never written back by modify() or pulse(). Where a family's
// registers sit, and the bits that move with the build (CFG1's update and
// RDC bits, weight/watermark bytes, crossbar fields), come from the Layout
// (layout.hpp).
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"

namespace pmu::safesu {

using reg::Access;
using reg::Field;
using reg::PulseField;

/// CFG0, the base configuration (§2.1). Its soft resets are level actions
/// the driver sets and releases: never written back as read.
struct Cfg0 {
  using word_t = uint32_t;  ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
  static constexpr word_t kNoWriteBack = 0x1Au;   ///< bits 1, 3, 4: the soft resets
};
/// A 32-bit event counter (§2.2).
struct Counter {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write, live while counting
};
/// Overflow interrupt enable mask, bit k = counter k (§2.3).
struct OverflowMask {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// Overflow vector (§2.3): not write-1-to-clear; writes are ignored and only
/// the CFG0 bit-3 pulse clears it.
struct OverflowVector {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};
/// Quota mask of the deprecated quota unit (§2.4).
struct QuotaMask {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// Quota limit of the deprecated quota unit (§2.4).
struct QuotaLimit {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// CFG1, the MCCU/RDC configuration (§2.5). The MCCU soft reset is never
/// written back; the update strobes and the RDC reset move with the core
/// count, so the Layout adds them to the register's keep_out.
struct Cfg1 {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
  static constexpr word_t kNoWriteBack = 0x2u;    ///< bit 1: MCCU soft reset
};
/// MCCU quota limit of one core (§2.6).
struct MccuLimit {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// MCCU remaining quota of one core (§2.6): a write is discarded.
struct MccuRemaining {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};
/// Four 8-bit MCCU weights = RDC thresholds (§2.7).
struct Weights {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};
/// RDC interrupt vector, one bit per input (§2.8).
struct RdcVector {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};
/// Four 8-bit RDC watermarks (§2.9).
struct Watermarks {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};
/// 32 bits of the crossbar's field stream (§2.10).
struct Crossbar {
  using word_t = uint32_t;                        ///< 32-bit register
  static constexpr Access kAccess = Access::kRW;  ///< read-write
};

/// CFG0 fields (§2.1).
namespace cfg0 {
/// Counters add their event while 1.
constexpr Field<Cfg0> kCounterEnable = reg::flag<Cfg0>(0);
/// Counter soft reset: level; needs a write-free cycle while held (§3.2).
constexpr PulseField<Cfg0> kCounterSoftReset = reg::pulse_flag<Cfg0>(1);
/// Overflow unit enable: gates the line and the readable vector only (§3.3).
constexpr Field<Cfg0> kOverflowEnable = reg::flag<Cfg0>(2);
/// Overflow soft reset: the only way to clear the flags.
constexpr PulseField<Cfg0> kOverflowSoftReset = reg::pulse_flag<Cfg0>(3);
/// Quota soft reset (deprecated unit).
constexpr PulseField<Cfg0> kQuotaSoftReset = reg::pulse_flag<Cfg0>(4);
/// Self-test mode, bits {31,30} (SelftestMode).
constexpr Field<Cfg0> kSelftestMode{30, 2};
static_assert((kCounterSoftReset.mask() | kOverflowSoftReset.mask() | kQuotaSoftReset.mask()) ==
                  Cfg0::kNoWriteBack,
              "CFG0 never writes back exactly its soft resets");
}  // namespace cfg0

/// CFG1 fields that do not move with the core count (§2.5).
namespace cfg1 {
/// MCCU enable (registered: acts one cycle after the write).
constexpr Field<Cfg1> kMccuEnable = reg::flag<Cfg1>(0);
/// MCCU soft reset (remaining budgets, cost sums and IRQs to 0).
constexpr PulseField<Cfg1> kMccuSoftReset = reg::pulse_flag<Cfg1>(1);
/// Bit of core 0's "update quota" strobe; core c's is kUpdateBase + c.
constexpr unsigned kUpdateBase = 2;
/// "Enable hardware quota": drives en_hwquota_o only (§2.5, §3.7).
constexpr Field<Cfg1> kHwQuota = reg::flag<Cfg1>(31);
static_assert(kMccuSoftReset.mask() == Cfg1::kNoWriteBack, "CFG1's fixed never-write-back bit");
}  // namespace cfg1

/// Self-test modes, the value of CFG0[31:30] (§2.1).
enum class SelftestMode : uint8_t {
  kNormal = 0,       ///< 00: crossbar routing
  kAllOnes = 1,      ///< 01: every output 1 (every counter counts every cycle)
  kAllZeros = 2,     ///< 10: every output 0
  kOnlyOutput0 = 3,  ///< 11: output 0 is 1, all others 0
};

}  // namespace pmu::safesu
