// SPDX-License-Identifier: Apache-2.0
// RISC-V trap dispatch shared by every RISC-V board: interrupts go to the
// board's dispatch_interrupt(cause) (CLINT/PLIC/local-interrupt glue), and
// synchronous exceptions to board_exception_hook (the QEMU stub harness);
// anything unhandled is reported on the console and ends the image.
#include <stdint.h>

#include "board_console.hpp"
#include "board.hpp"
#include "riscv/trap_frame.hpp"
#include "riscv/irq_dispatch.hpp"
#include "riscv/priv.h"


using board::put_hex;
using board::put_str;
namespace {

constexpr uintptr_t kInterruptBit = uintptr_t{1} << (sizeof(uintptr_t) * 8 - 1);

}  // namespace

extern "C" __attribute__((weak)) bool board_exception_hook(board::TrapFrame*) { return false; }

// Instructions spent handling synchronous exceptions (the stub harness's
// trap-and-emulate) and their number. The harness takes this out of guest
// time, so a model sees the program's time, not its own emulation's; `make
// bench` takes it out of instruction counts. Interrupts are not counted:
// a hook's time is real time. Exceptions do not nest, so no double count.
extern "C" {
volatile uint64_t board_emulation_instret;
volatile uint32_t board_emulation_traps;
}

namespace {
inline uint32_t instret_now() {
  uintptr_t v;
  __asm__ volatile("csrr %0, " INSTRET_CSR : "=r"(v));
  return static_cast<uint32_t>(v);
}

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

extern "C" void riscv_trap(board::TrapFrame* frame) {
  const bool exception = (frame->mcause & kInterruptBit) == 0;
  const uint32_t t0 = instret_now();
  handle(frame);
  if (exception) {
    board_emulation_traps = board_emulation_traps + 1;
    board_emulation_instret = board_emulation_instret + (instret_now() - t0);
  }
}
