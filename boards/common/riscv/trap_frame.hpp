// SPDX-License-Identifier: Apache-2.0
// The register file a RISC-V trap saves (boards/common/riscv/start.S).
// x[0] is always 0; writes to x[1..31], mepc and mstatus by a handler take
// effect when the trap returns.
#pragma once

#include <stdint.h>

namespace board {

struct TrapFrame {
  uintptr_t x[32];
  uintptr_t mepc;
  uintptr_t mcause;
  uintptr_t mtval;
  uintptr_t mstatus;
};

}  // namespace board
