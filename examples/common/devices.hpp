// SPDX-License-Identifier: Apache-2.0
// The one place where the examples differ between real hardware and QEMU.
//
// On a real board the performance units are silicon: nothing to set up, the
// SoC drives their event inputs, interrupts arrive on the board's lines.
// On a QEMU board (BOARD_EMULATED) the machine has no SafeSU, no CM perf
// block and no custom counter CSRs: attach_emulated_devices() asks the
// simulator's emulated SoC (pmu_sim/soc.hpp) to map pmukit's behavioural
// models at the addresses board::config gives, so every register access of
// the driver traps and is served by the model, and the workload
// (workload.hpp) tells the emulated SoC which events its phases raise.
// Everything else in an example is what real firmware does. Real boards
// link devices_hw.cpp and none of the simulator.
#pragma once

#include <stdint.h>

#include "board.hpp"
#include "pmu_sim/soc.hpp"

#ifndef EXAMPLES_EMULATED
#define EXAMPLES_EMULATED 0
#endif

namespace examples {

constexpr bool kEmulated = EXAMPLES_EMULATED != 0;

// Units an example uses (bit mask): the emulated SoC's names, so the same
// mask asks it for the units on QEMU boards (pmu_sim/soc.hpp).
using pmu_sim::soc::kAmeCsrs;
using pmu_sim::soc::kCm;
using pmu_sim::soc::kIbexCsrs;
using pmu_sim::soc::kSafesu;
using pmu_sim::soc::Unit;

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

// QEMU virt boards: bring the emulated units up to date every 'cycles' guest
// cycles from an interrupt, so their lines rise while the program runs, at
// most 'cycles' late, as hardware counts on its own (an overflow interrupt
// then stops the program where its event happened, within that delay). The
// interrupt is Sscofpmf's (an hpm counter on QEMU's cycles event, the LCOFI
// line), so a program that ticks does not sample through Sscofpmf too.
// While ticking, change event levels (pmu_sim::soc) only with interrupts
// off: the tick's update must not interrupt one. false where there is no
// such interrupt (qemu-leon3); real boards: nothing to do, true.
bool tick_devices(uint32_t cycles);
void stop_ticking();

}  // namespace examples
