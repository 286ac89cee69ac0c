// SPDX-License-Identifier: Apache-2.0
// qemu-leon3: the board glue for QEMU 7.2 leon3_generic (facts
// grlib-leon3-qemu.md 6.3). APBUART console, exit through the TA0 shutdown
// feature (non-zero: an error-mode trap, which QEMU reports as status 134),
// GPTIMER timer 1 as the time base, IRQMP for interrupt glue and forcing,
// and an SRMMU flat map so unassigned physical addresses raise tt 0x29.
#include <stdint.h>

#include "board_console.hpp"
#include "board.hpp"
#include "board_config.hpp"
#include "pmu/util/wide_counter.hpp"
#include "sparc/trap_frame.hpp"


using board::put_hex;
using board::put_str;
namespace {

using board::config::kApbUart;
using board::config::kGptimer;
using board::config::kIrqmp;

// APBUART
constexpr uintptr_t kUartData = kApbUart + 0x0;
constexpr uintptr_t kUartStatus = kApbUart + 0x4;
constexpr uintptr_t kUartCtrl = kApbUart + 0x8;
constexpr uint32_t kUartStatusTe = 1u << 2;  // transmitter FIFO/holding register empty
constexpr uint32_t kUartCtrlTeRe = 0x3;

// IRQMP
constexpr uintptr_t kIrqmpPending = kIrqmp + 0x04;
constexpr uintptr_t kIrqmpForce0 = kIrqmp + 0x08;
constexpr uintptr_t kIrqmpClear = kIrqmp + 0x0C;
constexpr uintptr_t kIrqmpMask0 = kIrqmp + 0x40;
// CPU0 force: bits 15:1 set, bits 31:17 clear, the rest untouched. Unlike
// the 0x08 alias (which replaces the whole force word) it is an atomic OR,
// so two lines forced back to back both stay pending.
constexpr uintptr_t kIrqmpCpu0Force = kIrqmp + 0x80;

// GPTIMER: the prescaler is shared; timer n at 0x10 * (n + 1).
constexpr uintptr_t kGptScalerValue = kGptimer + 0x00;
constexpr uintptr_t kGptScalerReload = kGptimer + 0x04;
constexpr uintptr_t kTimer1Counter = kGptimer + 0x20;
constexpr uintptr_t kTimer1Reload = kGptimer + 0x24;
constexpr uintptr_t kTimer1Ctrl = kGptimer + 0x28;
constexpr uint32_t kTimerCtrlEnRsLd = 0x7;  // enable, restart on underflow, load now; no IE

// SRMMU registers (ASI 0x19) and the TLB flush ASI.
constexpr uint32_t kMmuCtrl = 0x000;
constexpr uint32_t kMmuCtp = 0x100;
constexpr uint32_t kMmuCtx = 0x200;
constexpr uint32_t kMmuFsr = 0x300;
constexpr uint32_t kMmuFar = 0x400;
constexpr uint32_t kMmuCtrlE = 1u << 0;
constexpr uint32_t kMmuCtrlNf = 1u << 1;

// Trap types the dispatch knows.
constexpr uint32_t kTtInterrupt1 = 0x11;
constexpr uint32_t kTtInterrupt15 = 0x1F;
constexpr uint32_t kTtDataAccessException = 0x09;
constexpr uint32_t kTtDataAccessError = 0x29;

constexpr uint32_t kPsrPil = 0xF00;

inline uint32_t rd32(uintptr_t a) { return *reinterpret_cast<volatile uint32_t*>(a); }
inline void wr32(uintptr_t a, uint32_t v) { *reinterpret_cast<volatile uint32_t*>(a) = v; }

inline uint32_t mmu_read(uint32_t reg) {
  uint32_t v;
  __asm__ volatile("lda [%1] 0x19, %0" : "=r"(v) : "r"(reg) : "memory");
  return v;
}
inline void mmu_write(uint32_t reg, uint32_t v) {
  __asm__ volatile("sta %0, [%1] 0x19" : : "r"(v), "r"(reg) : "memory");
}

// PSR updates touch only the field they mean to change, in one asm block
// (read, modify, write). Writing back a PSR value read earlier would also
// write its CWP: wrong as soon as the compiler moves the write across a
// SAVE/RESTORE (a tail call does exactly that). An interrupt between the read
// and the write is harmless: its return restores this PSR exactly.
constexpr uint32_t kPsrEt = 0x20;

// Raises PIL to 15; returns the previous PIL bits for irq_restore().
__attribute__((always_inline)) inline uint32_t irq_save() {
  uint32_t old, tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "or %0, %2, %1\n\t"
      "wr %1, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(old), "=&r"(tmp)
      : "i"(kPsrPil)
      : "memory");
  return old & kPsrPil;
}

