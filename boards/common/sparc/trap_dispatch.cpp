// SPDX-License-Identifier: Apache-2.0
// The C side of the LEON3 trap entry (trap.S), shared by the LEON3 boards:
// interrupts (tt 0x11..0x1F) go to the handler of IRQMP level tt - 0x10 with
// the frame marked for interrupted_context(); MMU traps (0x09, 0x29) get
// their fault status and go to board_exception_hook (weak default here: not
// handled; the simulator's SPARC decoder defines it on qemu-leon3);
// anything unhandled is reported on the console and ends the image.
#include <stdint.h>

#include "board.hpp"
#include "board_console.hpp"
#include "interrupt_scope.hpp"
#include "sparc/machine.hpp"
#include "sparc/trap_frame.hpp"

using board::put_hex;
using board::put_str;

extern "C" __attribute__((weak)) bool board_exception_hook(board::TrapFrame*) { return false; }

namespace {

constexpr uint32_t kTtInterrupt1 = 0x11;
constexpr uint32_t kTtInterrupt15 = 0x1F;
constexpr uint32_t kTtDataAccessException = 0x09;
constexpr uint32_t kTtDataAccessError = 0x29;

[[noreturn]] void report_trap(const board::TrapFrame* f) {
  put_str("\nTRAP tt=0x");
  put_hex(f->tt & 0xFF, 2);
  put_str(" pc=0x");
  put_hex(f->pc, 8);
  put_str(" npc=0x");
  put_hex(f->npc, 8);
  if ((f->tt & 0xFF) == kTtDataAccessError || (f->tt & 0xFF) == kTtDataAccessException) {
    put_str(" fsr=0x");
    put_hex(f->fsr, 8);
    put_str(" far=0x");
    put_hex(f->far, 8);
  }
  put_str("\n");
  board::exit(3);
}

}  // namespace

extern "C" void board_trap_dispatch(board::TrapFrame* f) {
  const uint32_t tt = f->tt & 0xFF;
  if (tt >= kTtInterrupt1 && tt <= kTtInterrupt15) {
    const board::detail::InterruptScope serving(f);
    if (board::sparc::dispatch_interrupt(tt - 0x10)) return;
  } else if (tt == kTtDataAccessError || tt == kTtDataAccessException) {
    board::sparc::read_fault_status(f);
    if (board_exception_hook(f)) return;
  }
  report_trap(f);
}
