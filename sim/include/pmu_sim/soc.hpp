// SPDX-License-Identifier: Apache-2.0
// The emulated SoC of the QEMU boards. QEMU has no SafeSU, no CM perf block,
// no custom counter CSRs and no event wires: attach() maps pmukit's
// behavioural models (sim/models) where the board says the units are, so
// every register access of a driver traps and is served by a model
// (pmu_sim/harness.hpp), and wires the models' interrupt outputs to the
// board's lines. The phase hooks play the SoC's event wires: they raise the
// events a workload phase would raise on hardware (pmu_sim/soc_events.hpp).
#pragma once

#include <stdint.h>

#include "board.hpp"
#include "pmu_sim/safesu_soc.hpp"

namespace pmu_sim::soc {

// Units to emulate (bit mask).
enum Unit : unsigned {
  kSafesu = 1u << 0,    // SafeSU 4 cores / 128 events
  kCm = 1u << 1,        // CM GCR perf block (RISC-V boards)
  kIbexCsrs = 1u << 2,  // Ibex hpm counters (RV32): mhpmcounter3..12, 40 bits
  kAmeCsrs = 1u << 3,   // XiangShan CUTE AME counter CSRs (RV64)
};

// Where the board puts the units and which board lines their outputs drive:
// the board's records (board::config, board_instances.hpp). The SafeSU is
// the 4-core, 128-event build; the CM's perf block is at gcr_base +
// pmu::cm::kGdbOffset. A unit the board does not place is not asked for.
struct Placement {
  board::SafesuInstance safesu;
  board::CmInstance cm;
  board::AmeInstance ame;
};

// The model-output wiring of a board's SafeSU record.
constexpr SafesuWiring safesu_wiring(const board::SafesuInstance& su) {
  static_assert(kNoLine == board::kNotWired, "one 'not wired' value");
  return safesu_wiring(SafesuLines{su.irq.overflow, su.irq.quota, su.irq.rdc, su.irq.mccu0}, su.cores);
}

// Map the models of 'units' and print one "emulated: ..." line per unit.
// Returns false (and says so) if a model could not be mapped.
bool attach(unsigned units, const Placement& where);

// Bring the emulated units up to the current time (they otherwise only move
// when accessed), which raises their interrupt lines. Call from wait loops.
void service();

// The phases of a workload, and what the SoC's event wires do in them.
enum class Phase : uint8_t {
  kCompute,      // integer arithmetic in registers: no memory traffic
  kStream,       // copy a buffer: loads, stores, cache misses, short bus requests
  kLongRequest,  // one long bus transfer (a slow device or a locked burst)
  kMatrix,       // small tile multiply (stand-in for a matrix-unit kernel)
};
void phase_begin(Phase p);
void phase_round(Phase p, unsigned round);
void phase_end(Phase p);

}  // namespace pmu_sim::soc