// Sets PIL to the given bits (PSR[11:8] position), keeping everything else.
__attribute__((always_inline)) inline void irq_restore(uint32_t pil_bits) {
  uint32_t tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "andn %0, %1, %0\n\t"
      "or %0, %2, %0\n\t"
      "wr %0, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(tmp)
      : "i"(kPsrPil), "r"(pil_bits & kPsrPil)
      : "memory");
}

// The SRMMU tables: context table (context 0 only is used) and one level-1
// table of 256 16-MiB PTEs mapping all 4 GiB 1:1. A valid PTE over
// unassigned physical space makes an access there a data_access_error; an
// invalid PTE would give 0x09 instead (facts 6.3).
struct alignas(8192) MmuTables {
  uint32_t contexts[256];
  uint32_t level1[256];  // at +1 KiB: the 1 KiB alignment a level-1 table needs
};
MmuTables g_mmu;

constexpr uint32_t kPteEt = 2;           // entry type: PTE
constexpr uint32_t kPtdEt = 1;           // entry type: page table descriptor
constexpr uint32_t kPteAcc3 = 3u << 2;   // ACC 3: read/write/execute for all
constexpr uint32_t kPteCacheable = 1u << 7;

void mmu_enable() {
  for (uint32_t i = 0; i < 256; ++i) {
    const uint32_t pa = i << 24;
    const bool ram = pa >= 0x40000000u && pa < 0x80000000u;
    g_mmu.level1[i] = (pa >> 4) | kPteAcc3 | kPteEt | (ram ? kPteCacheable : 0);
    g_mmu.contexts[i] = 0;
  }
  g_mmu.contexts[0] = (reinterpret_cast<uintptr_t>(&g_mmu.level1[0]) >> 4) | kPtdEt;
  mmu_write(kMmuCtp, reinterpret_cast<uintptr_t>(&g_mmu.contexts[0]) >> 4);
  mmu_write(kMmuCtx, 0);
  __asm__ volatile("sta %%g0, [%0] 0x18" : : "r"(0x400u) : "memory");  // flush the whole TLB
  mmu_write(kMmuCtrl, (mmu_read(kMmuCtrl) | kMmuCtrlE) & ~kMmuCtrlNf);
}

struct Line {
  board::IrqHandler handler;
  void* ctx;
};
Line g_lines[board::config::kIrqLines];

// Timer 1 counts down from 0xFFFFFFFF at the GPTIMER clock (prescaler 0);
// the software extension makes it a 64-bit up-count. QEMU clocks GPTIMER at
// 40 MHz of virtual time, and with -icount shift=0 one instruction is 1 ns,
// so a tick is 25 instructions: cycles() reports ticks x 25, i.e. guest
// instructions (like mcycle on virt) with a resolution of 25.
constexpr uint32_t kInsnsPerTick = 25;
pmu::util::WideCounter g_time(32);

[[noreturn]] void report_trap(const board::TrapFrame* f) {
  put_str("TRAP tt=0x");
  put_hex(f->tt, 2);
  put_str(" pc=0x");
  put_hex(f->pc, 8);
  put_str(" npc=0x");
  put_hex(f->npc, 8);
  if (f->tt == kTtDataAccessError || f->tt == kTtDataAccessException) {
    put_str(" fsr=0x");
    put_hex(f->fsr, 8);
    put_str(" far=0x");
    put_hex(f->far, 8);
  }
  put_str("\n");
  board::exit(3);
}

}  // namespace

