// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf and FixedPerf on the stub device: the model
// (sim/include/pmu_sim/cm_model.hpp) is mapped over the Global Debug Block at
// the board's GCR base + 0x6000, and CM_PCInt (model output 0) drives board
// line kCm.irq, so the overflow hook is entered by a real trap.
//
// The model advances by guest cycles (instructions under -icount), so counts
// depend on the emitted code: checks are relations that hold for any code
// (counters started and stopped in one write agree exactly, totals equal the
// model's ground truth), plus exact emulated-access counts per call. Every
// scenario runs on both paths (run-time base, build-time base).
#include "board_config.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu_sim/cm_model.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

namespace {

using pmu::Status;
using pmu::cm::kAllMask;
using pmu::cm::kCycleCounter;
using pmu::cm::kCycleMask;
using pmu::cm::kP0Counter;
using pmu::cm::kP0Mask;
using pmu::cm::kP1Counter;
using pmu::cm::kP1Mask;
using pmu::models::CmPerfModel;
namespace event = pmu::cm::event;

constexpr uintptr_t kGcr = board::config::kCm.gcr_base;
constexpr unsigned kLine = board::config::kCm.irq;
constexpr uint8_t kLines[] = {static_cast<uint8_t>(kLine)};

using Runtime = pmu::cm::Perf;
using Fixed = pmu::cm::FixedPerf<kGcr>;

template <typename T>
T make_unit() {
  if constexpr (pmu::util::is_same<T, Runtime>::value) {
    return Runtime(kGcr);
  } else {
    return Fixed();
  }
}

template <typename T>
struct Rig {
  CmPerfModel model;
  T perf = make_unit<T>();
  pmu::cm::Callbacks callbacks{};
  pmu::cm::Totals totals;
  bool mapped = false;
  Rig() {
    harness::reset();  // each scenario runs twice in one test case
    mapped = harness::map_mmio(kGcr + pmu::cm::kGdbOffset, CmPerfModel::kWindowSize, &model, kLines, 1) !=
             nullptr;
    perf.attach_callbacks(&callbacks);
    perf.track_totals(&totals);
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
// The raw counts, by counter index.
struct Counts {
  uint32_t cy, p0, p1;
};
template <typename T>
Counts read_all(const T& perf) {
  return Counts{perf.read(kCycleCounter).value(), perf.read(kP0Counter).value(), perf.read(kP1Counter).value()};
}
// True if no counter moves from c while the program runs 'n' spins.
template <typename T>
bool stays(const T& perf, const Counts& c, int n) {
  spin(n);
  const Counts now = read_all(perf);
  return now.cy == c.cy && now.p0 == c.p0 && now.p1 == c.p1;
}

// Emulated accesses made by fn.
template <typename Fn>
uint32_t traps_of(Fn fn) {
  const uint32_t t0 = harness::mmio_traps();
  fn();
  return harness::mmio_traps() - t0;
}

template <typename T>
void probe_reads_two_counters() {
  Rig<T> r;
  CHECK(r.mapped);
  CHECK_OK(r.perf.probe());
  CHECK_EQ(r.model.ctl(), 0u);
}

template <typename T>
void counters_started_and_stopped_in_one_write_agree() {
  Rig<T> r;
  CHECK(r.mapped);
  CHECK(r.model.set_event_rate(event::kRequestCount, 1));
  CHECK(r.model.set_event_rate(event::kCommandBusUsage, 1, 2));
  CHECK_OK(r.perf.program(kP0Counter, event::kRequestCount, 0x1234));
  CHECK_OK(r.perf.program(kP1Counter, event::kCommandBusUsage, 0x5678));
  CHECK_EQ(r.model.qualifier(kP0Counter), 0x1234u);
  CHECK_EQ(r.model.qualifier(kP1Counter), 0x5678u);
  CHECK_OK(r.perf.reset_and_start(kAllMask));
  spin(3000);
  CHECK_OK(r.perf.stop(kAllMask));
  const Counts c = read_all(r.perf);
  CHECK(c.cy >= 3000u);
  CHECK_EQ(c.p0, c.cy);
  CHECK_EQ(c.p1, c.cy / 2);
  CHECK(stays(r.perf, c, 1000));  // stopped: nothing moves
  CHECK_EQ(r.model.ov(), 0u);
}

template <typename T>
void wrap_sets_overflow_and_the_total_carries_on() {
  Rig<T> r;
  CHECK(r.mapped);
  CHECK(r.model.set_event_rate(event::kL2HitsMisses, 1));
  CHECK_OK(r.perf.program(kP0Counter, event::kL2HitsMisses, 0));
  CHECK_OK(r.perf.reset(kP0Mask));
  CHECK_OK(r.perf.preload(kP0Counter, 0xFFFFF000u));
  CHECK_OK(r.perf.start(kP0Mask));
  for (int i = 0; i < 1000 && r.perf.read_overflow().value() != kP0Mask; ++i) spin(100);
  CHECK_OK(r.perf.stop(kP0Mask));
  CHECK_EQ(r.perf.read_overflow().value(), kP0Mask);
  const uint32_t raw = r.perf.read(kP0Counter).value();
  CHECK(raw < 0x00100000u);  // wrapped
  CHECK_EQ(r.perf.read64(kP0Counter).value(), 0x1000ull + raw);
  CHECK_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
  CHECK_OK(r.perf.clear_overflow(kP0Mask));
  CHECK_EQ(r.perf.read_overflow().value(), 0u);
}

template <typename T>
void overflow_hook_through_a_real_trap() {
  Rig<T> r;
  CHECK(r.mapped);
  Calls calls{0, 0};
  CHECK(r.model.set_event_rate(event::kReadDataUsage, 1));
  CHECK_OK(r.perf.program(kP0Counter, event::kReadDataUsage, 0));
  CHECK_OK(r.perf.on_overflow(kP0Counter, pmu::IrqCallback{count_call, &calls}));
  CHECK_OK(r.perf.on_overflow(kCycleCounter, pmu::IrqCallback{count_call, &calls}));
  // The unit's own ISR adapter is the handler, the unit its argument.
  CHECK(harness::attach_irq_handler(kLine, &T::overflow_isr, &r.perf));
  CHECK_OK(r.perf.set_interrupt_enable(true));
  CHECK_OK(r.perf.reset(kP0Mask));
  CHECK_OK(r.perf.preload(kP0Counter, 0xFFFFF000u));
  CHECK_OK(r.perf.start(kP0Mask));
  wait_for(&calls.n, 1);
  // Keep running a while: the bit was cleared, so no second entry.
  board::irq_global_enable();
  for (int i = 0; i < 200; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_OK(r.perf.stop(kP0Mask));
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.sources, 1u << kP0Counter);
  CHECK_EQ(harness::irq_entries(kLine), 1u);
  CHECK_EQ(r.model.ov(), 0u);
  CHECK_EQ(r.model.irq_outputs(), 0u);
  CHECK_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
  CHECK(r.model.counted(kP0Counter) > 0x1000u);
}

// Under both readings of the flag point: P1 counts two a cycle from an odd
// value, so it lands on 0xFFFFFFFF exactly and then wraps to 1.
template <typename T>
void ovf_stop_stops_all_three_counters(CmPerfModel::FlagPoint point) {
  Rig<T> r;
  CHECK(r.mapped);
  r.model.set_flag_point(point);
  CHECK(r.model.set_event_rate(event::kRequestCount, 1));
  CHECK(r.model.set_event_rate(event::kIocu1Requests, 2));
  CHECK_OK(r.perf.program(kP0Counter, event::kRequestCount, 0));
  CHECK_OK(r.perf.program(kP1Counter, event::kIocu1Requests, 0));
  CHECK_OK(r.perf.set_overflow_stop(true));
  CHECK_OK(r.perf.reset_and_start(kAllMask));
  CHECK_OK(r.perf.preload(kP1Counter, 0xFFFFF001u));
  for (int i = 0; i < 1000 && r.perf.read_overflow().value() == 0; ++i) spin(100);
  CHECK_EQ(r.perf.read_overflow().value(), kP1Mask);
  const Counts c = read_all(r.perf);
  CHECK_EQ(c.p0, c.cy);  // stopped on the same cycle
  CHECK_EQ(c.p1, point == CmPerfModel::FlagPoint::kAllOnes ? 0xFFFFFFFFu : 1u);
  CHECK(stays(r.perf, c, 5000));
  CHECK_EQ(r.model.ovf_stops(), 1u);
}

template <typename T>
void sixty_four_bit_totals_over_several_wraps_through_the_hook() {
  Rig<T> r;
  CHECK(r.mapped);
  Calls calls{0, 0};
  // 4096 events per cycle: P0 wraps every 2^20 cycles.
  CHECK(r.model.set_event_rate(event::kL2PipelineUtilization, 4096));
  CHECK_OK(r.perf.program(kP0Counter, event::kL2PipelineUtilization, 0));
  CHECK_OK(r.perf.on_overflow(kP0Counter, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kLine, &T::overflow_isr, &r.perf));
  CHECK_OK(r.perf.set_interrupt_enable(true));
  CHECK_OK(r.perf.reset_and_start(kP0Mask | kCycleMask));
  // Reads from the main loop with the interrupt masked (the documented rule).
  uint64_t last = 0;
  bool monotonic = true;
  for (int i = 0; i < 2000000 && calls.n < 5; ++i) {
    board::irq_global_enable();
    spin(20);
    harness::poll();
    board::irq_global_disable();
    if ((i & 63) == 0) {
      const uint64_t t = r.perf.read64(kP0Counter).value();
      monotonic = monotonic && t >= last;
      last = t;
    }
  }
  CHECK_OK(r.perf.stop(kP0Mask | kCycleMask));
  // A last entry for a bit raised just before the stop.
  board::irq_global_enable();
  harness::poll();
  board::irq_global_disable();
  CHECK(calls.n >= 5u);
  CHECK(monotonic);
  CHECK(r.model.counted(kP0Counter) >= (uint64_t{5} << 32));
  CHECK_EQ(r.perf.read64(kP0Counter).value(), r.model.counted(kP0Counter));
  CHECK_EQ(r.perf.read64(kCycleCounter).value(), r.model.counted(kCycleCounter));
}

template <typename T>
void emulated_accesses_per_call_match_the_docs() {
  Rig<T> r;
  CHECK(r.mapped);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.probe()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.program(kP0Counter, 0, 7)); }), 3u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.reset_and_start(kAllMask)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.stop(kAllMask)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read(kP0Counter).ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read64(kCycleCounter).ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read_overflow().ok()); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.clear_overflow(kAllMask)); }), 9u);  // R OV, 3 R count, W OV, R OV, 3 R count
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.set_interrupt_enable(false)); }), 2u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.preload(kP1Counter, 5)); }), 4u);  // R OV, R count, W count, R OV
  CHECK_EQ(traps_of([&] { CHECK(r.perf.handle_overflow_irq().value() == 0u); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.program(kP0Counter, 7, 0) == Status::kBadArg); }), 0u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.start(8) == Status::kBadArg); }), 0u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read(3).status() == Status::kBadArg); }), 0u);
  r.perf.track_totals(nullptr);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.preload(kP1Counter, 5)); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK_OK(r.perf.clear_overflow(kAllMask)); }), 1u);
  CHECK_EQ(traps_of([&] { CHECK(r.perf.read64(kP0Counter).status() == Status::kUnavailable); }), 0u);
}

}  // namespace

