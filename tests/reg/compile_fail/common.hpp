// SPDX-License-Identifier: Apache-2.0
// Registers shared by the compile-fail cases. Each case compiles cleanly with
// PMU_CONTROL defined (the legal twin of the line under test) and must fail
// to compile without it, with the diagnostic named in its EXPECT line.
#pragma once

#include "pmu/reg/mmio_reg.hpp"

namespace cf {
using namespace pmu::reg;
struct Ctl {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct Vector {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRO;
};
struct Pending {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kW1C;
};
struct Doorbell {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kWO;
};
constexpr Reg<Ctl> kCtl{0x0};
constexpr Reg<Vector> kVector{0x4};
constexpr Reg<Pending> kPending{0x8};
constexpr Reg<Doorbell> kDoorbell{0xC};
constexpr Field<Ctl> kEnable = flag<Ctl>(0);
constexpr PulseField<Ctl> kReset = pulse_flag<Ctl>(1);
constexpr Field<Vector> kFlag0 = flag<Vector>(0);
}  // namespace cf
