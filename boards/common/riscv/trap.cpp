// RISC-V trap dispatch shared by every RISC-V board: interrupts go to the
// board's dispatch_interrupt(cause) (CLINT/PLIC/local-interrupt glue), and
// synchronous exceptions to board_exception_hook (the QEMU stub harness);
// anything unhandled is reported on the console and ends the image.
#include <stdint.h>

#include "board.hpp"
#include "riscv/trap_frame.hpp"
#include "riscv/irq_dispatch.hpp"

namespace {

constexpr uintptr_t kInterruptBit = uintptr_t{1} << (sizeof(uintptr_t) * 8 - 1);

void put_hex(uintptr_t v) {
  static const char kDigits[] = "0123456789abcdef";
  board::putc('0');
  board::putc('x');
  for (int shift = static_cast<int>(sizeof(uintptr_t) * 8) - 4; shift >= 0; shift -= 4)
    board::putc(kDigits[(v >> shift) & 0xF]);
}

void put_str(const char* s) {
  while (*s != '\0') board::putc(*s++);
}

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
  __asm__ volatile("csrr %0, minstret" : "=r"(v));
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
  put_hex(cause);
  put_str(" mepc=");
  put_hex(frame->mepc);
  put_str(" mtval=");
  put_hex(frame->mtval);
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
