// SPDX-License-Identifier: Apache-2.0
// SafeSU driver scenarios on a stub device served by the behavioural model
// (sim/include/pmu_sim/safesu_model.hpp), compiled into the suite of every
// SafeSU instance (scenarios.hpp says what a suite provides).
//
// The model is advanced by guest cycles (instructions under -icount), and the
// self-test mode 01 makes every counter count every cycle, so counts depend on
// the code the compiler emitted: the checks are relations (monotonic, equal
// across counters, exactly 0, hook entered exactly once), and exact values
// only where counting is off.
#include "scenarios.hpp"

#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

namespace safesu_suite {

using pmu::Status;
using pmu::models::SafesuModel;
using pmu::safesu::Callbacks;
using pmu::safesu::SafeSU;
using pmu::safesu::SelftestMode;
using pmu::safesu::Totals;

// One unit: the model mapped at the board's address and a driver object
// with callbacks and 64-bit totals attached.
struct Rig {
  SafesuModel model{kModelConfig};
  SafeSU su{kBase, kLayout};
  Callbacks callbacks;
  Totals totals;
  bool mapped = false;
  Rig() {
    mapped = harness::map_mmio(kBase, SafesuModel::kWindowSize, &model, kWiring.lines, kWiring.count) != nullptr;
    mapped = mapped && su.attach_callbacks(&callbacks) == Status::kOk && su.track_totals(&totals) == Status::kOk;
  }
  uint32_t all() const { return su.all_counters(); }
};

// Spin with interrupts enabled until *flag reaches want (or give up).
void wait_for(const volatile uint32_t* flag, uint32_t want, uint32_t max_polls = 20000) {
  board::irq_global_enable();
  for (uint32_t i = 0; i < max_polls && *flag < want; ++i) harness::poll();
  board::irq_global_disable();
}

struct Calls {
  volatile uint32_t n;
  volatile uint32_t last_source;
  volatile uint32_t sources;  // bit per source seen
};
void count_call(void* ctx, unsigned source) {
  auto* c = static_cast<Calls*>(ctx);
  c->n = c->n + 1;
  c->last_source = source;
  c->sources = c->sources | (1u << source);
}

// The board handlers are the driver's ISR adapters (SafeSU::overflow_isr,
// rdc_isr: context the unit; mccu_isr: context a SafeSU::MccuLine).

}  // namespace safesu_suite

using namespace safesu_suite;

// TEST_CASE stringizes its unit argument: expand SAFESU_UNIT first.
#define SAFESU_TEST2(unit, name) TEST_CASE(unit, name)
#define SAFESU_TEST(name) SAFESU_TEST2(SAFESU_UNIT, name)

SAFESU_TEST(count_with_selftest_all_ones) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.reset());
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.start(r.all()));
  uint32_t prev = 0;
  for (int i = 0; i < 5; ++i) {
    const auto v = r.su.read(3);
    CHECK(v.ok());
    CHECK(v.value() > prev);  // counts every cycle: strictly increasing
    prev = v.value();
  }
  CHECK_OK(r.su.stop(r.all()));
  // Counting off: the values are deterministic, and every counter has seen
  // the same cycles (writes freeze all of them alike).
  uint32_t snap[24] = {};
  const uint32_t reads = r.model.reads();
  CHECK_OK(r.su.read_all(snap, 24));
  CHECK_EQ(r.model.reads() - reads, 24u);  // snapshot: one access per counter
  CHECK(snap[0] > prev);
  for (unsigned k = 1; k < 24; ++k) CHECK_EQ(snap[k], snap[0]);
  const auto again = r.su.read(23);
  CHECK(again.ok());
  CHECK_EQ(again.value(), snap[0]);
  CHECK_EQ(r.model.counter(23), snap[0]);
}

SAFESU_TEST(selftest_modes_zeros_and_output0) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.reset());
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllZeros));
  CHECK_OK(r.su.start(r.all()));
  harness::poll();
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kOnlyOutput0));
  harness::poll();
  CHECK_OK(r.su.stop(r.all()));
  CHECK(r.su.read(0).value() > 0u);
  CHECK_EQ(r.su.read(1).value(), 0u);
  CHECK_EQ(r.su.read(23).value(), 0u);
}

