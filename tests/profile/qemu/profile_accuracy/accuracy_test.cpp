// SPDX-License-Identifier: Apache-2.0
// Instret sampling of the known-shape workload through a real LCOFI: the
// Sampler over the RISC-V adapter, triggered by hpm3 counting retired
// instructions, with cycle and instret as the group and 4-deep call chains.
// M-mode boards use the machine counters (SscofpmfOps over Counters, QEMU's
// event number); the S-mode board the same counters through OpenSBI's PMU
// extension (SbiOps over SbiCounters, the SBI hardware event), its LCOFI a
// supervisor interrupt. Under -icount the run is deterministic. On the
// target: enough samples, none dropped, one per interrupt, every one with
// its context; the shares are checked on the host (check_target.py) from
// the capture this prints, against the truth it prints.
#include "board.hpp"
#include "known_shape.hpp"
#include "pmu/profile/image_id.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/riscv.hpp"
#include "pmu/profile/writer.hpp"
#include "pmu/report.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "virt_irq.hpp"

namespace {
using namespace pmu::profile;
using pmu::riscv::CounterCallbacks;
using pmu::riscv::CounterConfig;
constexpr unsigned kTrigger = 3;  // hpm3
constexpr uint8_t kDepth = 4;     // leaf, the two callers, run(), the test
#if defined(BOARD_SMODE) && BOARD_SMODE
using File = pmu::riscv::SbiCounters;
using Ops = units::SbiOps;
// The overflow vector from scountovf, which OpenSBI opens to S-mode.
constexpr auto kOverflowSource = pmu::riscv::OverflowSource::kScountovf;
// The hook makes four SBI calls (about 2000 instructions with OpenSBI's
// side): a longer period, and more rounds for as many samples.
constexpr unsigned kRounds = 8000;  // about 23 million instructions
constexpr uint64_t kPeriod = 5000;  // instructions between samples (mean): about 7600 samples
constexpr uint8_t kJitterBits = 10;
constexpr unsigned kSlots = 9000;
#else
using File = pmu::riscv::Counters;
using Ops = units::SscofpmfOps;
// QEMU 7.2 masks scountovf with mcounteren even in M-mode: the hook reads
// the OF bit of the one hpm counter instead.
constexpr auto kOverflowSource = pmu::riscv::OverflowSource::kEventOf;
constexpr uint64_t kQemuInstructions = 2;  // QEMU's event number for retired instructions
constexpr unsigned kRounds = 1300;  // about 3.5 million instructions
constexpr uint64_t kPeriod = 1000;  // instructions between samples (mean): 3900 (rv32), 5100 (rv64)
// +-256: a round is about 3 periods long on rv32, so a narrow jitter
// (+-32) samples it in near lock-step and misses shares by 2-3 points.
constexpr uint8_t kJitterBits = 9;
constexpr unsigned kSlots = 6000;
#endif

alignas(8) uint8_t g_storage[512 + kSlots * (2 + kDepth + 2) * sizeof(uintptr_t)];
SampleRing g_ring;
Sampler g_sampler;
CounterCallbacks g_callbacks;

constexpr CounterConfig kFile{1u << 0 | 1u << 2 | 1u << kTrigger, true, true, kOverflowSource};

// hpm3 counts retired instructions.
pmu::Status program_instructions(File& c) {
#if defined(BOARD_SMODE) && BOARD_SMODE
  return c.program_event(kTrigger, pmu::riscv::sbi_pmu::kHwInstructions);
#else
  return c.program(kTrigger, pmu::riscv::make_hpm_event(kQemuInstructions).value());
#endif
}

void put_console(void*, char c) { board::putc(c); }
constexpr pmu::report::Sink kConsole{put_console, nullptr};

}  // namespace

TEST_CASE(profile, instret_sampling_of_the_known_shape) {
  const known_shape::Truth truth = known_shape::measure(kRounds);

  File c(kFile);
  c.attach_callbacks(&g_callbacks);
  CHECK_OK(c.init());
  CHECK_OK(program_instructions(c));
  CHECK_OK(c.start(1u << 0 | 1u << 2));
  const GroupCounter group[2] = {Ops::group(c, 0), Ops::group(c, 2)};
  static const CounterInfo kGroupNames[2] = {{Unit::kRiscv, 0, 64, "cycles"}, {Unit::kRiscv, 2, 64, "instret"}};

  SamplerConfig cfg;
  cfg.trigger = Ops::trigger(c, kTrigger);
  cfg.period = kPeriod;
  cfg.jitter_bits = kJitterBits;
  cfg.group = group;
  cfg.group_count = 2;
  cfg.max_depth = kDepth;
  cfg.context = board::interrupted_context;
  CaptureInfo info = capture_info_for(cfg);
  CHECK_OK(image_id(&info.image));
  info.board = board::name();
  info.trigger = {Unit::kRiscv, kTrigger, 64, "instret"};
  info.group = kGroupNames;
  CHECK_OK(g_ring.init(g_storage, sizeof g_storage, info));
  CHECK_OK(g_sampler.configure(cfg, &g_ring));

  CHECK(board::irq_attach(board::virt::kLcofiLine, File::overflow_isr, &c));
  CHECK_OK(g_sampler.start());
  board::irq_global_enable();
  (void)known_shape::run(kRounds);
  board::irq_global_disable();
  CHECK_OK(g_sampler.stop());
  board::irq_detach(board::virt::kLcofiLine);

  const uint32_t samples = g_ring.committed();
  harness::printf("  %u samples, %u dropped, %u interrupts, %u without context\n", unsigned{samples},
                  unsigned{g_ring.dropped()}, unsigned{g_sampler.interrupts()}, unsigned{g_sampler.no_context()});
  CHECK(samples >= 2000);
  CHECK_EQ(g_ring.dropped(), 0u);
  CHECK_EQ(g_sampler.interrupts(), samples);
  CHECK_EQ(g_sampler.no_context(), 0u);

  known_shape::print_truth(truth, kConsole);
  CaptureWriter w(kConsole);
  CHECK_OK(w.begin(g_ring));
  CHECK_EQ(w.drain(g_ring), samples);
  CHECK_OK(w.end(g_ring));
}
