// SPDX-License-Identifier: Apache-2.0
// What a RISC-V board's interrupt glue provides to the shared trap dispatch
// (trap.cpp).
#pragma once

namespace board::riscv {

// Called for an interrupt with the interrupt code of xcause (1/3 software,
// 5/7 timer, 9/11 external, 13 Sscofpmf LCOFI, 16+ local). Returns false if
// the board has no handler for it; the dispatch then masks that code in xie,
// so it cannot storm, and says so on the console.
bool dispatch_interrupt(unsigned code);

}  // namespace board::riscv