SAFESU_TEST(soft_reset_leaves_zero) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.start(r.all()));
  harness::poll();
  CHECK_OK(r.su.stop(r.all()));
  CHECK(r.su.read(5).value() > 0u);
  CHECK_OK(r.su.reset());  // counting off: exactly 0 everywhere
  uint32_t snap[24] = {};
  CHECK_OK(r.su.read_all(snap, 24));
  for (unsigned k = 0; k < 24; ++k) CHECK_EQ(snap[k], 0u);
  // While counting, the RTL's shadow would leave counters at 1 and a
  // back-to-back pulse would not reset at all (docs/hw/safesu.md §3.2): the driver's
  // reset must still restart from 0, so afterwards a counter holds at most
  // the cycles that passed since the reset began.
  CHECK_OK(r.su.write(0, 0x80000000u));
  CHECK_OK(r.su.start(r.all()));
  harness::poll();
  const uint64_t t0 = board::cycles();
  CHECK_OK(r.su.reset());
  CHECK_OK(r.su.stop(r.all()));
  const uint64_t elapsed = board::cycles() - t0;
  const uint32_t after = r.su.read(0).value();
  CHECK(after <= elapsed);
  CHECK(after < 0x80000000u);
}

SAFESU_TEST(counter_wraps_and_64bit_total_keeps_counting) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.write(2, 0xFFFFF000u));
  CHECK_OK(r.su.start(r.all()));
  uint64_t prev = 0xFFFFF000u;
  bool wrapped = false;
  for (int i = 0; i < 2000 && !wrapped; ++i) {
    const auto v = r.su.read64(2);
    CHECK(v.ok());
    CHECK(v.value() >= prev);  // never goes back, even across the 32-bit wrap
    prev = v.value();
    wrapped = prev > 0xFFFFFFFFull;
  }
  CHECK(wrapped);
  CHECK_OK(r.su.stop(r.all()));
  const uint32_t raw = r.su.read(2).value();
  CHECK(raw < 0xFFFFF000u);  // the 32-bit register did wrap
  CHECK_EQ(r.su.read64(2).value(), 0x100000000ull + raw);
}

SAFESU_TEST(overflow_hook_through_a_real_trap) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  CHECK_OK(r.su.on_overflow(0, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kOverflowLine, SafeSU::overflow_isr, &r.su));
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.set_overflow_irq(0, true));
  CHECK_OK(r.su.enable_overflow());
  CHECK_OK(r.su.write(0, 0xFFFFF000u));
  CHECK_OK(r.su.start(r.all()));
  wait_for(&calls.n, 1);
  // Keep running a while: the flag was cleared, so no second entry.
  board::irq_global_enable();
  for (int i = 0; i < 200; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_OK(r.su.stop(r.all()));
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.last_source, 0u);
  CHECK_EQ(harness::irq_entries(kOverflowLine), 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  CHECK_EQ(r.su.overflow_vector().value(), 0u);
  CHECK_EQ(r.model.overflow_flags(), 0u);
  // The unit kept running: counter 0 wrapped and the total lost nothing.
  CHECK(r.su.read(0).value() < 0xFFFFF000u);
  CHECK(r.su.read64(0).value() > 0xFFFFFFFFull);
}

