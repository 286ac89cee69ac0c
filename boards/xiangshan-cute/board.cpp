// SPDX-License-Identifier: Apache-2.0
// xiangshan-cute glue: UART Lite console, the simulator "trap" instruction
// as the end of the run, and the Sscofpmf LCOFI (mcause 13) as the one board
// interrupt line. The SoC's PLIC/CLINT glue is not written: every other
// line is refused.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "irq_table.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"

namespace {

using namespace board::config;

// UART Lite: TX FIFO +4, status +8 (TX_FULL bit 3), byte accesses as the
// XiangShan/NEMU runtime does them.
constexpr uintptr_t kUartTxFifo = kUartLite + 0x4;
constexpr uintptr_t kUartStat = kUartLite + 0x8;
constexpr uint8_t kUartStatTxFull = 1u << 3;

board::IrqTable g_lines;

}  // namespace

namespace board {

void putc(char c) {
  while ((*reinterpret_cast<volatile uint8_t*>(kUartStat) & kUartStatTxFull) != 0) {
  }
  *reinterpret_cast<volatile uint8_t*>(kUartTxFifo) = static_cast<uint8_t>(c);
}

// The XiangShan/NEMU simulators stop at the custom-0 "trap" instruction
// (0x0005006b) and report a0: 0 = good trap, anything else = bad trap.
void exit(int code) {
  const long a0 = code;
  __asm__ volatile("mv a0, %0\n\t.word 0x0005006b" : : "r"(a0) : "a0", "memory");
  for (;;) {
  }
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line != kIrqLcofi) return false;
  const uintptr_t saved = riscv::irq_save();  // (the line may be live: a handler replaced)
  const bool ok = g_lines.attach(line, handler, ctx);
  if (ok) riscv::enable_interrupt(kIrqLcofi);
  riscv::irq_restore(saved);
  return ok;
}

void irq_detach(unsigned line) {
  if (line != kIrqLcofi) return;
  riscv::disable_interrupt(kIrqLcofi);
  g_lines.detach(line);
}

bool irq_force(unsigned) { return false; }

namespace riscv {

bool dispatch_interrupt(unsigned code) { return code == kIrqLcofi && g_lines.dispatch(code); }

}  // namespace riscv
}  // namespace board
