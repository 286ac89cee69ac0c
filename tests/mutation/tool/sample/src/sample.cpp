// SPDX-License-Identifier: Apache-2.0
// The mutation tool's self-test sample: a clamp its test checks (killed),
// a boundary that cannot matter (equivalent, listed), a scale the test
// does not check (survived), a static_assert and a constant it pins
// (invalid), and code only a board build compiles (invalid, not built).
#include "sample.hpp"

static_assert(kLimit == 8, "the test expects 8");

int clamp(int n) {
  if (n > kLimit) return kLimit;
  return n;
}

int scale(int n) { return n * 4; }

#if defined(__riscv) && !defined(PMU_HOST)
int board_scale(int n) { return n * 6; }
#endif
