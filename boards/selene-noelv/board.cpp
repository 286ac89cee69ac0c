// SPDX-License-Identifier: Apache-2.0
// selene-noelv glue: GRLIB APBUART console, mcycle as the time base, and the
// GRLIB PLIC behind the machine external interrupt: board lines are PLIC
// source IDs (1..31). A claimed source goes to its attached handler and is
// completed with the ID that was claimed. No injection path (irq_force is
// false), and no exit status: exit() prints it and parks the hart.
#include <stdint.h>

#include "board_console.hpp"
#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/plic.hpp"


using board::put_str;
namespace {

using namespace board::config;

// APBUART (GRLIB): data +0, status +4 (bit 2 TE: holding register/FIFO
// empty), control +8 (bit 0 RE, bit 1 TE).
constexpr uintptr_t kUartData = kApbUart + 0x0;
constexpr uintptr_t kUartStatus = kApbUart + 0x4;
constexpr uintptr_t kUartCtrl = kApbUart + 0x8;
constexpr uint32_t kUartStatusTe = 1u << 2;
constexpr uint32_t kUartCtrlTeRe = 0x3;

constexpr unsigned kCauseExternal = 11;  // mcause / mie.MEIE
constexpr unsigned kContext = board::riscv::grlib_plic_context(kHart, board::riscv::PlicMode::kMachine);
constexpr board::riscv::Plic kPlic(kPlicBase, kPlicSources, kPlicContexts);

inline uint32_t rd32(uintptr_t a) { return *reinterpret_cast<volatile uint32_t*>(a); }
inline void wr32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::kMaxIrqLines];
bool g_uart_ready;
bool g_threshold_set;

inline uintptr_t irq_save() {
  uintptr_t m;
  __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(m) : : "memory");
  return m;
}
inline void irq_restore(uintptr_t m) { __asm__ volatile("csrs mstatus, %0" : : "r"(m & 8) : "memory"); }

}  // namespace

namespace board {

const char* name() { return kBoardName; }

void putc(char c) {
  // GRMON or the boot loader sets the baud rate; only make sure the
  // transmitter is on (a read-modify-write keeps the rest of the control).
  if (!g_uart_ready) {
    wr32(kUartCtrl, rd32(kUartCtrl) | kUartCtrlTeRe);
    g_uart_ready = true;
  }
  while ((rd32(kUartStatus) & kUartStatusTe) == 0) {
  }
  wr32(kUartData, static_cast<uint8_t>(c));
}

void exit(int code) {
  report_exit(code);
  riscv::park_hart();
}

uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line == 0 || line >= kPlicSources || line >= kMaxIrqLines || handler == nullptr) return false;
  const uintptr_t m = irq_save();
  g_lines[line] = {handler, ctx};
  bool ok = pmu::ok(kPlic.set_priority(line, kPlicPriority)) && pmu::ok(kPlic.enable(kContext, line));
  if (ok && !g_threshold_set) {
    ok = pmu::ok(kPlic.set_threshold(kContext, kPlicThreshold));
    g_threshold_set = ok;
  }
  if (ok) __asm__ volatile("csrs mie, %0" : : "r"(1ul << kCauseExternal));
  else g_lines[line] = {nullptr, nullptr};
  irq_restore(m);
  return ok;
}

void irq_detach(unsigned line) {
  if (line == 0 || line >= kPlicSources || line >= kMaxIrqLines) return;
  const uintptr_t m = irq_save();
  (void)kPlic.disable(kContext, line);
  g_lines[line] = {nullptr, nullptr};
  irq_restore(m);
}

void irq_global_enable() { __asm__ volatile("csrsi mstatus, 8"); }
void irq_global_disable() { __asm__ volatile("csrci mstatus, 8"); }

bool irq_force(unsigned) { return false; }

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code == kCauseExternal) {
    // Claim until the PLIC has nothing more for this context; complete each
    // ID that was claimed, and only that one.
    for (;;) {
      const pmu::Result<uint32_t> id = kPlic.claim(kContext);
      if (!id.ok() || id.value() == 0) return;
      const uint32_t src = id.value();
      if (src < kMaxIrqLines && g_lines[src].handler != nullptr) {
        g_lines[src].handler(g_lines[src].ctx, src);
      } else {
        (void)kPlic.disable(kContext, src);
        put_str("\nspurious PLIC source disabled\n");
      }
      (void)kPlic.complete(kContext, src);
    }
  }
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << (cause_code & 63)));
  put_str("\nspurious interrupt masked\n");
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
