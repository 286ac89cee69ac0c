// SPDX-License-Identifier: Apache-2.0
// leon3-grlib glue: APBUART console, GPTIMER timer 1 as the time base,
// IRQMP (CPU 0) for the interrupt lines, and the C side of start.S's trap
// entry. Nothing here is QEMU-specific: no SRMMU map, no forced interrupts.
#include <stdint.h>

#include "board_console.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "sparc/trap_frame.hpp"
#include "pmu/util/wide_counter.hpp"


using board::put_dec;
using board::put_hex;
using board::put_str;
namespace {

using namespace board::config;

// APBUART: data +0, status +4 (bit 2 TE: transmitter empty), control +8.
constexpr uintptr_t kUartData = kApbUart + 0x0;
constexpr uintptr_t kUartStatus = kApbUart + 0x4;
constexpr uintptr_t kUartCtrl = kApbUart + 0x8;
constexpr uint32_t kUartStatusTe = 1u << 2;
constexpr uint32_t kUartCtrlTeRe = 0x3;

// IRQMP: pending +0x04, clear +0x0C, CPU 0 mask +0x40.
constexpr uintptr_t kIrqmpClear = kIrqmp + 0x0C;
constexpr uintptr_t kIrqmpMask0 = kIrqmp + 0x40;

// GPTIMER: timer 1 counter +0x10, reload +0x14, control +0x18.
constexpr uintptr_t kTimer1Counter = kGptimer + 0x10;
constexpr uintptr_t kTimer1Reload = kGptimer + 0x14;
constexpr uintptr_t kTimer1Ctrl = kGptimer + 0x18;
constexpr uint32_t kTimerCtrlEnRsLd = 0x7;  // enable, restart, load; no interrupt

constexpr uint32_t kTtInterrupt1 = 0x11;
constexpr uint32_t kTtInterrupt15 = 0x1F;
constexpr uint32_t kPsrPil = 0xF00;
constexpr uint32_t kPsrEt = 0x20;

inline uint32_t rd32(uintptr_t a) { return *reinterpret_cast<volatile uint32_t*>(a); }
inline void wr32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }

inline uint32_t psr_read() {
  uint32_t v;
  __asm__ volatile("rd %%psr, %0" : "=r"(v) : : "memory");
  return v;
}
inline void psr_write(uint32_t v) {
  __asm__ volatile("wr %0, %%psr\n\tnop\n\tnop\n\tnop" : : "r"(v) : "memory");
}

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[kIrqLines];
// Timer 1 counts down; the software extension makes it a 64-bit up-count.
pmu::util::WideCounter g_time(32);

}  // namespace

namespace board {

const char* name() { return kBoardName; }

void putc(char c) {
  while ((rd32(kUartStatus) & kUartStatusTe) == 0) {
  }
  wr32(kUartData, static_cast<uint8_t>(c));
}

// No exit device. Traps off, then a trap: the CPU enters error mode and
// halts, which GRMON reports (QEMU's leon3_generic treats 'ta 0' in this
// state as a shutdown request).
void exit(int code) {
  report_exit(code);
  psr_write((psr_read() | kPsrPil) & ~kPsrEt);
  __asm__ volatile("ta 0" : : : "memory");
  for (;;) {
  }
}

// GPTIMER ticks (the prescaler as the boot loader set it, typically 1 MHz),
// not CPU cycles: LEON3 has no cycle CSR.
uint64_t cycles() {
  const uint32_t psr = psr_read();
  psr_write(psr | kPsrPil);
  const uint64_t t = g_time.observe(0xFFFFFFFFu - rd32(kTimer1Counter));
  psr_write(psr);
  return t;
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line == 0 || line >= kIrqLines || handler == nullptr) return false;
  const uint32_t psr = psr_read();
  psr_write(psr | kPsrPil);
  g_lines[line] = Line{handler, ctx};
  wr32(kIrqmpMask0, rd32(kIrqmpMask0) | (1u << line));
  psr_write(psr);
  return true;
}

void irq_detach(unsigned line) {
  if (line == 0 || line >= kIrqLines) return;
  const uint32_t psr = psr_read();
  psr_write(psr | kPsrPil);
  wr32(kIrqmpMask0, rd32(kIrqmpMask0) & ~(1u << line));
  wr32(kIrqmpClear, 1u << line);
  g_lines[line] = Line{nullptr, nullptr};
  psr_write(psr);
}

void irq_global_enable() { psr_write(psr_read() & ~kPsrPil); }
void irq_global_disable() { psr_write(psr_read() | kPsrPil); }
bool irq_force(unsigned) { return false; }

}  // namespace board

// ---- called from start.S ------------------------------------------------------

extern "C" void board_init() {
  wr32(kUartCtrl, rd32(kUartCtrl) | kUartCtrlTeRe);
  // start.S is built for kNWindows register windows: refuse any other core.
  uint32_t asr17;
  __asm__ volatile("rd %%asr17, %0" : "=r"(asr17));
  if ((asr17 & 0x1F) + 1 != kNWindows) {
    put_str("leon3-grlib: built for ");
    put_dec(static_cast<int>(kNWindows));
    put_str(" register windows, %asr17 says ");
    put_dec(static_cast<int>((asr17 & 0x1F) + 1));
    put_str("\n");
    board::exit(2);
  }
  wr32(kIrqmpMask0, 0);
  wr32(kIrqmpClear, 0xFFFE);
  wr32(kTimer1Reload, 0xFFFFFFFFu);
  wr32(kTimer1Ctrl, kTimerCtrlEnRsLd);
  g_time.restart(0xFFFFFFFFu - rd32(kTimer1Counter));
}

extern "C" [[noreturn]] void board_exit_c(int code) { board::exit(code); }

// The shared SPARC trap entry (boards/common/sparc/trap.S) calls this with
// the trapped window's registers. This board emulates nothing: interrupts
// go to their handlers, anything else is reported.
extern "C" void board_trap_dispatch(board::TrapFrame* f) {
  const uint32_t tt = f->tt & 0xFF;
  if (tt >= kTtInterrupt1 && tt <= kTtInterrupt15) {
    // IRQMP cleared the pending bit when the CPU took the trap; a level
    // source must be quietened by its handler.
    const unsigned line = tt - 0x10;
    if (g_lines[line].handler != nullptr) {
      g_lines[line].handler(g_lines[line].ctx, line);
      return;
    }
  }
  put_str("\nTRAP tt=0x");
  put_hex(tt, 2);
  put_str("\n");
  board::exit(3);
}
