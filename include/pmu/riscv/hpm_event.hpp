// SPDX-License-Identifier: Apache-2.0
// The 64-bit mhpmevent word: Sscofpmf's OF and privilege-inhibit bits on top
// of an implementation-defined event selector (bits 55:0; 57:56 are WPRI).
// On RV32 bits 63:32 live in mhpmeventNh (which exists only with Sscofpmf).
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"
#include "pmu/status.hpp"

namespace pmu::riscv {

/// Register tag of mhpmevent3..31 (reg::Field scheme): 64 bits, read-write.
struct MhpmeventTag {
  using word_t = uint64_t;                                  ///< 64 bits on RV32 too (mhpmeventNh holds 63:32).
  static constexpr reg::Access kAccess = reg::Access::kRW;  ///< Read-write.
};
using HpmEvent = reg::Value<MhpmeventTag>;  ///< A value of mhpmevent.

/// Fields of mhpmevent (docs/hw/riscv-counters.md §2.3: Sscofpmf adds OF and the xINH bits).
namespace mhpmevent {
constexpr reg::Field<MhpmeventTag> kOf = reg::flag<MhpmeventTag>(63);  ///< OF: set by the wrap that requests LCOFI; while set, wraps request nothing.
constexpr reg::Field<MhpmeventTag> kMinh = reg::flag<MhpmeventTag>(62);  ///< MINH: do not count in M-mode.
constexpr reg::Field<MhpmeventTag> kSinh = reg::flag<MhpmeventTag>(61);  ///< SINH: do not count in S/HS-mode.
constexpr reg::Field<MhpmeventTag> kUinh = reg::flag<MhpmeventTag>(60);  ///< UINH: do not count in U-mode.
constexpr reg::Field<MhpmeventTag> kVsinh = reg::flag<MhpmeventTag>(59);  ///< VSINH: do not count in VS-mode.
constexpr reg::Field<MhpmeventTag> kVuinh = reg::flag<MhpmeventTag>(58);  ///< VUINH: do not count in VU-mode.
/// MINH..VUINH as one 5-bit field: bit 4 = M, 3 = S, 2 = U, 1 = VS, 0 = VU.
constexpr reg::Field<MhpmeventTag> kInh{58, 5};
constexpr reg::Field<MhpmeventTag> kWpri{56, 2};   ///< WPRI bits 57:56: written as read (zero).
constexpr reg::Field<MhpmeventTag> kEvent{0, 56};  ///< Event selector, bits 55:0 (implementation defined).
/// Sscofpmf's bits as they sit in mhpmeventNh on RV32.
constexpr uint32_t kOfHigh = 1u << 31;
}  // namespace mhpmevent

/// Privilege-inhibit masks for make_hpm_event (the INH field's bits).
namespace inhibit {
constexpr uint8_t kM = 0x10;    ///< Do not count in M-mode.
constexpr uint8_t kS = 0x08;    ///< Do not count in S-mode.
constexpr uint8_t kU = 0x04;    ///< Do not count in U-mode.
constexpr uint8_t kVs = 0x02;   ///< Do not count in VS-mode.
constexpr uint8_t kVu = 0x01;   ///< Do not count in VU-mode.
constexpr uint8_t kAll = 0x1F;  ///< All five privilege levels.
}  // namespace inhibit

/// An event selector with privilege filtering (OF left 0: arming is the
/// driver's job). kBadArg if 'event' does not fit bits 55:0 or 'inh' has bits
/// outside kAll.
constexpr Result<HpmEvent> make_hpm_event(uint64_t event, uint8_t inh = 0) {
  if (!mhpmevent::kEvent.fits(event) || inh > inhibit::kAll) return Status::kBadArg;
  return HpmEvent{0}.with(mhpmevent::kEvent, event).with(mhpmevent::kInh, inh);
}

static_assert(mhpmevent::kInh.mask() == 0x7C00000000000000ull);
static_assert(make_hpm_event(2, inhibit::kM).value().raw == 0x4000000000000002ull);

}  // namespace pmu::riscv
