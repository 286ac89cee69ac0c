// SPDX-License-Identifier: Apache-2.0
// The callback of every measured hook: minstret is its first instruction,
// so "entry to the first callback" ends exactly where the application's
// code would begin.
#include "bench.hpp"

volatile uint32_t bench_at_callback = 0;

__asm__(R"(
  .section .text.bench_on_callback,"ax",@progbits
  .globl bench_on_callback
  .type bench_on_callback, @function
bench_on_callback:
  csrr t0, minstret
  la t1, bench_at_callback
  sw t0, 0(t1)
  ret
  .size bench_on_callback, . - bench_on_callback
)");

extern "C" char __stack_top[];  // the linker script's end of the image

// The registers the bench stands in RAM for lie above the image.
TEST_CASE(bench, image_below_register_windows) {
  CHECK(reinterpret_cast<uintptr_t>(__stack_top) <= BENCH_REGS_LOW);
}