SAFESU_TEST(mccu_budget_exhaustion_hook_and_refill) {
  constexpr uint32_t kBudget = 600000;
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  const unsigned cores = kLayout.n_cores;
  SafeSU::MccuLine lines[pmu::safesu::kMaxCores];
  for (unsigned c = 0; c < cores; ++c) {
    CHECK_OK(r.su.on_mccu(c, pmu::IrqCallback{count_call, &calls}));
    lines[c] = SafeSU::MccuLine{&r.su, c};
    CHECK(harness::attach_irq_handler(kMccuLine0 + c, SafeSU::mccu_isr, &lines[c]));
  }
  // Self-test 01: every MCCU input is active every cycle. Only core 1 has a
  // cost (inputs 2 and 3, weights 1 + 2 = 3 per cycle). The budget is large
  // against the hook's own run time, so a refilled core does not fire again
  // before the hook has returned.
  uint8_t w[12] = {0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0};
  CHECK_OK(r.su.set_weights(w, 2 * cores));
  CHECK_OK(r.su.set_budget(1, kBudget));
  CHECK_EQ(r.su.remaining_budget(1).value(), kBudget);
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.enable_mccu());
  const uint32_t left = r.su.remaining_budget(1).value();
  CHECK(left < kBudget);  // draining
  CHECK(left > 0u);
  wait_for(&calls.n, 1, 100000);
  CHECK_OK(r.su.disable_mccu());
  CHECK(calls.n >= 1u);
  CHECK_EQ(calls.sources, 1u << 1);  // only core 1, per-core lines
  CHECK_EQ(harness::irq_entries(kMccuLine0 + 1), calls.n);
  CHECK_EQ(harness::irq_entries(kMccuLine0), 0u);
  // The hook refilled the budget and cleared the sticky IRQ (a refill alone
  // would not, docs/hw/safesu.md §3.5).
  CHECK_EQ(r.model.irq_outputs(), 0u);
  const uint32_t refilled = r.su.remaining_budget(1).value();
  CHECK(refilled > 0u);
  CHECK(refilled <= kBudget);
  CHECK_EQ(r.model.mccu_remaining(0), 0u);  // cores without an update pulse: never loaded
}

SAFESU_TEST(rdc_threshold_watermark_and_hook) {
  Rig r;
  CHECK(r.mapped);
  // The application ends the long request when told (else the level line
  // re-fires as soon as the run length reaches the threshold again).
  struct RdcCtx {
    Calls calls;
    SafesuModel* model;
  } ctx{{0, 0, 0}, &r.model};
  Calls& calls = ctx.calls;
  auto on_input = [](void* c, unsigned input) {
    auto* x = static_cast<RdcCtx*>(c);
    count_call(&x->calls, input);
    x->model->set_event(40, false);
  };
  for (unsigned i = 0; i < kLayout.n_inputs; ++i)
    CHECK_OK(r.su.on_rdc(i, pmu::IrqCallback{on_input, &ctx}));
  CHECK(harness::attach_irq_handler(kRdcLine, SafeSU::rdc_isr, &r.su));
  // Input 3 counts SoC event 40; its threshold is 100 cycles.
  CHECK_OK(r.su.route(3, 40));
  CHECK_EQ(r.su.routed_event(3).value(), 40u);
  CHECK_OK(r.su.set_rdc_threshold(3, 100));
  CHECK_OK(r.su.enable_rdc());
  // Short pulses below the threshold do not fire (a handful of cycles).
  r.model.set_event(40, true);
  r.model.set_event(40, false);
  harness::poll();
  CHECK_EQ(calls.n, 0u);
  CHECK_EQ(r.su.rdc_vector().value(), 0u);
  // A long request: fires once the run length reaches 100.
  r.model.set_event(40, true);
  wait_for(&calls.n, 1);
  harness::poll();
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.sources, 1u << 3);  // per input, not per core
  CHECK_EQ(harness::irq_entries(kRdcLine), 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqRdc, 0u);
  // The hook's disable/enable toggle keeps the watermark.
  const auto wm = r.su.watermark(3);
  CHECK(wm.ok());
  CHECK(wm.value() >= 100u);
  CHECK_EQ(r.su.watermark(2).value(), 0u);
  CHECK_OK(r.su.reset_rdc());
  CHECK_EQ(r.su.watermark(3).value(), 0u);
  CHECK_OK(r.su.disable_rdc());
}

SAFESU_TEST(aliasing_and_unmapped_index_seen_through_the_bus) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_budget(0, 0x1234));
  const auto* alias = reinterpret_cast<volatile uint32_t*>(kBase + kLayout.window + kLayout.mccu_limits.offset);
  CHECK_EQ(*alias, 0x1234u);
  const auto* invalid = reinterpret_cast<volatile uint32_t*>(kBase + 4u * kLayout.total_nregs);
  CHECK_EQ(*invalid, 0xCAFE01A1u);
}

