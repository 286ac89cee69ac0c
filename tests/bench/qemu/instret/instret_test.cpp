// SPDX-License-Identifier: Apache-2.0
// The bench's instruction counter counts exactly: code whose length is known
// (written in assembly, so the compiler adds nothing) must count to the
// instruction, both as a timed call and from a hook's entry to its first
// callback. If a compiler change slipped an instruction into the measured
// window, these fail before any figure in docs/performance.md moves.
#include "../../../../bench/target/bench.hpp"

extern "C" void bench_known_17(void);    // 17 nops and ret
extern "C" void bench_known_hook(void);  // 5 nops, then jumps to bench_on_callback
extern "C" unsigned bench_known_args(unsigned a, unsigned b);  // add, ret

__asm__(R"(
  .section .text.bench_known,"ax",@progbits
  .option push
  .option norvc
  .globl bench_known_17
bench_known_17:
  .rept 17
  nop
  .endr
  ret
  .globl bench_known_hook
bench_known_hook:
  .rept 5
  nop
  .endr
  j bench_on_callback
  .globl bench_known_args
bench_known_args:
  add a0, a0, a1
  ret
  .option pop
)");

TEST_CASE(bench, inline_block_of_17_counts_17) {
  const uint32_t n = bench::instructions([] {
    __asm__ volatile(".rept 17\n nop\n .endr");
    return 0;
  });
  CHECK_EQ(n, 17u);
}

TEST_CASE(bench, nothing_counts_0) {
  CHECK_EQ(bench::instructions([] { return 0; }), 0u);
}

// A call: the call instruction, the body, the return.
TEST_CASE(bench, call_of_17_counts_19) {
  CHECK_EQ(bench::instructions([] {
             bench_known_17();
             return 0;
           }),
           19u);
}

// Arguments made opaque before the window arrive in their registers
// without an instruction inside it: call, add, ret.
TEST_CASE(bench, call_with_arguments_counts_the_call_only) {
  CHECK_EQ(bench::instructions([](unsigned a, unsigned b) { return bench_known_args(a, b); }, 3u, 4u), 3u);
}

// Entry to the first callback: 5 nops, the jump; neither the call nor the
// callback's minstret read (its first instruction) is counted.
TEST_CASE(bench, hook_to_callback_counts_6) {
  CHECK_EQ(bench::to_first_callback([] {
             bench_known_hook();
             return 0;
           }),
           6u);
}

// The same hook called with an object's address made inside the window
// (auipc, addi: the call site's, as a run-time object's hook call has it):
// still 6, from the hook's first instruction.
namespace {
uint64_t g_known_object[64];
}
TEST_CASE(bench, hook_to_callback_leaves_out_the_call_site) {
  CHECK_EQ(bench::to_first_callback([] {
             reinterpret_cast<void (*)(void*)>(bench_known_hook)(&g_known_object[63]);
             return 0;
           }),
           6u);
}

// The call site reader: straight-line code up to a call counts to the call
// included; a branch first gives 0.
__asm__(R"(
  .section .text.bench_known_sites,"ax",@progbits
  .option push
  .option norvc
  .globl bench_site_three
bench_site_three:
  addi a0, a0, 1
  lui a1, 1
  jal ra, bench_known_17
  .globl bench_site_branch
bench_site_branch:
  addi a0, a0, 1
  beqz a0, bench_site_branch
  jal ra, bench_known_17
  .option rvc
  .globl bench_site_compressed
bench_site_compressed:
  c.addi a0, 1
  c.mv a1, a0
  c.jalr a2
  .option pop
)");
extern "C" char bench_site_three[], bench_site_branch[], bench_site_compressed[];
TEST_CASE(bench, call_site_length_reads_the_code) {
  CHECK_EQ(bench::call_site_length(reinterpret_cast<uintptr_t>(bench_site_three)), 3u);
  CHECK_EQ(bench::call_site_length(reinterpret_cast<uintptr_t>(bench_site_branch)), 0u);
  CHECK_EQ(bench::call_site_length(reinterpret_cast<uintptr_t>(bench_site_compressed)), 3u);
}

// A hook that never calls back reads 0, not a garbage difference.
TEST_CASE(bench, hook_without_callback_reads_0) {
  CHECK_EQ(bench::to_first_callback([] {
             bench_known_17();
             return 0;
           }),
           0u);
}
