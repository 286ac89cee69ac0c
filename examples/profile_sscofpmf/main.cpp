// SPDX-License-Identifier: Apache-2.0
// profile_sscofpmf: where does a workload spend its cycles and its
// instructions? pmukit record on the standard RISC-V counters: an hpm
// counter programmed with the event to sample on overflows every N events
// (Sscofpmf), its local counter-overflow interrupt (LCOFI) runs the counter
// file's hook, and the hook's callback, the Sampler, records the
// interrupted pc, the call chain and the group's counts, then preloads the
// counter for the next period. Two runs, one capture each, printed through
// the console: sampling on cycles, then on instructions. The workload's
// shape is known (known_shape.hpp), so the profiles can be checked by eye;
// `make profile-demo` prints them.
#include "board.hpp"
#include "console.hpp"
#include "known_shape.hpp"
#include "pmu/profile/image_id.hpp"
#include "pmu/profile/ring.hpp"
#include "pmu/profile/sampler.hpp"
#include "pmu/profile/units/riscv.hpp"
#include "pmu/profile/writer.hpp"
#include "virt_irq.hpp"

namespace {

using examples::expect;
using examples::ok;
using examples::print;
using examples::print_dec;
namespace profile = pmu::profile;
using pmu::riscv::Counters;
using Ops = profile::units::SscofpmfOps;

constexpr unsigned kRounds = 600;
constexpr uint64_t kPeriod = 2000;   // events between samples (mean)
constexpr uint8_t kJitterBits = 9;   // +-256: no lock-step with the rounds
constexpr uint8_t kDepth = 4;        // return addresses per sample
constexpr unsigned kTrigger = 3;     // hpm3 counts the event to sample on
constexpr unsigned kSlots = 1800;

// QEMU's event numbers (its SBI encoding); on hardware, the core's own.
constexpr uint64_t kQemuCycles = 1;
constexpr uint64_t kQemuInstructions = 2;

// cycle, instret and hpm3. QEMU 7.2 masks scountovf with mcounteren even
// in M-mode, so the hook reads hpm3's OF bit itself (kEventOf).
constexpr pmu::riscv::CounterConfig kFile{1u << 0 | 1u << 2 | 1u << kTrigger, true, true,
                                          pmu::riscv::OverflowSource::kEventOf};
Counters g_counters(kFile);
pmu::riscv::CounterCallbacks g_callbacks;

// The ring: the application's storage, 8-byte aligned.
alignas(8) uint8_t g_storage[512 + kSlots * (2 + kDepth + 1) * sizeof(uintptr_t)];
profile::SampleRing g_ring;
profile::Sampler g_sampler;

// One run: hpm3 programmed with 'event' triggers; 'other' (cycle or
// instret) is the group, so each sample also carries the other count.
void sample_on(const char* name, uint64_t event, unsigned other, const char* other_name) {
  print("\nsampling on ");
  print(name);
  print(": hpm3, one sample every ");
  print_dec(kPeriod);
  print(" +-256 ");
  print(name);
  print(", group {");
  print(other_name);
  print("}, call chains up to 4 deep\n");

  ok(g_counters.init(), "init");  // also releases QEMU's event binding of the previous run
  ok(g_counters.program(kTrigger, pmu::riscv::make_hpm_event(event).value()), "program");
  ok(g_counters.start(1u << other), "start");

  const profile::GroupCounter group[1] = {Ops::group(g_counters, static_cast<uint8_t>(other))};
  const profile::CounterInfo group_names[1] = {{profile::Unit::kRiscv, static_cast<uint8_t>(other), 64, other_name}};
  profile::SamplerConfig cfg;
  cfg.trigger = Ops::trigger(g_counters, kTrigger);
  cfg.period = kPeriod;
  cfg.jitter_bits = kJitterBits;
  cfg.group = group;
  cfg.group_count = 1;
  cfg.max_depth = kDepth;
  cfg.context = board::interrupted_context;

  profile::CaptureInfo info = profile::capture_info_for(cfg);
  ok(profile::image_id(&info.image), "image_id");
  info.board = board::name();
  info.trigger = {profile::Unit::kRiscv, kTrigger, 64, name};
  info.group = group_names;
  ok(g_ring.init(g_storage, sizeof g_storage, info), "ring init");
  ok(g_sampler.configure(cfg, &g_ring), "configure");

  ok(g_sampler.start(), "start sampling");
  board::irq_global_enable();
  (void)known_shape::run(kRounds);
  board::irq_global_disable();
  ok(g_sampler.stop(), "stop sampling");

  print("  ");
  print_dec(g_ring.committed());
  print(" samples, ");
  print_dec(g_ring.dropped());
  print(" dropped\n");
  expect(g_ring.committed() >= 500, "at least 500 samples");
  expect(g_ring.dropped() == 0, "no sample dropped");
  expect(g_sampler.interrupts() == g_ring.committed(), "one sample per overflow");

  // The capture, as text lines through the console (a debugger could dump
  // g_storage instead).
  profile::CaptureWriter w(examples::console());
  ok(w.begin(g_ring), "capture begin");
  (void)w.drain(g_ring);
  ok(w.end(g_ring), "capture end");
}

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("profile_sscofpmf: where does the known-shape workload spend its cycles and instructions? (board ");
  print(board::name());
  print(")\n");
  known_shape::print_truth(known_shape::measure(kRounds), examples::console());

  g_counters.attach_callbacks(&g_callbacks);
  // The LCOFI line's handler is the counter file's hook; the Sampler is the
  // callback the adapter registers for hpm3.
  expect(board::irq_attach(board::virt::kLcofiLine, Counters::overflow_isr, &g_counters), "the LCOFI line");
  sample_on("cycles", kQemuCycles, pmu::riscv::kCounterInstret, "instret");
  sample_on("instret", kQemuInstructions, pmu::riscv::kCounterCycle, "cycles");
  board::irq_detach(board::virt::kLcofiLine);

  print("\npmukit-profile turns the two captures in this log into profiles:\n"
        "  pmukit-profile report <this log> --elf <this image> --capture 1   (on cycles)\n"
        "  pmukit-profile report <this log> --elf <this image> --capture 2   (on instret)\n"
        "Under QEMU -icount a cycle is an instruction: both show the same shape, CPI 1.\n");
  return examples::verdict("two captures of the known shape, on cycles and on instret");
}
