// SPDX-License-Identifier: Apache-2.0
// selene-noelv glue: exit, and the GRLIB PLIC behind the machine external
// interrupt: board lines are PLIC source IDs (1..31). A claimed source goes
// to its attached handler and is completed with the ID that was claimed. No
// injection path (irq_force is false), and no exit status: exit() prints it
// and parks the hart. The console is the shared GRLIB APBUART one.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "board_console.hpp"
#include "irq_table.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/plic.hpp"

namespace {

using namespace board::config;

constexpr unsigned kCauseExternal = 11;  // mcause / mie.MEIE
constexpr unsigned kContext = board::riscv::grlib_plic_context(kHart, board::riscv::PlicMode::kMachine);
constexpr board::riscv::Plic kPlic(kPlicBase, kPlicSources, kPlicContexts);

board::IrqTable g_lines;
bool g_threshold_set;

constexpr bool source_ok(unsigned line) { return line != 0 && line < kPlicSources && line < board::kMaxIrqLines; }

}  // namespace

namespace board {

void exit(int code) {
  report_exit(code);
  riscv::park_hart();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (!source_ok(line) || handler == nullptr) return false;
  const uintptr_t m = riscv::irq_save();
  bool ok = g_lines.attach(line, handler, ctx) && pmu::ok(kPlic.set_priority(line, kPlicPriority)) &&
            pmu::ok(kPlic.enable(kContext, line));
  if (ok && !g_threshold_set) {
    ok = pmu::ok(kPlic.set_threshold(kContext, kPlicThreshold));
    g_threshold_set = ok;
  }
  if (ok) riscv::enable_interrupt(kCauseExternal);
  else g_lines.detach(line);
  riscv::irq_restore(m);
  return ok;
}

void irq_detach(unsigned line) {
  if (!source_ok(line)) return;
  const uintptr_t m = riscv::irq_save();
  (void)kPlic.disable(kContext, line);
  g_lines.detach(line);
  riscv::irq_restore(m);
}

bool irq_force(unsigned) { return false; }

namespace riscv {

bool dispatch_interrupt(unsigned code) {
  if (code != kCauseExternal) return false;
  // Claim until the PLIC has nothing more for this context; complete each
  // ID that was claimed, and only that one.
  for (;;) {
    const pmu::Result<uint32_t> id = kPlic.claim(kContext);
    if (!id.ok() || id.value() == 0) return true;
    const uint32_t src = id.value();
    if (!g_lines.dispatch(src)) {
      (void)kPlic.disable(kContext, src);
      put_str("\nspurious PLIC source disabled\n");
    }
    (void)kPlic.complete(kContext, src);
  }
}

}  // namespace riscv
}  // namespace board
