// SPDX-License-Identifier: Apache-2.0
// The SafeSU of this board: the board's record (board::safesu(): where it
// is, which build, which lines; leon3-grlib finds it by plug&play at
// start-up), and a driver object made from it. On QEMU boards the record
// places the emulated 4-core, 128-event build (devices.hpp).
#pragma once

#include "board.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu/safesu/safesu.hpp"

namespace examples {

// The board's SafeSU record; a board without one says so and ends the image.
inline const board::SafesuInstance& safesu_record() {
  const board::SafesuInstance* su = board::safesu();
  if (su == nullptr) {
    print("no SafeSU on this board\n");
    board::exit(2);
  }
  return *su;
}

// The driver of the board's SafeSU, made on first use from its record: the
// layout of the record's build at the record's base (not known before
// start-up on a board that discovers the unit).
inline pmu::safesu::SafeSU& safesu_unit() {
  static const pmu::safesu::Layout layout =
      pmu::safesu::make_layout(pmu::safesu::shipped_params(safesu_record().cores, safesu_record().events));
  static pmu::safesu::SafeSU unit{safesu_record().base, layout};
  return unit;
}

// Board lines of the SafeSU's outputs. A line the board does not know is
// board::kNotWired: attaching it fails and the example polls the hook.
inline unsigned safesu_overflow_line() { return safesu_record().irq.overflow; }
inline unsigned safesu_rdc_line() { return safesu_record().irq.rdc; }
inline unsigned safesu_mccu_line(unsigned core) { return safesu_record().mccu_line(core); }

}  // namespace examples
