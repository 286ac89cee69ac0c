// SPDX-License-Identifier: Apache-2.0
/// @file
/// The SafeSU's interrupt outputs as the public De-RISC AHB wrappers number
/// them (docs/hw/safesu.md §3.7). pmu_ahb.sv itself maps no output to an
/// interrupt line; the VHDL ahb_wrapper does, and three versions of it are
/// public. A board states which one its bitstream has; the numbers come
/// from here, once.
#pragma once

#include <stdint.h>

namespace pmu::safesu {

/// The public ahb_wrapper.vhd versions (docs/hw/safesu.md §3.7).
enum class Wrapper : uint8_t {
  kA,  ///< 4 CPUs: overflow 6, quota 12, RDC 11, MCCU core c on 7 + c (the manual's numbers)
  kB,  ///< any core count: overflow 10, quota 12, RDC 11, MCCU core c on (10 - cores) + c
  kC,  ///< as B while CFG1 bit 31 is 0; with it set the MCCU outputs go to the hq_mccu port
};

/// The AHB interrupt lines (hirq) a wrapper drives with the SafeSU's
/// outputs. FT1/FT2 reach no line in any version.
struct WrapperIrqs {
  uint8_t overflow;  ///< intr_overflow_o
  uint8_t quota;     ///< intr_quota_o
  uint8_t rdc;       ///< intr_RDC_o
  uint8_t mccu0;     ///< intr_MCCU_o[0]; core c is on mccu0 + c
};

/// True if the wrapper version exists for a build with `cores` MCCU cores:
/// version A only for 4, B and C for 2..6 (the RTL's core range). Pure.
constexpr bool wrapper_fits(Wrapper w, unsigned cores) {
  return w == Wrapper::kA ? cores == 4 : cores >= 2 && cores <= 6;
}

/// The lines of `w` for a build with `cores` MCCU cores (check
/// wrapper_fits first; a version that does not fit gives A's or B's
/// formula anyway). Pure, constexpr.
constexpr WrapperIrqs wrapper_irqs(Wrapper w, unsigned cores) {
  return w == Wrapper::kA ? WrapperIrqs{6, 12, 11, 7}
                          : WrapperIrqs{10, 12, 11, static_cast<uint8_t>(10 - cores)};
}

}  // namespace pmu::safesu
