// SPDX-License-Identifier: Apache-2.0
// The QEMU 'virt' machine (rv32 and rv64): 16550 UART console, SiFive test
// finisher for the exit status, mcycle as the time base, and the software
// interrupt as the injection path for virtual interrupt lines. In M-mode
// (bare metal) that is the CLINT's machine software interrupt; in S-mode
// under OpenSBI (BOARD_SMODE, priv.h: the CLINT is OpenSBI's) the supervisor
// software interrupt, which S-mode may raise itself in sip.SSIP, and the
// interrupt enables are sie/sstatus.
#include <stdint.h>

#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/priv.h"
#include "virt_devices.hpp"
#include "virt_irq.hpp"

namespace {

constexpr uintptr_t kClintMsip = 0x02000000; // hart 0 software interrupt


struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::kMaxIrqLines];
volatile uint32_t g_soft_pending;

// Raise or drop the software interrupt that carries the virtual lines.
inline void soft_irq(bool on) {
#if defined(BOARD_SMODE) && BOARD_SMODE
  if (on)
    __asm__ volatile("csrs sip, %0" : : "r"(1ul << XSOFT_IRQ));
  else
    __asm__ volatile("csrc sip, %0" : : "r"(1ul << XSOFT_IRQ));
#else
  *reinterpret_cast<volatile uint32_t*>(kClintMsip) = on ? 1 : 0;
#endif
}

void deliver_soft_lines() {
  soft_irq(false);
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

uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line >= kMaxIrqLines || handler == nullptr) return false;
  g_lines[line] = {handler, ctx};
  const unsigned ie_bit = line == virt::kLcofiLine ? virt::kLcofiLine : XSOFT_IRQ;
  __asm__ volatile("csrs " PRIV_STR(XIE) ", %0" : : "r"(1ul << ie_bit));
  return true;
}

void irq_detach(unsigned line) {
  if (line >= kMaxIrqLines) return;
  if (line == virt::kLcofiLine) __asm__ volatile("csrc " PRIV_STR(XIE) ", %0" : : "r"(1ul << virt::kLcofiLine));
  g_lines[line] = {nullptr, nullptr};
}

void irq_global_enable() { __asm__ volatile("csrsi " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE)); }
void irq_global_disable() { __asm__ volatile("csrci " PRIV_STR(XSTATUS) ", " PRIV_STR(XSTATUS_IE)); }

bool irq_force(unsigned line) {
  if (line >= kMaxIrqLines || line == virt::kLcofiLine) return false;
  __atomic_fetch_or(&g_soft_pending, 1u << line, __ATOMIC_RELAXED);
  soft_irq(true);
  return true;
}

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code == XSOFT_IRQ) {
    deliver_soft_lines();
    return;
  }
  if (cause_code == virt::kLcofiLine && g_lines[virt::kLcofiLine].handler != nullptr) {
    g_lines[virt::kLcofiLine].handler(g_lines[virt::kLcofiLine].ctx, virt::kLcofiLine);
    return;
  }
  // An interrupt nobody asked for: mask it so it cannot storm, and say so.
  __asm__ volatile("csrc " PRIV_STR(XIE) ", %0" : : "r"(1ul << (cause_code & 31)));
  const char* msg = "\nspurious interrupt masked\n";
  while (*msg != '\0') putc(*msg++);
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
