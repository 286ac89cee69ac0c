// SPDX-License-Identifier: Apache-2.0
// The register file the LEON3 trap entry (trap.S) saves for C++ handlers.
// r[] is the TRAPPED window: r[0..7] = %g0..%g7, r[8..15] = %o0..%o7,
// r[16..23] = %l0..%l7, r[24..31] = %i0..%i7, so an instruction decoder
// indexes it with rs1/rs2/rd directly. Writes to r[1..31], pc, npc and y by a
// handler take effect when the trap returns (jmp pc; rett npc). psr is the
// trapped PSR, read-only (the return restores the real one: its CWP must not
// change). fsr/far are filled by the C dispatch for MMU traps (0x09, 0x29).
#pragma once

// Byte offsets, shared with trap.S. kTrapFrameSize keeps 8-byte alignment.
#define PMU_TF_R 0
#define PMU_TF_G(n) (PMU_TF_R + 4 * (n))
#define PMU_TF_O(n) (PMU_TF_R + 32 + 4 * (n))
#define PMU_TF_L(n) (PMU_TF_R + 64 + 4 * (n))
#define PMU_TF_I(n) (PMU_TF_R + 96 + 4 * (n))
/* r[16..31] (%l then %i), laid out as a window save area: one offset. */
#define PMU_TF_LI 64
#define PMU_TF_PSR 128
#define PMU_TF_PC 132
#define PMU_TF_NPC 136
#define PMU_TF_Y 140
#define PMU_TF_TT 144
#define PMU_TF_FSR 148
#define PMU_TF_FAR 152
#define PMU_TF_SIZE 160

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

namespace board {

struct TrapFrame {
  uint32_t r[32];
  uint32_t psr;
  uint32_t pc;
  uint32_t npc;
  uint32_t y;
  uint32_t tt;
  uint32_t fsr;  // SRMMU fault status (ASI 0x19, 0x300), MMU traps only
  uint32_t far;  // SRMMU fault address (ASI 0x19, 0x400), MMU traps only
  uint32_t pad;
};

static_assert(offsetof(TrapFrame, r) == PMU_TF_R, "trap.S layout");
static_assert(offsetof(TrapFrame, r) + 16 * 4 == PMU_TF_LI && PMU_TF_I(0) == PMU_TF_LI + 32, "trap.S layout");
static_assert(offsetof(TrapFrame, psr) == PMU_TF_PSR, "trap.S layout");
static_assert(offsetof(TrapFrame, pc) == PMU_TF_PC, "trap.S layout");
static_assert(offsetof(TrapFrame, npc) == PMU_TF_NPC, "trap.S layout");
static_assert(offsetof(TrapFrame, y) == PMU_TF_Y, "trap.S layout");
static_assert(offsetof(TrapFrame, tt) == PMU_TF_TT, "trap.S layout");
static_assert(offsetof(TrapFrame, fsr) == PMU_TF_FSR, "trap.S layout");
static_assert(offsetof(TrapFrame, far) == PMU_TF_FAR, "trap.S layout");
static_assert(sizeof(TrapFrame) == PMU_TF_SIZE, "trap.S layout");

}  // namespace board
#endif
