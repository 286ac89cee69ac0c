// SPDX-License-Identifier: Apache-2.0
// RISC-V trap dispatch shared by every RISC-V board (trap_entry.S saves the
// frame and calls riscv_trap): interrupts go to the board's
// dispatch_interrupt(code) (CLINT/PLIC/local-interrupt glue) with the frame
// marked for interrupted_context(); synchronous exceptions go to
// board_exception_hook (weak default here: not handled; the simulator's
// trap-and-emulate runtime defines it on emulated boards). Anything
// unhandled is reported on the console and ends the image.
#include <stdint.h>

#include "board.hpp"
#include "board_console.hpp"
#include "interrupt_scope.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/priv.h"
#include "riscv/trap_frame.hpp"

using board::put_hex;
using board::put_str;

extern "C" __attribute__((weak)) bool board_exception_hook(board::TrapFrame*) { return false; }

namespace {

constexpr unsigned kXlen = sizeof(uintptr_t) * 8;
constexpr uintptr_t kInterruptBit = uintptr_t{1} << (kXlen - 1);

// An interrupt nobody asked for: mask it so it cannot storm, and say so.
void mask_spurious(unsigned code) {
  if (code < kXlen) __asm__ volatile("csrc " PRIV_STR(XIE) ", %0" : : "r"(uintptr_t{1} << code));
  put_str("\nspurious interrupt masked\n");
}

[[noreturn]] void report_trap(const board::TrapFrame* f) {
  constexpr unsigned kDigits = sizeof(uintptr_t) * 2;
  put_str("\nTRAP mcause=0x");
  put_hex(f->mcause, kDigits);
  put_str(" mepc=0x");
  put_hex(f->mepc, kDigits);
  put_str(" mtval=0x");
  put_hex(f->mtval, kDigits);
  put_str("\n");
  board::exit(3);
}

}  // namespace

extern "C" void riscv_trap(board::TrapFrame* frame) {
  const uintptr_t cause = frame->mcause;
  if ((cause & kInterruptBit) != 0) {
    const auto code = static_cast<unsigned>(cause & ~kInterruptBit);
    const board::detail::InterruptScope serving(frame);
    if (!board::riscv::dispatch_interrupt(code)) mask_spurious(code);
    return;
  }
  if (board_exception_hook(frame)) return;
  report_trap(frame);
}
