// SPDX-License-Identifier: Apache-2.0
// The profiler's hook cost (docs/profiling.md, "Hook cost"): instructions
// from interrupt entry (the first instruction of the board's trap entry) to
// the end of the trigger's re-arm (its counter written, the re-arm
// returned), and to the interrupt's return, through the real path: a real
// LCOFI trap, the board's dispatch, the counter file's hook, the Sampler
// over the Sscofpmf adapter (units/riscv.hpp), the ring, the re-arm.
//
// How: hpm3's OF bit and mip.LCOFIP are set by software in one asm block
// right after minstret is read, so the trap is taken at a known
// instruction (checked: the sample's pc is the instruction after it). The
// trigger's table is the adapter's with a re-arm that reads minstret first,
// plus the adapter's own re-arm counted alone. Configurations: group of 2
// (cycle, instret) and of 4 (cycle, instret, hpm4, hpm5: the cost of each
// further group counter), without a call chain and with an 8-deep one
// (nested frame-pointer functions). Self-contained: this file and nothing
// else (bench.hpp gives instret, count and report).
#include "bench.hpp"
#include "board.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/riscv.hpp"
#include "virt_irq.hpp"

namespace {
namespace profile = pmu::profile;
using pmu::riscv::Counters;
using Ops = profile::units::SscofpmfOps;

constexpr unsigned kTrigger = 3;
constexpr uint64_t kPeriod = 1u << 20;  // never reached: the bench raises every overflow
constexpr uint32_t kLcofip = 1u << 13;
constexpr uintptr_t kOf = uintptr_t{1} << (__riscv_xlen - 1);  // mhpmevent3's OF (mhpmevent3h on RV32)

// cycle, instret, hpm3..5; the overflow vector from scountovf, which QEMU
// 7.2 masks with mcounteren even in M-mode: the bench opens mcounteren, as
// firmware that lets S-mode see the counters does (riscv_bench.cpp too).
constexpr pmu::riscv::CounterConfig kFile{1u << 0 | 1u << 2 | 0x38u, true, true,
                                          pmu::riscv::OverflowSource::kScountovf};
Counters g_counters(kFile);
pmu::riscv::CounterCallbacks g_callbacks;

alignas(8) uint8_t g_storage[4096];
profile::SampleRing g_ring;
profile::Sampler g_sampler;

volatile uint32_t g_at_rearm;
pmu::Status timed_rearm(void* unit, unsigned index, uint64_t period) {
  g_at_rearm = bench::instret();
  return Ops::rearm(unit, index, period);
}
const profile::TriggerOps kTimedOps{Ops::arm, timed_rearm, Ops::disarm};

struct Cost {
  uint32_t to_rearm;   // interrupt entry to the end of the re-arm
  uint32_t to_return;  // interrupt entry to the return (mret included)
  uint8_t depth;       // the sample's call-chain entries
  bool pc_ok;          // the sample's pc is where the trap was taken
};

// Functions with frame pointers (the bench image is built without them:
// these ask for them), so a chain walk from the overflow finds every caller.
#define PMU_BENCH_FRAME __attribute__((noinline, optimize("no-omit-frame-pointer", "no-optimize-sibling-calls")))

// One overflow raised by software right after minstret is read: "csrr;
// set OF; set LCOFIP" are three instructions, the trap follows the third.
PMU_BENCH_FRAME Cost one_overflow() {
  uintptr_t t0, t2, resume;
  const uintptr_t of = kOf, lcofip = kLcofip;
  __asm__ volatile(
      "csrr %0, minstret\n\t"
#if __riscv_xlen == 64
      "csrs mhpmevent3, %3\n\t"
#else
      "csrs mhpmevent3h, %3\n\t"
#endif
      "csrs mip, %4\n\t"
      "1: csrr %1, minstret\n\t"
      "la %2, 1b"
      : "=&r"(t0), "=&r"(t2), "=&r"(resume)
      : "r"(of), "r"(lcofip)
      : "memory");
  Cost c{};
  c.to_rearm = g_at_rearm - static_cast<uint32_t>(t0) - 3;
  c.to_return = static_cast<uint32_t>(t2 - t0) - 3;
  const uintptr_t* slot = g_ring.peek();
  if (slot != nullptr) {
    const profile::Sample s = profile::slot_sample(slot, g_ring.shape());
    c.depth = s.depth;
    c.pc_ok = s.pc == resume;
    g_ring.release();
  }
  return c;
}

// Eight frames above the overflow.
PMU_BENCH_FRAME Cost nest(unsigned levels) {
  if (levels == 0) return one_overflow();
  Cost c = nest(levels - 1);
  __asm__ volatile("" : "+m"(c));  // keeps the call a call
  return c;
}

Cost measure(uint8_t group_count, uint8_t depth) {
  const profile::GroupCounter group[4] = {Ops::group(g_counters, 0), Ops::group(g_counters, 2),
                                          Ops::group(g_counters, 4), Ops::group(g_counters, 5)};
  static const profile::CounterInfo kNames[4] = {{profile::Unit::kRiscv, 0, 64, "cycles"},
                                                 {profile::Unit::kRiscv, 2, 64, "instret"},
                                                 {profile::Unit::kRiscv, 4, 64, "hpm4"},
                                                 {profile::Unit::kRiscv, 5, 64, "hpm5"}};
  profile::SamplerConfig cfg;
  cfg.trigger = profile::Trigger{&kTimedOps, &g_counters, kTrigger};
  cfg.period = kPeriod;
  cfg.group = group;
  cfg.group_count = group_count;
  cfg.max_depth = depth;
  cfg.context = board::interrupted_context;
  profile::CaptureInfo info = profile::capture_info_for(cfg);
  info.board = board::name();
  info.trigger = {profile::Unit::kRiscv, kTrigger, 64, "instret"};
  info.group = kNames;
  CHECK_OK(g_ring.init(g_storage, sizeof g_storage, info));
  CHECK_OK(g_sampler.configure(cfg, &g_ring));
  CHECK_OK(g_counters.init());
  CHECK_OK(g_counters.start(0x35));
  CHECK_OK(g_sampler.start());
  board::irq_global_enable();
  Cost c = depth == 0 ? one_overflow() : nest(depth);
  c = depth == 0 ? one_overflow() : nest(depth);  // the second: everything warm
  board::irq_global_disable();
  CHECK_OK(g_sampler.stop());
  CHECK(c.pc_ok);
  CHECK_EQ(g_sampler.interrupts(), 2u);
  return c;
}

}  // namespace

