// SPDX-License-Identifier: Apache-2.0
// RISC-V counters: instructions per operation and from hook entry to the
// first callback, pmukit beside its baseline (bench/riscv/ops.hpp). The
// standard counters are QEMU's own (sscofpmf=true). The AME CSRs are
// emulated by the sim runtime: the emulation's instructions are taken out
// and each emulated csr instruction counts as the one instruction it is on
// the real core.
#include "../riscv/ops.hpp"
#include "bench.hpp"
#include "pmu_sim/riscv_csr_model.hpp"

TEST_CASE(bench, riscv) {
  using Ops = ::bench::riscv::Ops;
  Ops::attach(&bench_on_callback);
  BENCH_RISCV_OPS(BENCH_TIME_CALL)
  BENCH_RISCV_HOOKS(BENCH_TIME_TO_CALLBACK)
}

#if BENCH_HAS_AME
namespace {
// The emulation account when the callback ran (bench_on_callback_emulated
// reads minstret first, then notes these).
volatile uint64_t g_inside_at_callback;
volatile uint32_t g_traps_at_callback;

// Instructions as the real core would retire them: what the emulation of
// each trapped csr instruction cost is taken out (the handler's accounted
// body, and 'fixed': the trap entry and exit outside it), the instruction
// itself put back. ToCallback: the account is read where the callback ran.
template <bool ToCallback>
struct Native {
  uint32_t fixed;
  template <class Call, class... Args>
  uint32_t operator()(Call call, Args... args) const {
    const uint64_t in0 = harness::emulation_time();
    const uint32_t tr0 = harness::emulation_traps();
    const uint32_t n = ToCallback ? bench::to_first_callback(call, args...) : bench::instructions(call, args...);
    const uint64_t inside = (ToCallback ? g_inside_at_callback : harness::emulation_time()) - in0;
    const uint32_t traps = (ToCallback ? g_traps_at_callback : harness::emulation_traps()) - tr0;
    return n - static_cast<uint32_t>(inside) - traps * fixed + traps;
  }
};
}  // namespace

extern "C" void bench_note_emulation() {
  g_inside_at_callback = harness::emulation_time();
  g_traps_at_callback = harness::emulation_traps();
}
extern "C" void bench_on_callback_emulated(void* ctx, unsigned source);
__asm__(R"(
  .section .text.bench_on_callback_emulated,"ax",@progbits
  .globl bench_on_callback_emulated
bench_on_callback_emulated:
  csrr t0, minstret
  la t1, bench_at_callback
  sw t0, 0(t1)
  tail bench_note_emulation
)");

TEST_CASE(bench, riscv_ame) {
  pmu::models::RiscvCsrConfig mc;
  mc.ame = true;
  mc.standard = false;
  mc.serve_irq_csrs = false;
  pmu::models::RiscvCsrModel model(mc);
  harness::map_csr(&model);
  // The fixed part of one emulation trap, from one emulated csrr (which
  // itself retires nothing: the handler skips it).
  const uint64_t inside0 = harness::emulation_time();
  const uint32_t total = bench::instructions([] {
    uintptr_t v;
    __asm__ volatile("csrr %0, 0xBE0" : "=r"(v));
    return v;
  });
  const uint32_t fixed = total - static_cast<uint32_t>(harness::emulation_time() - inside0);
  const Native<false> call{fixed};
  const Native<true> to_callback{fixed};

  using Ops = ::bench::riscv::AmeOps;
  Ops::attach(&bench_on_callback_emulated);
#define BENCH_TIME_NATIVE(name_, scenario_, op_, ...) BENCH_TARGET_RUN(call, name_, scenario_, op_, ##__VA_ARGS__)
#define BENCH_TIME_NATIVE_TO_CALLBACK(name_, scenario_, op_, ...) \
  BENCH_TARGET_RUN(to_callback, name_, scenario_, op_, ##__VA_ARGS__)
  BENCH_AME_OPS(BENCH_TIME_NATIVE)
  BENCH_AME_HOOKS(BENCH_TIME_NATIVE_TO_CALLBACK)
  harness::unmap_csr();
}
#endif
