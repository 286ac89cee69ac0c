// SPDX-License-Identifier: Apache-2.0
// The records a board's data (board_config.hpp) describes its performance
// units with: one record per unit instance, with where it is, which build it
// is and which board line each interrupt output drives. "Not wired" is one
// explicit value of one type, kNotWired, which every irq_attach refuses.
#pragma once

#include <stdint.h>

#include "pmu/safesu/wrapper_irq.hpp"

namespace board {

/// A board interrupt line (0..kMaxIrqLines-1), or kNotWired.
using IrqLine = uint8_t;
/// The output drives no line of this board (or the line is not public).
constexpr IrqLine kNotWired = 0xFF;

/// The board lines of a SafeSU instance's interrupt outputs.
struct SafesuLines {
  IrqLine overflow;
  IrqLine quota;
  IrqLine rdc;
  IrqLine mccu0;  ///< core c's MCCU output is on mccu0 + c
};

/// The lines of a SafeSU wrapper whose AHB interrupt n reaches board line
/// n + offset: offset 0 on LEON3, where hirq n is IRQMP level n; an emulated
/// board may move an instance up to keep two instances apart.
constexpr SafesuLines safesu_lines(pmu::safesu::WrapperIrqs w, unsigned offset = 0) {
  return SafesuLines{static_cast<IrqLine>(w.overflow + offset), static_cast<IrqLine>(w.quota + offset),
                     static_cast<IrqLine>(w.rdc + offset), static_cast<IrqLine>(w.mccu0 + offset)};
}

/// One SafeSU: base address, build (pmu::safesu::shipped_params(cores,
/// events) gives its layout) and interrupt lines.
struct SafesuInstance {
  uintptr_t base;
  uint8_t cores;    ///< MCCU_N_CORES of the build
  uint16_t events;  ///< N_SOC_EV of the build (crossbar inputs)
  SafesuLines irq;

  /// Core c's MCCU line; kNotWired for a core the build does not have or an
  /// unwired MCCU.
  constexpr IrqLine mccu_line(unsigned core) const {
    return core < cores && irq.mccu0 != kNotWired ? static_cast<IrqLine>(irq.mccu0 + core) : kNotWired;
  }
};

/// One MIPS Coherence Manager: GCR base, whether its debug/perf block
/// (GCR + 0x6000) is there, and the line CM_PCInt drives.
struct CmInstance {
  uintptr_t gcr_base;
  bool perf_block;
  IrqLine irq;
};

/// The XiangShan CUTE AME counter CSRs: whether the board declares them
/// (only then may code touch those CSR numbers) and the overflow line.
struct AmeInstance {
  bool declared;
  IrqLine irq;
};

}  // namespace board