SAFESU_TEST(selftest_report_on_the_unit) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_overflow_mask(0x5));
  CHECK_OK(r.su.set_budget(0, 777));
  pmu::safesu::SelftestReport rep{};
  CHECK_OK(pmu::safesu::run_selftest(r.su, &rep));
  CHECK(rep.all_pass());
  CHECK(rep.count >= 4u);
  for (unsigned i = 0; i < rep.count; ++i)
    if (!rep.checks[i].pass)
      harness::printf("  selftest %s: expected 0x%x observed 0x%x\n", rep.checks[i].name,
                      static_cast<unsigned>(rep.checks[i].expected),
                      static_cast<unsigned>(rep.checks[i].observed));
  CHECK_EQ(r.model.read(kLayout.overflow_mask.offset, 4), 0x5u);  // restored
  CHECK_EQ(r.model.read(kLayout.mccu_limits.offset, 4), 777u);
  CHECK_EQ(r.model.irq_outputs(), 0u);
  CHECK_EQ(r.model.counter(0), 0u);
  pmu::safesu::SelftestReport* none = nullptr;
  const uint32_t before = r.model.accesses();
  CHECK(pmu::safesu::run_selftest(r.su, none) == pmu::Status::kBadArg);
  CHECK_EQ(r.model.accesses(), before);
}

// Issue 10 item 1 through a real trap: a preload of exactly 0xFFFFFFFF with
// its event active sets the flag from the write; the total must not gain a
// period the counter never made.
SAFESU_TEST(preload_all_ones_counts_no_extra_period) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  CHECK_OK(r.su.on_overflow(5, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kOverflowLine, SafeSU::overflow_isr, &r.su));
  CHECK_OK(r.su.set_overflow_irq(5, true));
  CHECK_OK(r.su.enable_overflow());
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.write(5, 0xFFFFFFFFu));  // counting off: the write alone sets the flag (§8)
  const uint64_t incs = r.model.increments(5);
  CHECK_OK(r.su.start(r.all()));
  wait_for(&calls.n, 1);
  CHECK_OK(r.su.stop(r.all()));
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  // Everything counted since the write, as the model counted it.
  const uint64_t total = r.su.read64(5).value();
  CHECK(total > 0xFFFFFFFFull);
  CHECK(total < 0x1FFFFFFFFull);
  CHECK_EQ(total - 0xFFFFFFFFull, r.model.increments(5) - incs);
}