TEST_CASE(cm, probe_reads_two_counters) {
  probe_reads_two_counters<Runtime>();
  probe_reads_two_counters<Fixed>();
}
TEST_CASE(cm, counters_started_and_stopped_in_one_write_agree) {
  counters_started_and_stopped_in_one_write_agree<Runtime>();
  counters_started_and_stopped_in_one_write_agree<Fixed>();
}
TEST_CASE(cm, wrap_sets_overflow_and_the_total_carries_on) {
  wrap_sets_overflow_and_the_total_carries_on<Runtime>();
  wrap_sets_overflow_and_the_total_carries_on<Fixed>();
}
TEST_CASE(cm, overflow_hook_through_a_real_trap) {
  overflow_hook_through_a_real_trap<Runtime>();
  overflow_hook_through_a_real_trap<Fixed>();
}
TEST_CASE(cm, ovf_stop_stops_all_three_counters) {
  const CmPerfModel::FlagPoint points[] = {CmPerfModel::FlagPoint::kWrap, CmPerfModel::FlagPoint::kAllOnes};
  for (const CmPerfModel::FlagPoint point : points) {
    ovf_stop_stops_all_three_counters<Runtime>(point);
    ovf_stop_stops_all_three_counters<Fixed>(point);
  }
}
TEST_CASE(cm, sixty_four_bit_totals_over_several_wraps_through_the_hook) {
  sixty_four_bit_totals_over_several_wraps_through_the_hook<Runtime>();
  sixty_four_bit_totals_over_several_wraps_through_the_hook<Fixed>();
}
TEST_CASE(cm, emulated_accesses_per_call_match_the_docs) {
  emulated_accesses_per_call_match_the_docs<Runtime>();
  emulated_accesses_per_call_match_the_docs<Fixed>();
}
