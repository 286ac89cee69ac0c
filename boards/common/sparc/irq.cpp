// SPDX-License-Identifier: Apache-2.0
// The LEON3 boards' interrupt glue: board lines are IRQMP levels 1..15
// (CPU 0), handlers in the board's line table. The CPU acknowledges a level
// when it takes the trap (IRQMP clears its pending and force bits); a level
// source must be quietened by its handler. The C trap dispatch runs at
// PIL 15, so handlers do not nest (level 15 is non-maskable on SPARC).
#include "board.hpp"
#include "board_config.hpp"
#include "grlib/irqmp.hpp"
#include "irq_table.hpp"
#include "sparc/machine.hpp"
#include "sparc/psr.hpp"

namespace {
using board::grlib::Irqmp;
constexpr Irqmp kIrqmp(board::config::kIrqmp);
board::IrqTable g_lines;
}  // namespace

namespace board {

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (!Irqmp::line_ok(line) || handler == nullptr) return false;
  const uint32_t pil = sparc::irq_save();
  const bool ok = g_lines.attach(line, handler, ctx) && pmu::ok(kIrqmp.unmask(line));
  sparc::irq_restore(pil);
  return ok;
}

void irq_detach(unsigned line) {
  if (!Irqmp::line_ok(line)) return;
  const uint32_t pil = sparc::irq_save();
  (void)kIrqmp.mask(line);
  // Drop anything still pending, so a later attach does not see it.
  if (config::kIrqForce) (void)kIrqmp.unforce(line);
  (void)kIrqmp.clear(line);
  g_lines.detach(line);
  sparc::irq_restore(pil);
}

void irq_global_enable() { sparc::irq_restore(0); }
void irq_global_disable() { (void)sparc::irq_save(); }

bool irq_force(unsigned line) { return config::kIrqForce && pmu::ok(kIrqmp.force(line)); }

namespace sparc {

bool dispatch_interrupt(unsigned line) { return g_lines.dispatch(line); }

}  // namespace sparc
}  // namespace board
