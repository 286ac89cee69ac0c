// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf on the stub device: the model (sim/include/pmu_sim/cm_model.hpp) is
// mapped over the Global Debug Block at the board's GCR base + 0x6000, and
// CM_PCInt (model output 0) drives board line kCmIrqLine, so the overflow
// hook is entered by a real trap.
//
// The model advances by guest cycles (instructions under -icount), so counts
// depend on the emitted code: checks are relations that hold for any code
// (counters started and stopped in one write agree exactly, totals equal the
// model's ground truth), plus exact emulated-access counts per call.
#include "board_config.hpp"
#include "pmu_sim/cm_model.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/cm/perf.hpp"

namespace {

using pmu::Status;
using pmu::cm::Counter;
using pmu::cm::CounterSet;
using pmu::cm::Perf;
using pmu::models::CmPerfModel;
namespace event = pmu::cm::event;

constexpr uintptr_t kGcr = board::config::kCm.gcr_base;
constexpr unsigned kLine = board::config::kCm.irq;
constexpr uint8_t kLines[] = {static_cast<uint8_t>(kLine)};

struct Rig {
  CmPerfModel model;
  Perf perf{kGcr};
  bool mapped = false;
  Rig() {
    mapped = harness::map_mmio(kGcr + pmu::cm::kGdbOffset, CmPerfModel::kWindowSize, &model, kLines, 1) !=
             nullptr;
  }
};

struct Calls {
  volatile uint32_t n;
  volatile uint32_t sources;  // bit per source seen
};
void count_call(void* ctx, unsigned source) {
  auto* c = static_cast<Calls*>(ctx);
  c->n = c->n + 1;
  c->sources = c->sources | (1u << source);
}
void on_cm_line(void* ctx) { (void)static_cast<Rig*>(ctx)->perf.handle_overflow_irq(); }

// Spin with interrupts enabled until *flag reaches want (or give up).
void wait_for(const volatile uint32_t* flag, uint32_t want, uint32_t max_polls = 200000) {
  board::irq_global_enable();
  for (uint32_t i = 0; i < max_polls && *flag < want; ++i) harness::poll();
  board::irq_global_disable();
}
void spin(int n) {
  for (volatile int i = 0; i < n; i = i + 1) {
  }
}
// Emulated accesses made by fn.
template <typename Fn>
uint32_t traps_of(Fn fn) {
  const uint32_t t0 = harness::mmio_traps();
  fn();
  return harness::mmio_traps() - t0;
}

}  // namespace

TEST_CASE(cm, probe_reads_two_counters) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.perf.probe());
  CHECK_EQ(r.model.ctl(), 0u);
}

TEST_CASE(cm, counters_started_and_stopped_in_one_write_agree) {
  Rig r;
  CHECK(r.mapped);
  CHECK(r.model.set_event_rate(event::kRequestCount, 1));
  CHECK(r.model.set_event_rate(event::kCommandBusUsage, 1, 2));
  CHECK_OK(r.perf.program(Counter::kP0, event::kRequestCount, 0x1234));
  CHECK_OK(r.perf.program(Counter::kP1, event::kCommandBusUsage, 0x5678));
  CHECK_EQ(r.model.qualifier(0), 0x1234u);
  CHECK_EQ(r.model.qualifier(1), 0x5678u);
  CHECK_OK(r.perf.reset_and_start(pmu::cm::kAll));
  spin(3000);
  CHECK_OK(r.perf.stop(pmu::cm::kAll));
  const uint32_t cy = r.perf.read(Counter::kCycle).value();
  const uint32_t p0 = r.perf.read(Counter::kP0).value();
  const uint32_t p1 = r.perf.read(Counter::kP1).value();
  CHECK(cy >= 3000u);
  CHECK_EQ(p0, cy);
  CHECK_EQ(p1, cy / 2);
  spin(1000);  // stopped: nothing moves
  CHECK_EQ(r.perf.read(Counter::kCycle).value(), cy);
  CHECK_EQ(r.perf.read(Counter::kP0).value(), p0);
  CHECK_EQ(r.model.read(CmPerfModel::kOv, 4), 0u);
}

TEST_CASE(cm, wrap_sets_overflow_and_the_total_carries_on) {
  Rig r;
  CHECK(r.mapped);
  CHECK(r.model.set_event_rate(event::kL2HitsMisses, 1));
  CHECK_OK(r.perf.program(Counter::kP0, event::kL2HitsMisses, 0));
  CHECK_OK(r.perf.reset(pmu::cm::kP0));
  CHECK_OK(r.perf.preload(Counter::kP0, 0xFFFFF000u));
  CHECK_OK(r.perf.start(pmu::cm::kP0));
  for (int i = 0; i < 1000 && r.perf.read_overflow().value() != pmu::cm::kP0; ++i) spin(100);
  CHECK_OK(r.perf.stop(pmu::cm::kP0));
  CHECK(r.perf.read_overflow().value() == pmu::cm::kP0);
  const uint32_t raw = r.perf.read(Counter::kP0).value();
  CHECK(raw < 0x00100000u);  // wrapped
  CHECK_EQ(r.perf.read64(Counter::kP0).value(), 0x1000ull + raw);
  CHECK_EQ(r.perf.read64(Counter::kP0).value(), r.model.counted(0));
  CHECK_OK(r.perf.clear_overflow(pmu::cm::kP0));
  CHECK(r.perf.read_overflow().value() == pmu::cm::kNone);
}

