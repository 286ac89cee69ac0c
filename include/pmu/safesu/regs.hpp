// SPDX-License-Identifier: Apache-2.0
// SafeSU register families and their fixed bit fields (facts safesu.md,
// section 2). Fields whose position depends on the build (CFG1's update and
// RDC bits, weight/watermark bytes, crossbar fields) are computed from the
// Layout in layout.hpp.
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"

namespace pmu::safesu {

using reg::Access;
using reg::Field;

// One tag per register family, so a field of one register cannot be put
// into a value of another.
struct Cfg0Tag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct CounterTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct OverflowMaskTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
// Not W1C: writes are ignored; only the CFG0 bit-3 pulse clears it.
struct OverflowVectTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRO; };
struct QuotaMaskTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct QuotaLimitTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct Cfg1Tag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct MccuLimitTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct MccuQuotaTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRO; };
struct WeightsTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };
struct RdcVectTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRO; };
struct WatermarkTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRO; };
struct CrossbarTag { using word_t = uint32_t; static constexpr Access kAccess = Access::kRW; };

// CFG0, idx 0 (facts 2.1).
namespace cfg0 {
constexpr Field<Cfg0Tag> kCounterEnable = reg::flag<Cfg0Tag>(0);
constexpr Field<Cfg0Tag> kCounterSoftReset = reg::flag<Cfg0Tag>(1);   // level; needs a write-free cycle
constexpr Field<Cfg0Tag> kOverflowEnable = reg::flag<Cfg0Tag>(2);     // gates IRQ + vector read only
constexpr Field<Cfg0Tag> kOverflowSoftReset = reg::flag<Cfg0Tag>(3);  // the only way to clear flags
constexpr Field<Cfg0Tag> kQuotaSoftReset = reg::flag<Cfg0Tag>(4);
constexpr Field<Cfg0Tag> kSelftestMode{30, 2};  // {31,30}
}  // namespace cfg0

// CFG1 fields that do not move with the core count (facts 2.5).
namespace cfg1 {
constexpr Field<Cfg1Tag> kMccuEnable = reg::flag<Cfg1Tag>(0);
constexpr Field<Cfg1Tag> kMccuSoftReset = reg::flag<Cfg1Tag>(1);
constexpr unsigned kUpdateBase = 2;  // update quota, core c = bit 2+c
constexpr Field<Cfg1Tag> kHwQuota = reg::flag<Cfg1Tag>(31);
}  // namespace cfg1

// Self-test modes, the value of CFG0[31:30] (facts 2.1).
enum class SelftestMode : uint8_t {
  kNormal = 0,       // 00: crossbar routing
  kAllOnes = 1,      // 01: every output 1 (every counter counts every cycle)
  kAllZeros = 2,     // 10: every output 0
  kOnlyOutput0 = 3,  // 11: output 0 is 1, all others 0
};

}  // namespace pmu::safesu
