// SPDX-License-Identifier: Apache-2.0
// The 64-bit mhpmevent word: Sscofpmf's OF and privilege-inhibit bits on top
// of an implementation-defined event selector (bits 55:0; 57:56 are WPRI).
// On RV32 bits 63:32 live in mhpmeventNh (which exists only with Sscofpmf).
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"
#include "pmu/status.hpp"

namespace pmu::riscv {

struct MhpmeventTag {
  using word_t = uint64_t;
  static constexpr reg::Access kAccess = reg::Access::kRW;
};
using HpmEvent = reg::Value<MhpmeventTag>;

namespace mhpmevent {
constexpr reg::Field<MhpmeventTag> kOf = reg::flag<MhpmeventTag>(63);
constexpr reg::Field<MhpmeventTag> kMinh = reg::flag<MhpmeventTag>(62);
constexpr reg::Field<MhpmeventTag> kSinh = reg::flag<MhpmeventTag>(61);
constexpr reg::Field<MhpmeventTag> kUinh = reg::flag<MhpmeventTag>(60);
constexpr reg::Field<MhpmeventTag> kVsinh = reg::flag<MhpmeventTag>(59);
constexpr reg::Field<MhpmeventTag> kVuinh = reg::flag<MhpmeventTag>(58);
// MINH..VUINH as one 5-bit field: bit 4 = M, 3 = S, 2 = U, 1 = VS, 0 = VU.
constexpr reg::Field<MhpmeventTag> kInh{58, 5};
constexpr reg::Field<MhpmeventTag> kWpri{56, 2};
constexpr reg::Field<MhpmeventTag> kEvent{0, 56};
// Sscofpmf's bits as they sit in mhpmeventNh on RV32.
constexpr uint32_t kOfHigh = 1u << 31;
}  // namespace mhpmevent

// Privilege-inhibit masks for make_hpm_event (the INH field's bits).
namespace inhibit {
constexpr uint8_t kM = 0x10;
constexpr uint8_t kS = 0x08;
constexpr uint8_t kU = 0x04;
constexpr uint8_t kVs = 0x02;
constexpr uint8_t kVu = 0x01;
constexpr uint8_t kAll = 0x1F;
}  // namespace inhibit

// An event selector with privilege filtering (OF left 0: arming is the
// driver's job). kBadArg if 'event' does not fit bits 55:0 or 'inh' has bits
// outside kAll.
constexpr Result<HpmEvent> make_hpm_event(uint64_t event, uint8_t inh = 0) {
  if (!mhpmevent::kEvent.fits(event) || inh > inhibit::kAll) return Status::kBadArg;
  return HpmEvent{0}.with(mhpmevent::kEvent, event).with(mhpmevent::kInh, inh);
}

static_assert(mhpmevent::kInh.mask() == 0x7C00000000000000ull);
static_assert(make_hpm_event(2, inhibit::kM).value().raw == 0x4000000000000002ull);

}  // namespace pmu::riscv
