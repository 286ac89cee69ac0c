// SPDX-License-Identifier: Apache-2.0
// RISC-V trap dispatch shared by every RISC-V board: interrupts go to the
// board's dispatch_interrupt(cause) (CLINT/PLIC/local-interrupt glue), and
// synchronous exceptions to board_exception_hook (weak default: not handled;
// the simulator's trap-and-emulate runtime defines it on emulated boards);
// anything unhandled is reported on the console and ends the image.
#include <stdint.h>

#include "board_console.hpp"
#include "board.hpp"
#include "riscv/trap_frame.hpp"
#include "riscv/irq_dispatch.hpp"


using board::put_hex;
using board::put_str;
namespace {

constexpr uintptr_t kInterruptBit = uintptr_t{1} << (sizeof(uintptr_t) * 8 - 1);

}  // namespace

extern "C" __attribute__((weak)) bool board_exception_hook(board::TrapFrame*) { return false; }

namespace {
void handle(board::TrapFrame* frame) {
  const uintptr_t cause = frame->mcause;
  if ((cause & kInterruptBit) != 0) {
    board::riscv::dispatch_interrupt(static_cast<unsigned>(cause & 0xFF));
    return;
  }
  if (board_exception_hook(frame)) return;
  put_str("\nTRAP mcause=");
  put_str("0x");
  put_hex(cause, sizeof(uintptr_t) * 2);
  put_str(" mepc=");
  put_str("0x");
  put_hex(frame->mepc, sizeof(uintptr_t) * 2);
  put_str(" mtval=");
  put_str("0x");
  put_hex(frame->mtval, sizeof(uintptr_t) * 2);
  put_str("\n");
  board::exit(3);
}
}  // namespace

extern "C" void riscv_trap(board::TrapFrame* frame) { handle(frame); }