namespace board {

const char* name() { return config::kBoardName; }

void putc(char c) {
  while ((rd32(kUartStatus) & kUartStatusTe) == 0) {
  }
  wr32(kUartData, static_cast<uint8_t>(c));
}

void exit(int code) {
  report_exit(code);
  // Traps off. Then 'ta 0' is QEMU's LEON3 shutdown request (status 0); any
  // other trap with ET = 0 puts the CPU in error mode, and QEMU aborts
  // (status 134): that is the failure path.
  uint32_t tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "or %0, %1, %0\n\t"
      "andn %0, %2, %0\n\t"
      "wr %0, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(tmp)
      : "i"(kPsrPil), "i"(kPsrEt)
      : "memory");
  if (code == 0) {
    __asm__ volatile("ta 0" : : : "memory");
  } else {
    __asm__ volatile("ta 1" : : : "memory");
  }
  for (;;) {
  }
}

uint64_t cycles() {
  // Interrupts off around the read-and-extend: handlers call this too.
  const uint32_t pil = irq_save();
  const uint32_t elapsed = 0xFFFFFFFFu - rd32(kTimer1Counter);
  const uint64_t t = g_time.observe(elapsed);
  irq_restore(pil);
  return t * kInsnsPerTick;
}

bool irq_attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line == 0 || line >= config::kIrqLines || handler == nullptr) return false;
  const uint32_t pil = irq_save();
  g_lines[line] = Line{handler, ctx};
  wr32(kIrqmpMask0, rd32(kIrqmpMask0) | (1u << line));
  irq_restore(pil);
  return true;
}

void irq_detach(unsigned line) {
  if (line == 0 || line >= config::kIrqLines) return;
  const uint32_t pil = irq_save();
  wr32(kIrqmpMask0, rd32(kIrqmpMask0) & ~(1u << line));
  // Drop anything still pending so a later attach does not see it.
  wr32(kIrqmpCpu0Force, 1u << (line + 16));
  wr32(kIrqmpClear, 1u << line);
  g_lines[line] = Line{nullptr, nullptr};
  irq_restore(pil);
}

void irq_global_enable() { irq_restore(0); }

void irq_global_disable() { (void)irq_save(); }

bool irq_force(unsigned line) {
  if (line == 0 || line >= config::kIrqLines) return false;
  wr32(kIrqmpCpu0Force, 1u << line);
  return true;
}

// Default: not handled (the simulator's SPARC trap-and-emulate runtime
// defines it).
extern "C" __attribute__((weak)) bool board_exception_hook(TrapFrame*) { return false; }

}  // namespace board

// ---- called from start.S / trap.S ------------------------------------------------

extern "C" void board_init() {
  wr32(kUartCtrl, kUartCtrlTeRe);
  // trap.S is built for 8 register windows; %asr17[4:0] = NWINDOWS - 1.
  uint32_t asr17;
  __asm__ volatile("rd %%asr17, %0" : "=r"(asr17));
  if ((asr17 & 0x1F) + 1 != board::config::kNWindows) {
    put_str("qemu-leon3: this CPU does not have 8 register windows\n");
    board::exit(2);
  }
  // IRQMP: nothing unmasked, nothing pending or forced.
  wr32(kIrqmpMask0, 0);
  wr32(kIrqmpForce0, 0);
  wr32(kIrqmpClear, 0xFFFE);
  // Time base: prescaler reload 0 (one tick per GPTIMER clock), timer 1
  // free-running down from 0xFFFFFFFF without interrupts.
  wr32(kGptScalerReload, 0);
  wr32(kGptScalerValue, 0);
  wr32(kTimer1Reload, 0xFFFFFFFFu);
  wr32(kTimer1Ctrl, kTimerCtrlEnRsLd);
  g_time.restart(0xFFFFFFFFu - rd32(kTimer1Counter));
  mmu_enable();
}

extern "C" [[noreturn]] void board_exit_c(int code) { board::exit(code); }

extern "C" void board_trap_dispatch(board::TrapFrame* f) {
  const uint32_t tt = f->tt & 0xFF;
  if (tt >= kTtInterrupt1 && tt <= kTtInterrupt15) {
    // IRQMP already acknowledged the level when the CPU took the trap.
    const unsigned line = tt - 0x10;
    const Line l = g_lines[line];
    if (l.handler == nullptr) report_trap(f);
    l.handler(l.ctx, line);
    return;
  }
  if (tt == kTtDataAccessError || tt == kTtDataAccessException) {
    // Reading the FSR clears it, so the next fault starts clean.
    f->fsr = mmu_read(kMmuFsr);
    f->far = mmu_read(kMmuFar);
    if (board::board_exception_hook(f)) return;
  }
  report_trap(f);
}
