// SPDX-License-Identifier: Apache-2.0
// What a RISC-V board's interrupt glue provides to the shared trap entry.
#pragma once

namespace board::riscv {

// Called from the trap handler with mcause's interrupt code (3 = machine
// software, 7 = timer, 11 = external, 13 = Sscofpmf LCOFI, ...).
void dispatch_interrupt(unsigned cause_code);

}  // namespace board::riscv
