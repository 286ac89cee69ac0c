// SPDX-License-Identifier: Apache-2.0
// The QEMU 'virt' machine (rv32 and rv64): 16550 UART console, SiFive test
// finisher for the exit status, and the software interrupt as the injection
// path for virtual interrupt lines (virt_irq.hpp). In M-mode (bare metal)
// that is the CLINT's machine software interrupt; in S-mode under OpenSBI
// (BOARD_SMODE, priv.h: the CLINT is OpenSBI's) the supervisor software
// interrupt, which S-mode may raise itself in sip.SSIP, and the interrupt
// enables are sie/sstatus.
#include <stdint.h>

#include "board.hpp"
#include "irq_table.hpp"
#include "pmu/hal/mmio.hpp"
#include "riscv/hart.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/priv.h"
#include "virt_devices.hpp"
#include "virt_irq.hpp"

namespace {

board::IrqTable g_lines;
volatile uint32_t g_soft_pending;

// Raise or drop the software interrupt that carries the virtual lines.
inline void soft_irq(bool on) {
#if defined(BOARD_SMODE) && BOARD_SMODE
  if (on)
    __asm__ volatile("csrs sip, %0" : : "r"(1ul << XSOFT_IRQ));
  else
    __asm__ volatile("csrc sip, %0" : : "r"(1ul << XSOFT_IRQ));
#else
  constexpr uintptr_t kClintMsip = 0x02000000;  // hart 0 software interrupt (M-mode)
  pmu::hal::mmio_write32(kClintMsip, on ? 1 : 0);
#endif
}

// Set and clear bits of the pending set, which the handler reads and clears:
// with an atomic where the CPU has A; without A (rv32imc, the Ibex ABI) GCC
// would call libatomic, which bare metal lacks, so the update runs with
// interrupts masked instead (one hart).
inline void pending_update(uint32_t set, uint32_t keep) {
#if defined(__riscv_atomic)
  if (set != 0) __atomic_fetch_or(&g_soft_pending, set, __ATOMIC_RELAXED);
  if (keep != ~0u) __atomic_fetch_and(&g_soft_pending, keep, __ATOMIC_RELAXED);
#else
  const uintptr_t saved = board::riscv::irq_save();
  g_soft_pending = (g_soft_pending | set) & keep;
  board::riscv::irq_restore(saved);
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
    (void)g_lines.dispatch(line);  // a line detached meanwhile: nothing to run
  }
}

}  // namespace

namespace board {

void putc(char c) { virt::uart_putc(c); }

void exit(int code) { virt::finisher_exit(code); }

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  const uintptr_t saved = riscv::irq_save();  // (the line may be live: a handler replaced)
  const bool ok = g_lines.attach(line, handler, ctx);
  if (ok) riscv::enable_interrupt(line == virt::kLcofiLine ? virt::kLcofiLine : XSOFT_IRQ);
  riscv::irq_restore(saved);
  return ok;
}

void irq_detach(unsigned line) {
  if (line >= kMaxIrqLines) return;
  const uintptr_t saved = riscv::irq_save();
  if (line == virt::kLcofiLine) {
    riscv::disable_interrupt(virt::kLcofiLine);
    riscv::clear_pending(virt::kLcofiLine);  // software clears LCOFIP: an overflow left there is dropped
  } else {
    pending_update(0, ~(1u << line));
  }
  g_lines.detach(line);
  riscv::irq_restore(saved);
}

bool irq_force(unsigned line) {
  if (line >= kMaxIrqLines || line == virt::kLcofiLine) return false;
  pending_update(1u << line, ~0u);
  soft_irq(true);
  return true;
}

namespace riscv {

bool dispatch_interrupt(unsigned code) {
  if (code == XSOFT_IRQ) {
    deliver_soft_lines();
    return true;
  }
  return code == virt::kLcofiLine && g_lines.dispatch(code);
}

}  // namespace riscv
}  // namespace board
