// SPDX-License-Identifier: Apache-2.0
// The QEMU 'virt' machine (rv32 and rv64): 16550 UART console, SiFive test
// finisher for the exit status, CLINT software interrupt as the injection
// path for virtual interrupt lines, mcycle as the time base.
#include <stdint.h>

#include "riscv/hart.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "riscv/irq_dispatch.hpp"
#include "virt_irq.hpp"

namespace {

constexpr uintptr_t kUart = 0x10000000;      // 16550: THR +0, LSR +5
constexpr uintptr_t kFinisher = 0x00100000;  // SiFive test device
constexpr uintptr_t kClintMsip = 0x02000000; // hart 0 software interrupt
constexpr unsigned kMieMsie = 3;

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::kMaxIrqLines];
volatile uint32_t g_soft_pending;

inline void mmio_w32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }
inline uint8_t mmio_r8(uintptr_t a) { return *reinterpret_cast<volatile uint8_t*>(a); }
inline void mmio_w8(uintptr_t a, uint8_t v) { *reinterpret_cast<volatile uint8_t*>(a) = v; }

void deliver_soft_lines() {
  mmio_w32(kClintMsip, 0);
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

void putc(char c) {
  while ((mmio_r8(kUart + 5) & 0x20) == 0) {
  }
  mmio_w8(kUart, static_cast<uint8_t>(c));
}

void exit(int code) {
  const uint32_t v = code == 0 ? 0x5555u : ((static_cast<uint32_t>(code) & 0xFFFF) << 16) | 0x3333u;
  for (;;) mmio_w32(kFinisher, v);
}

uint64_t cycles() {
  return riscv::read_mcycle();
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line >= kMaxIrqLines || handler == nullptr) return false;
  g_lines[line] = {handler, ctx};
  const unsigned mie_bit = line == virt::kLcofiLine ? virt::kLcofiLine : kMieMsie;
  __asm__ volatile("csrs mie, %0" : : "r"(1ul << mie_bit));
  return true;
}

void irq_detach(unsigned line) {
  if (line >= kMaxIrqLines) return;
  if (line == virt::kLcofiLine) __asm__ volatile("csrc mie, %0" : : "r"(1ul << virt::kLcofiLine));
  g_lines[line] = {nullptr, nullptr};
}

void irq_global_enable() { __asm__ volatile("csrsi mstatus, 8"); }
void irq_global_disable() { __asm__ volatile("csrci mstatus, 8"); }

bool irq_force(unsigned line) {
  if (line >= kMaxIrqLines || line == virt::kLcofiLine) return false;
  __atomic_fetch_or(&g_soft_pending, 1u << line, __ATOMIC_RELAXED);
  mmio_w32(kClintMsip, 1);
  return true;
}

namespace riscv {

void dispatch_interrupt(unsigned cause_code) {
  if (cause_code == kMieMsie) {
    deliver_soft_lines();
    return;
  }
  if (cause_code == virt::kLcofiLine && g_lines[virt::kLcofiLine].handler != nullptr) {
    g_lines[virt::kLcofiLine].handler(g_lines[virt::kLcofiLine].ctx, virt::kLcofiLine);
    return;
  }
  // An interrupt nobody asked for: mask it so it cannot storm, and say so.
  __asm__ volatile("csrc mie, %0" : : "r"(1ul << (cause_code & 31)));
  const char* msg = "\nspurious interrupt masked\n";
  while (*msg != '\0') putc(*msg++);
}

}  // namespace riscv
}  // namespace board

extern "C" void board_exit_from_main(int code) { board::exit(code); }
