// SPDX-License-Identifier: Apache-2.0
// ibex-simple-system glue: the simulator's SIM_CTRL console and halt, and
// the core-local interrupts (software 3, timer 7, external 11, fast 16..30)
// as board lines. There is no interrupt controller: a line is its mie/mcause
// bit. Level sources (the timer: mtime >= mtimecmp) must be quietened by
// their handler, or they re-enter at once.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "board_console.hpp"
#include "irq_table.hpp"
#include "pmu/hal/mmio.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"

namespace {

using namespace board::config;

board::IrqTable g_lines;

// The interrupt codes Ibex implements (its mie has no other bits).
constexpr bool line_exists(unsigned line) {
  return line == kIrqSoftware || line == kIrqTimer || line == kIrqExternal ||
         (line >= kIrqFast0 && line <= kIrqFast0 + 14);
}

}  // namespace

namespace board {

// SIM_CTRL_OUT takes the character in bits 7:0 of a 32-bit write; it never
// back-pressures.
void putc(char c) { pmu::hal::mmio_write32(kSimCtrlOut, static_cast<uint8_t>(c)); }

// The simple system has no exit status: print it, then halt the simulation.
void exit(int code) {
  report_exit(code);
  pmu::hal::mmio_write32(kSimCtrlCtrl, 1);
  for (;;) {
  }
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (!line_exists(line)) return false;
  const uintptr_t saved = riscv::irq_save();  // (the line may be live: a handler replaced)
  const bool ok = g_lines.attach(line, handler, ctx);
  if (ok) riscv::enable_interrupt(line);
  riscv::irq_restore(saved);
  return ok;
}

void irq_detach(unsigned line) {
  if (!line_exists(line)) return;
  riscv::disable_interrupt(line);
  g_lines.detach(line);
}

// A real board has no injection path.
bool irq_force(unsigned) { return false; }

namespace riscv {

bool dispatch_interrupt(unsigned code) { return g_lines.dispatch(code); }

}  // namespace riscv
}  // namespace board
