// SPDX-License-Identifier: Apache-2.0
// The SafeSU of this board: the board's record (board::safesu(): where it
// is, which build, which lines; leon3-grlib finds it by plug&play at
// start-up), and a driver object made from it. On QEMU boards the record
// places the emulated 4-core, 128-event build (devices.hpp).
#pragma once

#include "board.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "pmu/safesu/events.hpp"
#include "pmu/safesu/events_selene.hpp"
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

// The SoC event catalogue the examples route by: SELENE's 4-core, 128-input
// table (the SafeSU User's Manual's Table 2.1), which the QEMU boards'
// emulated SoC follows too. A board whose SafeSU inputs are wired otherwise
// needs its own table here (docs/safesu.md "Event catalogues").
inline constexpr const pmu::safesu::EventCatalogue& kEvents = pmu::safesu::kSelene4c128;

// The crossbar input of a named event of kEvents, or 0xFFFF (which
// route_table refuses) for a name the table does not have; the examples
// static_assert their plans, so a misspelt name does not build.
constexpr uint16_t event_input(const char* name) { return pmu::safesu::event_index(kEvents, name).value_or(0xFFFF); }

// The name kEvents gives input 'index' ("?" past its inputs).
inline const char* event_name(unsigned index) {
  const auto e = pmu::safesu::event_at(kEvents, index);
  return e.ok() ? e.value().name : "?";
}

// Ends the image unless the board's SafeSU is the build kEvents describes
// (the plans' input numbers would mean something else).
inline void require_catalogue_build() {
  const board::SafesuInstance& su = safesu_record();
  if (su.cores != kEvents.n_cores || su.events != kEvents.n_inputs) {
    print("this example routes the inputs of ");
    print(kEvents.soc);
    print("; the board's SafeSU is another build, whose event table pmukit does not have\n");
    board::exit(2);
  }
}

// Board lines of the SafeSU's outputs. A line the board does not know is
// board::kNotWired: attaching it fails and the example polls the hook.
inline unsigned safesu_overflow_line() { return safesu_record().irq.overflow; }
inline unsigned safesu_rdc_line() { return safesu_record().irq.rdc; }
inline unsigned safesu_mccu_line(unsigned core) { return safesu_record().mccu_line(core); }

}  // namespace examples
