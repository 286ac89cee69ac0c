// SPDX-License-Identifier: Apache-2.0
// p8700-boston glue: the Boston 16550 console and exit. The interrupt
// controller glue (ACLINT/APLIC) is not written yet: irq_attach refuses every
// line, and any interrupt that arrives is masked and reported by the shared
// trap dispatch.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "board_console.hpp"
#include "pmu/hal/mmio.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"

namespace {

using namespace board::config;

// 16550 with registers 1 << kUartRegShift bytes apart, 32-bit accesses:
// THR 0, LSR 5 (bit 5: THR empty).
constexpr uintptr_t kThr = kUart16550 + (0u << kUartRegShift);
constexpr uintptr_t kLsr = kUart16550 + (5u << kUartRegShift);
constexpr uint32_t kLsrThre = 1u << 5;

}  // namespace

namespace board {

// The boot loader has set the baud rate; just wait for an empty THR.
void putc(char c) {
  while ((pmu::hal::mmio_read32(kLsr) & kLsrThre) == 0) {
  }
  pmu::hal::mmio_write32(kThr, static_cast<uint8_t>(c));
}

void exit(int code) {
  report_exit(code);
  riscv::park_hart();
}

bool irq_attach(unsigned, IrqHandler, void*) { return false; }
void irq_detach(unsigned) {}
bool irq_force(unsigned) { return false; }

namespace riscv {

bool dispatch_interrupt(unsigned) { return false; }

}  // namespace riscv
}  // namespace board
