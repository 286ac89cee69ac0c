// SPDX-License-Identifier: Apache-2.0
// The code the examples measure: small, deterministic phases that run on
// this core. Each phase is real work on real memory; on QEMU boards the
// emulated SoC also raises the event lines that phase would raise on
// hardware (pmu_sim/soc_events.hpp), because QEMU has no event wires.
#pragma once

#include <stdint.h>

#include "pmu_sim/soc.hpp"

namespace examples {

// The phases (pmu_sim/soc.hpp names them, so the emulated SoC knows what
// each one raises).
using pmu_sim::soc::Phase;

const char* phase_name(Phase p);

// Runs 'rounds' rounds of phase p and returns a checksum (so the work is not
// optimised away). Calls service_devices() between rounds; stops early once
// *stop != 0 if 'stop' is given. *rounds_done (if given) = rounds run.
uint32_t run_phase(Phase p, unsigned rounds, const volatile uint32_t* stop = nullptr,
                   unsigned* rounds_done = nullptr);

// True if the last stream phase really copied its blocks (the destination
// holds source + round for every block of the last rounds): the phase must
// do the work it names on every compiler setting.
bool stream_did_its_work();

}  // namespace examples
