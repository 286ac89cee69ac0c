// SPDX-License-Identifier: Apache-2.0
// xiangshan-cute glue: UART Lite console, the simulator "trap" instruction
// as the end of the run, mcycle as the time base, and the Sscofpmf LCOFI
// (mcause 13) as the one board interrupt line. The SoC's PLIC/CLINT glue is
// not written: every other line is refused.
#include <stdint.h>

#include "board_console.hpp"
#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"


using board::put_str;
namespace {

using namespace board::config;

constexpr uintptr_t kUartTxFifo = kUartLite + 0x4;
constexpr uintptr_t kUartStat = kUartLite + 0x8;
constexpr uint8_t kUartStatTxFull = 1u << 3;

inline uint8_t rd8(uintptr_t a) { return *reinterpret_cast<volatile uint8_t*>(a); }
inline void wr8(uintptr_t a, uint8_t v) { *reinterpret_cast<volatile uint8_t*>(a) = v; }

board::IrqHandler g_lcofi_handler;
void* g_lcofi_ctx;

}  // namespace

namespace board {

const char* name() { return kBoardName; }

void putc(char c) {
  while ((rd8(kUartStat) & kUartStatTxFull) != 0) {
  }
  wr8(kUartTxFifo, static_cast<uint8_t>(c));
}

// The XiangShan/NEMU simulators stop at the custom-0 "trap" instruction
// (0x0005006b) and report a0: 0 = good trap, anything else = bad trap.
void exit(int code) {
  const long a0 = code;
  __asm__ volatile("mv a0, %0\n\t.word 0x0005006b" : : "r"(a0) : "a0", "memory");
  for (;;) {
  }
}

uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line != kIrqLcofi || handler == nullptr) return false;
  g_lcofi_handler = handler;
  g_lcofi_ctx = ctx;
  __asm__ volatile("csrs mie, %0" : : "r"(1ul << kIrqLcofi));
  return true;
}

void irq_detach(unsigned line) {
  if (line != kIrqLcofi) return;
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << kIrqLcofi));
  g_lcofi_handler = nullptr;
  g_lcofi_ctx = nullptr;
}

void irq_global_enable() { __asm__ volatile("csrsi mstatus, 8"); }
void irq_global_disable() { __asm__ volatile("csrci mstatus, 8"); }
bool irq_force(unsigned) { return false; }

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code == kIrqLcofi && g_lcofi_handler != nullptr) {
    g_lcofi_handler(g_lcofi_ctx, kIrqLcofi);
    return;
  }
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << (cause_code & 63)));
  put_str("\nspurious interrupt masked\n");
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
