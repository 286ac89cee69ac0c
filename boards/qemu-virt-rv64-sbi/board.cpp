// SPDX-License-Identifier: Apache-2.0
// qemu-virt-rv64-sbi glue: S-mode under OpenSBI. Console and exit are the
// virt UART and test finisher (reachable from S-mode); time is the cycle
// shadow. Interrupts are supervisor interrupts: line 13 is the real
// Sscofpmf LCOFI (sie/sip bit 13, delegated by OpenSBI); the other lines are
// virtual, forced through the supervisor software interrupt (sip.SSIP, which
// S-mode may set) and delivered by its handler.
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/priv.h"
#include "riscv/virt_devices.hpp"
#include "riscv/virt_irq.hpp"

namespace {

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::kMaxIrqLines];
volatile uint32_t g_soft_pending;

constexpr unsigned kSsip = XSOFT_IRQ;

void deliver_soft_lines() {
  __asm__ volatile("csrc sip, %0" : : "r"(1ul << kSsip));
  // Interrupts are off in the handler, so this read-and-clear is atomic.
  uint32_t pending = g_soft_pending;
  g_soft_pending = 0;
  while (pending != 0) {
    const unsigned line = static_cast<unsigned>(__builtin_ctz(pending));
    pending &= pending - 1;
    if (g_lines[line].handler != nullptr) g_lines[line].handler(g_lines[line].ctx, line);
  }
}

}  // namespace

namespace board {

const char* name() { return config::kBoardName; }
void putc(char c) { virt::uart_putc(c); }
void exit(int code) { virt::finisher_exit(code); }
uint64_t cycles() { return riscv::read_mcycle(); }

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line >= kMaxIrqLines || handler == nullptr) return false;
  g_lines[line] = {handler, ctx};
  const unsigned sie_bit = line == virt::kLcofiLine ? virt::kLcofiLine : kSsip;
  __asm__ volatile("csrs sie, %0" : : "r"(1ul << sie_bit));
  return true;
}

void irq_detach(unsigned line) {
  if (line >= kMaxIrqLines) return;
  if (line == virt::kLcofiLine) __asm__ volatile("csrc sie, %0" : : "r"(1ul << virt::kLcofiLine));
  g_lines[line] = {nullptr, nullptr};
}

void irq_global_enable() { __asm__ volatile("csrsi sstatus, 2"); }
void irq_global_disable() { __asm__ volatile("csrci sstatus, 2"); }

bool irq_force(unsigned line) {
  if (line >= kMaxIrqLines || line == virt::kLcofiLine) return false;
  __atomic_fetch_or(&g_soft_pending, 1u << line, __ATOMIC_RELAXED);
  __asm__ volatile("csrs sip, %0" : : "r"(1ul << kSsip));
  return true;
}

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code == kSsip) {
    deliver_soft_lines();
    return;
  }
  if (cause_code == virt::kLcofiLine && g_lines[virt::kLcofiLine].handler != nullptr) {
    g_lines[virt::kLcofiLine].handler(g_lines[virt::kLcofiLine].ctx, virt::kLcofiLine);
    return;
  }
  // An interrupt nobody asked for: mask it so it cannot storm, and say so.
  __asm__ volatile("csrc sie, %0" : : "r"(1ul << (cause_code & 31)));
  const char* msg = "\nspurious interrupt masked\n";
  while (*msg != '\0') putc(*msg++);
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