TEST_CASE(cm, overflow_hook_through_a_real_trap) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0};
  CHECK(r.model.set_event_rate(event::kReadDataUsage, 1));
  CHECK_OK(r.perf.program(Counter::kP0, event::kReadDataUsage, 0));
  CHECK_OK(r.perf.on_overflow(Counter::kP0, pmu::IrqCallback{count_call, &calls}));
  CHECK_OK(r.perf.on_overflow(Counter::kCycle, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kLine, on_cm_line, &r));
  CHECK_OK(r.perf.set_interrupt_enable(true));
  CHECK_OK(r.perf.reset(pmu::cm::kP0));
  CHECK_OK(r.perf.preload(Counter::kP0, 0xFFFFF000u));
  CHECK_OK(r.perf.start(pmu::cm::kP0));
  wait_for(&calls.n, 1);
  // Keep running a while: the bit was cleared, so no second entry.
  board::irq_global_enable();
  for (int i = 0; i < 200; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_OK(r.perf.stop(pmu::cm::kP0));
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.sources, 1u << 0);
  CHECK_EQ(harness::irq_entries(kLine), 1u);
  CHECK_EQ(r.model.ov(), 0u);
  CHECK_EQ(r.model.irq_outputs(), 0u);
  CHECK_EQ(r.perf.read64(Counter::kP0).value(), r.model.counted(0));
  CHECK(r.model.counted(0) > 0x1000u);
}

TEST_CASE(cm, ovf_stop_stops_all_three_counters) {
  Rig r;
  CHECK(r.mapped);
  CHECK(r.model.set_event_rate(event::kRequestCount, 1));
  CHECK(r.model.set_event_rate(event::kIocu1Requests, 2));
  CHECK_OK(r.perf.program(Counter::kP0, event::kRequestCount, 0));
  CHECK_OK(r.perf.program(Counter::kP1, event::kIocu1Requests, 0));
  CHECK_OK(r.perf.set_overflow_stop(true));
  CHECK_OK(r.perf.reset_and_start(pmu::cm::kAll));
  CHECK_OK(r.perf.preload(Counter::kP1, 0xFFFFF000u));
  for (int i = 0; i < 1000 && r.perf.read_overflow().value().empty(); ++i) spin(100);
  CHECK(r.perf.read_overflow().value() == pmu::cm::kP1);
  const uint32_t cy = r.perf.read(Counter::kCycle).value();
  const uint32_t p0 = r.perf.read(Counter::kP0).value();
  const uint32_t p1 = r.perf.read(Counter::kP1).value();
  CHECK_EQ(p0, cy);      // stopped on the same cycle
  CHECK(p1 < 0x1000u);   // P1 wrapped
  spin(5000);
  CHECK_EQ(r.perf.read(Counter::kCycle).value(), cy);
  CHECK_EQ(r.perf.read(Counter::kP0).value(), p0);
  CHECK_EQ(r.perf.read(Counter::kP1).value(), p1);
  CHECK_EQ(r.model.ovf_stops(), 1u);
}

TEST_CASE(cm, sixty_four_bit_totals_over_several_wraps_through_the_hook) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0};
  // 4096 events per cycle: P0 wraps every 2^20 cycles.
  CHECK(r.model.set_event_rate(event::kL2PipelineUtilization, 4096));
  CHECK_OK(r.perf.program(Counter::kP0, event::kL2PipelineUtilization, 0));
  CHECK_OK(r.perf.on_overflow(Counter::kP0, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kLine, on_cm_line, &r));
  CHECK_OK(r.perf.set_interrupt_enable(true));
  CHECK_OK(r.perf.reset_and_start(pmu::cm::kP0 | pmu::cm::kCycle));
  // Reads from the main loop with the interrupt masked (the documented rule).
  uint64_t last = 0;
  bool monotonic = true;
  for (int i = 0; i < 2000000 && calls.n < 5; ++i) {
    board::irq_global_enable();
    spin(20);
    harness::poll();
    board::irq_global_disable();
    if ((i & 63) == 0) {
      const uint64_t t = r.perf.read64(Counter::kP0).value();
      monotonic = monotonic && t >= last;
      last = t;
    }
  }
  CHECK_OK(r.perf.stop(pmu::cm::kP0 | pmu::cm::kCycle));
  // A last entry for a bit raised just before the stop.
  board::irq_global_enable();
  harness::poll();
  board::irq_global_disable();
  CHECK(calls.n >= 5u);
  CHECK(monotonic);
  CHECK(r.model.counted(0) >= (uint64_t{5} << 32));
  CHECK_EQ(r.perf.read64(Counter::kP0).value(), r.model.counted(0));
  CHECK_EQ(r.perf.read64(Counter::kCycle).value(), r.model.counted(2));
}

TEST_CASE(cm, emulated_accesses_per_call_match_the_docs) {
  Rig r;
  CHECK(r.mapped);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.probe()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.program(Counter::kP0, 0, 7)); }), 3u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.reset_and_start(pmu::cm::kAll)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.stop(pmu::cm::kAll)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read(Counter::kP0).ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read64(Counter::kCycle).ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read_overflow().ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.clear_overflow(pmu::cm::kAll)); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.set_interrupt_enable(false)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.handle_overflow_irq().value() == pmu::cm::kNone); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.program(Counter::kP0, 7, 0) == Status::kBadArg); }), 0u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.start(CounterSet{8}) == Status::kBadArg); }), 0u);
}