TEST_CASE(bench, profile_hook) {
  (void)pmu::hal::csr_set<pmu::riscv::csr::kMcounteren>(~pmu::hal::csr_word{0});
  g_counters.attach_callbacks(&g_callbacks);
  CHECK(board::irq_attach(board::virt::kLcofiLine, Counters::overflow_isr, &g_counters));
  const Cost g2 = measure(2, 0);
  const Cost g4 = measure(4, 0);
  const Cost chain = measure(2, 8);
  board::irq_detach(board::virt::kLcofiLine);
  CHECK_EQ(chain.depth, 8u);
  // The adapter's own re-arm (read, preload, write), which the timed
  // table's re-arm calls after reading minstret.
  const uint32_t rearm = bench::instructions([] { (void)Ops::rearm(&g_counters, kTrigger, kPeriod); });
  bench::report("profile.hook_entry_to_rearm", "instructions", g2.to_rearm + rearm);
  bench::report("profile.hook_entry_to_rearm_chain8", "instructions", chain.to_rearm + rearm);
  bench::report("profile.hook_per_group_counter", "instructions", (g4.to_rearm - g2.to_rearm) / 2);
  bench::report("profile.hook_entry_to_return", "instructions", g2.to_return);
  bench::report("profile.hook_entry_to_return_chain8", "instructions", chain.to_return);
  bench::report("profile.rearm", "instructions", rearm);
}