// Issue 10 item 2 through a real trap: a counter parked on 0xFFFFFFFF (its
// event low, counting on) would re-latch its flag right after a plain clear;
// the hook clears it with counting frozen: one entry, the line low, and
// counting goes on exactly when the event comes.
SAFESU_TEST(parked_counter_hook_clears_for_good) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  CHECK_OK(r.su.on_overflow(2, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kOverflowLine, SafeSU::overflow_isr, &r.su));
  CHECK_OK(r.su.route(2, 33));
  CHECK_OK(r.su.set_overflow_irq(2, true));
  CHECK_OK(r.su.enable_overflow());
  CHECK_OK(r.su.start(r.all()));
  CHECK_OK(r.su.write(2, 0xFFFFFFFFu));
  const uint64_t before = r.su.read64(2).value();
  const uint64_t incs = r.model.increments(2);
  wait_for(&calls.n, 1);
  board::irq_global_enable();
  for (int i = 0; i < 200; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(harness::irq_entries(kOverflowLine), 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  CHECK_EQ(r.model.counter(2), 0u);  // moved off all ones
  r.model.set_event(33, true);
  harness::poll();
  r.model.set_event(33, false);
  CHECK_OK(r.su.stop(r.all()));
  CHECK(r.model.increments(2) > incs);
  CHECK_EQ(r.su.read64(2).value() - before, r.model.increments(2) - incs);
}

// Issue 10 items 4 and 5 on the target: a table naming an output twice, and
// a unit made with a base off the decode window, touch nothing.
SAFESU_TEST(refusals_touch_nothing) {
  Rig r;
  CHECK(r.mapped);
  const uint32_t traps = harness::mmio_traps();
  const pmu::safesu::Route twice[] = {{3, 1}, {3, 2}};
  CHECK(r.su.route_table(twice, 2) == Status::kBadArg);
  SafeSU misaligned{kBase + 4, kLayout};
  CHECK(!misaligned.usable());
  CHECK(misaligned.start(kLayout.counter_mask) == Status::kBadArg);
  CHECK(misaligned.read(0).status() == Status::kBadArg);
  CHECK(misaligned.handle_overflow_irq().status() == Status::kBadArg);
  CHECK_EQ(harness::mmio_traps(), traps);
}

// The build-time driver on the same unit: every offset an immediate, the
// same behaviour (the counting scenario, the overflow hook through a trap).
SAFESU_TEST(build_time_driver_counts_and_serves_the_hook) {
  Rig r;
  CHECK(r.mapped);
  static pmu::safesu::FixedSafeSU<kBase, kLayout> fixed;  // .bss
  static Callbacks callbacks;
  static Totals totals;
  CHECK_OK(fixed.attach_callbacks(&callbacks));
  CHECK_OK(fixed.track_totals(&totals));
  Calls calls{0, 0, 0};
  CHECK_OK(fixed.on_overflow(1, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kOverflowLine, decltype(fixed)::overflow_isr, &fixed));
  CHECK_OK(fixed.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(fixed.set_overflow_irq(1, true));
  CHECK_OK(fixed.enable_overflow());
  CHECK_OK(fixed.write(1, 0xFFFFF000u));
  const uint64_t incs = r.model.increments(1);
  CHECK_OK(fixed.start(fixed.all_counters()));
  wait_for(&calls.n, 1);
  CHECK_OK(fixed.stop(fixed.all_counters()));
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  CHECK_EQ(fixed.read64(1).value() - 0xFFFFF000u, r.model.increments(1) - incs);
  CHECK_OK(fixed.set_selftest_mode(SelftestMode::kNormal));
}

// A unit of 32 counters (N_COUNTERS at its limit): counter 31's flag is the
// vector's sign bit, which the overflow hook's snapshot carries sign-extended
// on rv64 (reg::read_wide). The hook, called once the flag is up, calls
// back with 31, returns bit 31 and leaves the line low.
SAFESU_TEST(overflow_hook_serves_counter_31_of_32) {
  static constexpr pmu::safesu::Layout k32 =
      pmu::safesu::make_layout(pmu::safesu::shipped_params(kUnit.cores, kUnit.events, 32));
  static_assert(k32.valid && k32.n_counters == 32 && k32.counter_mask == 0xFFFFFFFFu);
  SafesuModel::Config config = kModelConfig;
  config.n_counters = 32;
  SafesuModel model{config};
  CHECK(harness::map_mmio(kBase, SafesuModel::kWindowSize, &model, kWiring.lines, kWiring.count) != nullptr);
  SafeSU su{kBase, k32};
  CHECK(su.usable());
  Callbacks callbacks;
  CHECK_OK(su.attach_callbacks(&callbacks));
  Calls calls{0, 0, 0};
  CHECK_OK(su.on_overflow(31, pmu::IrqCallback{count_call, &calls}));
  CHECK_OK(su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(su.set_overflow_irq(31, true));
  CHECK_OK(su.enable_overflow());
  CHECK_OK(su.write(31, 0xFFFFF000u));
  CHECK_OK(su.start(su.all_counters()));
  for (int i = 0; i < 2000 && su.overflow_vector().value() == 0; ++i) harness::poll();
  CHECK_OK(su.stop(su.all_counters()));
  CHECK_EQ(su.overflow_vector().value(), 0x80000000u);
  const auto served = su.handle_overflow_irq();
  CHECK(served.ok());
  CHECK_EQ(served.value(), 0x80000000u);
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.last_source, 31u);
  CHECK_EQ(model.overflow_flags(), 0u);
  CHECK_EQ(model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  CHECK_OK(su.set_selftest_mode(SelftestMode::kNormal));
}
