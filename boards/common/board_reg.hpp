// SPDX-License-Identifier: Apache-2.0
// What the board's device drivers (grlib/) are written with: the library's
// typed registers (pmu::reg, include/pmu/reg) and statuses, and Reg32, a
// 32-bit register family with an access right. Each register derives its
// own tag from it (struct Ctrl : board::Reg32<Access::kRW> {};), so fields
// and values of one register still cannot go into another.
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"
#include "pmu/reg/mmio_reg.hpp"
#include "pmu/status.hpp"

namespace board {

template <pmu::reg::Access A>
struct Reg32 {
  using word_t = uint32_t;
  static constexpr pmu::reg::Access kAccess = A;
};

}  // namespace board
