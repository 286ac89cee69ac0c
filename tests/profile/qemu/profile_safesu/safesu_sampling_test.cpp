// SPDX-License-Identifier: Apache-2.0
// Sampling on a SafeSU counter's overflow: the Sampler over the SafeSU
// adapter (units/safesu.hpp), its trigger a counter routed to SELENE's
// core0.dcache_l1_miss, which the emulated SoC raises only inside
// walk_new_blocks (one store to the SoC's event port per block it
// "touches", sim/soc). The other two functions of each round run longer
// and raise nothing. The overflow is the board's SafeSU line (a real
// trap). On the target: every miss counted (a second counter on the same
// event), one sample per period exactly, none dropped, every one with its
// context. On the host (check_target.py): at least 95% of the samples
// land in walk_new_blocks, which has only a fifth of the instructions.
#include "board.hpp"
#include "board_config.hpp"
#include "known_shape.hpp"  // churn: the loop body of every function
#include "pmu/profile/image_id.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/safesu.hpp"
#include "pmu/profile/writer.hpp"
#include "pmu/report.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/soc.hpp"
#include "pmu_sim/soc_events.hpp"
#include "qemu/test.hpp"

namespace {
using namespace pmu::profile;
using pmu::safesu::SafeSU;
namespace soc = pmu_sim::soc;
using known_shape::churn;

constexpr const board::SafesuInstance& kUnit = board::config::kSafesu;
// The event port two SafeSU windows past the SafeSU: nothing is there on
// the virt machine (0x1F200000) or on qemu-leon3 (0x80300000).
constexpr uintptr_t kEventPort = kUnit.base + 0x200000;

constexpr uint16_t input(const char* name) { return pmu::safesu::event_index(soc::kEvents, name).value_or(soc::kNoInput); }
constexpr uint16_t kMiss = input("core0.dcache_l1_miss");
constexpr uint16_t kHigh = input("const_high");
static_assert(kMiss != soc::kNoInput && kHigh != soc::kNoInput, "both inputs are in the catalogue");

constexpr unsigned kTrigger = 2;   // counts the misses; its overflow takes the samples
constexpr unsigned kCounted = 1;   // the same event, only counted: the truth
constexpr unsigned kCycles = 0;    // const_high: the group
constexpr unsigned kBlocks = 16;   // misses per call of walk_new_blocks
constexpr unsigned kRounds = 2000; // 32000 misses
constexpr uint64_t kPeriod = 12;   // misses between samples: 2666 samples
constexpr uint8_t kDepth = 3;      // leaf, run(), the test
constexpr unsigned kSlots = 3000;

alignas(8) uint8_t g_storage[512 + kSlots * (2 + kDepth + 2) * sizeof(uintptr_t)];
SampleRing g_ring;
Sampler g_sampler;
pmu::safesu::Callbacks g_callbacks;

void put_console(void*, char c) { board::putc(c); }
constexpr pmu::report::Sink kConsole{put_console, nullptr};

volatile uint32_t g_sink;

}  // namespace

extern "C" {
// Touches kBlocks new blocks: each is one L1 D-cache miss, raised by the
// SoC at the store that stands for the block's first access.
__attribute__((noinline)) uint32_t walk_new_blocks(uint32_t x) {
  for (unsigned b = 0; b < kBlocks; ++b) {
    soc::raise_here(kEventPort, kMiss);
    x = churn(x, 4);
  }
  return x;
}
// The same blocks again: they hit, no event.
__attribute__((noinline)) uint32_t walk_cached_blocks(uint32_t x) { return churn(x, kBlocks * 8); }
// Arithmetic in registers: no event.
__attribute__((noinline)) uint32_t mix_registers(uint32_t x) { return churn(x, kBlocks * 8); }
}

namespace {
__attribute__((noinline)) uint32_t run(unsigned rounds) {
  uint32_t x = 1;
  for (unsigned r = 0; r < rounds; ++r) x = mix_registers(walk_cached_blocks(walk_new_blocks(x)));
  g_sink = x;
  return x;
}
}  // namespace

TEST_CASE(profile, safesu_overflow_sampling_of_a_soc_event) {
  CHECK(soc::attach(soc::kSafesu, soc::Placement{kUnit, {}, {}}));
  CHECK(soc::attach_event_port(kEventPort));
  SafeSU su{kUnit.base, pmu::safesu::k4c128};
  CHECK_OK(su.attach_callbacks(&g_callbacks));
  CHECK_OK(su.stop(su.all_counters()));
  CHECK_OK(su.reset());
  const pmu::safesu::Route routes[3] = {{kCycles, kHigh}, {kCounted, kMiss}, {kTrigger, kMiss}};
  CHECK_OK(su.route_table(routes, 3));

  using Ops = units::SafeSUOps;
  const GroupCounter group[1] = {Ops::group(su, kCycles)};
  static const CounterInfo kGroupNames[1] = {{Unit::kSafesu, kCycles, 32, "const_high"}};
  SamplerConfig cfg;
  cfg.trigger = Ops::trigger(su, kTrigger);
  cfg.period = kPeriod;
  cfg.group = group;
  cfg.group_count = 1;
  cfg.max_depth = kDepth;
  cfg.context = board::interrupted_context;
  CaptureInfo info = capture_info_for(cfg);
  CHECK_OK(image_id(&info.image));
  info.board = board::name();
  info.trigger = {Unit::kSafesu, kTrigger, 32, "core0.dcache_l1_miss"};
  info.group = kGroupNames;
  CHECK_OK(g_ring.init(g_storage, sizeof g_storage, info));
  CHECK_OK(g_sampler.configure(cfg, &g_ring));

  CHECK(harness::attach_irq_handler(kUnit.irq.overflow, SafeSU::overflow_isr, &su));
  CHECK_OK(g_sampler.start());  // arm: preload, mask bit, overflow unit on, counting on
  board::irq_global_enable();
  (void)run(kRounds);
  board::irq_global_disable();
  CHECK_OK(g_sampler.stop());
  board::irq_detach(kUnit.irq.overflow);
  CHECK_OK(su.stop(su.all_counters()));

  const uint32_t misses = su.read(kCounted).value();
  const uint32_t samples = g_ring.committed();
  harness::printf("  %u samples, %u dropped, %u interrupts, %u without context\n", unsigned{samples},
                  unsigned{g_ring.dropped()}, unsigned{g_sampler.interrupts()}, unsigned{g_sampler.no_context()});
  harness::printf("  %u misses raised, all in walk_new_blocks; period %u\n", unsigned{misses}, unsigned{kPeriod});
  CHECK_EQ(misses, kRounds * kBlocks);
  CHECK_EQ(samples, kRounds * kBlocks / kPeriod);  // one per period: the re-arm loses no miss
  CHECK_EQ(g_ring.dropped(), 0u);
  CHECK_EQ(g_sampler.interrupts(), samples);
  CHECK_EQ(g_sampler.no_context(), 0u);

  // The bound: the host check (check_target.py) profiles the capture.
  harness::print("truth minimum walk_new_blocks 95\n");
  CaptureWriter w(kConsole);
  CHECK_OK(w.begin(g_ring));
  CHECK_EQ(w.drain(g_ring), samples);
  CHECK_OK(w.end(g_ring));
  harness::reset();
}
