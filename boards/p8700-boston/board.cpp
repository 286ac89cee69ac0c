// SPDX-License-Identifier: Apache-2.0
// p8700-boston glue: the Boston 16550 console, mcycle as the time base. The
// interrupt controller glue (ACLINT/APLIC) is not written yet: irq_attach
// refuses every line and any interrupt that arrives is masked and reported.
#include <stdint.h>

#include "board_console.hpp"
#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"


using board::put_str;
namespace {

using namespace board::config;

// 16550 with registers 1 << kUartRegShift bytes apart: THR 0, LSR 5.
constexpr uintptr_t kThr = kUart16550 + (0u << kUartRegShift);
constexpr uintptr_t kLsr = kUart16550 + (5u << kUartRegShift);
constexpr uint32_t kLsrThre = 1u << 5;

inline uint32_t rd32(uintptr_t a) { return *reinterpret_cast<volatile uint32_t*>(a); }
inline void wr32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }

}  // namespace

namespace board {

const char* name() { return kBoardName; }

// The boot loader has set the baud rate; just wait for an empty THR.
void putc(char c) {
  while ((rd32(kLsr) & kLsrThre) == 0) {
  }
  wr32(kThr, static_cast<uint8_t>(c));
}

void exit(int code) {
  report_exit(code);
  riscv::park_hart();
}

uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned, IrqHandler, void*) { return false; }
void irq_detach(unsigned) {}
void irq_global_enable() { __asm__ volatile("csrsi mstatus, 8"); }
void irq_global_disable() { __asm__ volatile("csrci mstatus, 8"); }
bool irq_force(unsigned) { return false; }

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << (cause_code & 63)));
  put_str("\nspurious interrupt masked\n");
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
