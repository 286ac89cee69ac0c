// SPDX-License-Identifier: Apache-2.0
// board::exit on the LEON3 boards. Traps off, then 'ta 0' for status 0 and
// 'ta 1' otherwise. On QEMU 'ta 0' with ET = 0 is the LEON3 shutdown
// request (status 0) and any other trap puts the CPU in error mode, which
// QEMU reports and aborts with status 134 (docs/hw/grlib-leon3-qemu.md §6.3).
// On silicon both halt the CPU in error mode, which GRMON reports. The code
// itself is printed first ("EXIT n"): no path carries it.
#include "board.hpp"
#include "board_console.hpp"
#include "sparc/psr.hpp"

namespace board {

void exit(int code) {
  report_exit(code);
  sparc::traps_off();
  if (code == 0) {
    __asm__ volatile("ta 0" : : : "memory");
  } else {
    __asm__ volatile("ta 1" : : : "memory");
  }
  for (;;) {
  }
}

}  // namespace board

// start.S: main's return value.
extern "C" [[noreturn]] void board_exit_c(int code) { board::exit(code); }
