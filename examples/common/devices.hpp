// The one place where the examples differ between real hardware and QEMU.
//
// On a real board the performance units are silicon: nothing to set up, the
// SoC drives their event inputs, interrupts arrive on the board's lines.
// On a QEMU board (BOARD_EMULATED) the machine has no SafeSU, no CM perf
// block and no custom counter CSRs: attach_emulated_devices() maps pmukit's
// behavioural models (sim/models) at the addresses board::config gives, so
// every register access of the driver traps and is served by the model, and
// the workload (workload.hpp) tells the emulated SoC which events its phases
// raise. Everything else in an example is what real firmware does.
#pragma once

#include <stdint.h>

#include "board.hpp"

#ifndef EXAMPLES_EMULATED
#define EXAMPLES_EMULATED 0
#endif

namespace examples {

constexpr bool kEmulated = EXAMPLES_EMULATED != 0;

// Units an example uses (bit mask).
enum Unit : unsigned {
  kSafesu = 1u << 0,  // SafeSU 4 cores / 128 events at board::config::kSafesuBase
  kCm = 1u << 1,      // CM GCR perf block at board::config::kCmGcrBase + 0x6000
  kIbexCsrs = 1u << 2,  // Ibex hpm counters (RV32): mhpmcounter3..12, 40 bits
  kAmeCsrs = 1u << 3,   // XiangShan CUTE AME counter CSRs (RV64)
};

// QEMU boards: map the models of 'units', print one "emulated:" line per
// unit, return true. Real boards: nothing to do, return false.
bool attach_emulated_devices(unsigned units);

// Attach a handler to a board interrupt line (on QEMU boards through the
// stub's level-sensitive glue, so it runs while the model drives the line).
// false: the board does not have or does not know that line.
bool attach_irq(unsigned line, board::IrqHandler handler, void* ctx);
void detach_irq(unsigned line);

// Call from wait loops. QEMU boards: bring the emulated units up to the
// current time (they otherwise only move when accessed), which raises their
// interrupt lines. Real boards: nothing.
void service_devices();

}  // namespace examples
