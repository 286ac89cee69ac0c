// SPDX-License-Identifier: Apache-2.0
// ibex-simple-system glue: the simulator's SIM_CTRL console and halt, mcycle
// as the time base, and the core-local interrupts (software 3, timer 7,
// external 11, fast 16..30) as board lines. There is no interrupt controller:
// a line is its mie/mcause bit. Level sources (the timer: mtime >= mtimecmp)
// must be quietened by their handler, or they re-enter at once.
#include <stdint.h>

#include "board_console.hpp"
#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"


using board::put_str;
namespace {

using namespace board::config;

inline void mmio_w32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::kMaxIrqLines];

// The interrupt codes Ibex implements (its mie has no other bits).
constexpr bool line_exists(unsigned line) {
  return line == kIrqSoftware || line == kIrqTimer || line == kIrqExternal ||
         (line >= kIrqFast0 && line <= kIrqFast0 + 14);
}

}  // namespace

namespace board {

const char* name() { return kBoardName; }

// SIM_CTRL_OUT takes the character in bits 7:0 of a 32-bit write; it never
// back-pressures.
void putc(char c) { mmio_w32(kSimCtrlOut, static_cast<uint8_t>(c)); }

// The simple system has no exit status: print it, then halt the simulation.
void exit(int code) {
  report_exit(code);
  mmio_w32(kSimCtrlCtrl, 1);
  for (;;) {
  }
}

// mcycle/mcycleh are always 64 bits on Ibex (facts riscv-counters.md 1.1);
// read hi/lo/hi (1.10).
uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line >= kMaxIrqLines || !line_exists(line) || handler == nullptr) return false;
  g_lines[line] = {handler, ctx};
  __asm__ volatile("csrs mie, %0" : : "r"(1ul << line));
  return true;
}

void irq_detach(unsigned line) {
  if (line >= kMaxIrqLines || !line_exists(line)) return;
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << line));
  g_lines[line] = {nullptr, nullptr};
}

void irq_global_enable() { __asm__ volatile("csrsi mstatus, 8"); }
void irq_global_disable() { __asm__ volatile("csrci mstatus, 8"); }

// A real board has no injection path.
bool irq_force(unsigned) { return false; }

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code < kMaxIrqLines && g_lines[cause_code].handler != nullptr) {
    g_lines[cause_code].handler(g_lines[cause_code].ctx, cause_code);
    return;
  }
  // Nobody asked for it: mask it so it cannot storm, and say so.
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << (cause_code & 31)));
  put_str("\nspurious interrupt masked\n");
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
