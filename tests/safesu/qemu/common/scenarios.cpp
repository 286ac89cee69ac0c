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
using pmu::safesu::SafeSU;
using pmu::safesu::SelftestMode;

// One unit: the model mapped at the board's address and a driver object.
struct Rig {
  SafesuModel model{kModelConfig};
  SafeSU su{kBase, kLayout};
  bool mapped = false;
  Rig() {
    mapped = harness::map_mmio(kBase, SafesuModel::kWindowSize, &model, kWiring.lines, kWiring.count) != nullptr;
  }
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

void on_overflow_line(void* ctx) { (void)static_cast<Rig*>(ctx)->su.handle_overflow_irq(); }
void on_rdc_line(void* ctx) { (void)static_cast<Rig*>(ctx)->su.handle_rdc_irq(); }
// An MCCU line's context names its core: the handler is not told the line.
struct MccuLine {
  Rig* rig;
  unsigned core;
};
void on_mccu_line(void* ctx) {
  const auto* m = static_cast<const MccuLine*>(ctx);
  (void)m->rig->su.handle_mccu_irq(m->core);
}

}  // namespace safesu_suite

using namespace safesu_suite;

// TEST_CASE stringizes its unit argument: expand SAFESU_UNIT first.
#define SAFESU_TEST2(unit, name) TEST_CASE(unit, name)
#define SAFESU_TEST(name) SAFESU_TEST2(SAFESU_UNIT, name)

SAFESU_TEST(count_with_selftest_all_ones) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.reset_counters());
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.enable_counters());
  uint32_t prev = 0;
  for (int i = 0; i < 5; ++i) {
    const auto v = r.su.read_counter(3);
    CHECK(v.ok());
    CHECK(v.value() > prev);  // counts every cycle: strictly increasing
    prev = v.value();
  }
  CHECK_OK(r.su.disable_counters());
  // Counting off: the values are deterministic, and every counter has seen
  // the same cycles (writes freeze all of them alike).
  uint32_t snap[24] = {};
  const uint32_t reads = r.model.reads();
  CHECK_OK(r.su.read_counters(snap, 24));
  CHECK_EQ(r.model.reads() - reads, 24u);  // snapshot: one access per counter
  CHECK(snap[0] > prev);
  for (unsigned k = 1; k < 24; ++k) CHECK_EQ(snap[k], snap[0]);
  const auto again = r.su.read_counter(23);
  CHECK(again.ok());
  CHECK_EQ(again.value(), snap[0]);
  CHECK_EQ(r.model.counter(23), snap[0]);
}

SAFESU_TEST(selftest_modes_zeros_and_output0) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.reset_counters());
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllZeros));
  CHECK_OK(r.su.enable_counters());
  harness::poll();
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kOnlyOutput0));
  harness::poll();
  CHECK_OK(r.su.disable_counters());
  CHECK(r.su.read_counter(0).value() > 0u);
  CHECK_EQ(r.su.read_counter(1).value(), 0u);
  CHECK_EQ(r.su.read_counter(23).value(), 0u);
}

SAFESU_TEST(soft_reset_leaves_zero) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.enable_counters());
  harness::poll();
  CHECK_OK(r.su.disable_counters());
  CHECK(r.su.read_counter(5).value() > 0u);
  CHECK_OK(r.su.reset_counters());  // counting off: exactly 0 everywhere
  uint32_t snap[24] = {};
  CHECK_OK(r.su.read_counters(snap, 24));
  for (unsigned k = 0; k < 24; ++k) CHECK_EQ(snap[k], 0u);
  // While counting, the RTL's shadow would leave counters at 1 and a
  // back-to-back pulse would not reset at all (facts 3.2): the driver's
  // reset must still restart from 0, so afterwards a counter holds at most
  // the cycles that passed since the reset began.
  CHECK_OK(r.su.write_counter(0, 0x80000000u));
  CHECK_OK(r.su.enable_counters());
  harness::poll();
  const uint64_t t0 = board::cycles();
  CHECK_OK(r.su.reset_counters());
  CHECK_OK(r.su.disable_counters());
  const uint64_t elapsed = board::cycles() - t0;
  const uint32_t after = r.su.read_counter(0).value();
  CHECK(after <= elapsed);
  CHECK(after < 0x80000000u);
}

SAFESU_TEST(counter_wraps_and_64bit_total_keeps_counting) {
  Rig r;
  CHECK(r.mapped);
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.write_counter(2, 0xFFFFF000u));
  CHECK_OK(r.su.enable_counters());
  uint64_t prev = 0xFFFFF000u;
  bool wrapped = false;
  for (int i = 0; i < 2000 && !wrapped; ++i) {
    const auto v = r.su.read_counter64(2);
    CHECK(v.ok());
    CHECK(v.value() >= prev);  // never goes back, even across the 32-bit wrap
    prev = v.value();
    wrapped = prev > 0xFFFFFFFFull;
  }
  CHECK(wrapped);
  CHECK_OK(r.su.disable_counters());
  const uint32_t raw = r.su.read_counter(2).value();
  CHECK(raw < 0xFFFFF000u);  // the 32-bit register did wrap
  CHECK_EQ(r.su.read_counter64(2).value(), 0x100000000ull + raw);
}

SAFESU_TEST(overflow_hook_through_a_real_trap) {
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  CHECK_OK(r.su.on_overflow(0, pmu::IrqCallback{count_call, &calls}));
  CHECK(harness::attach_irq_handler(kOverflowLine, on_overflow_line, &r));
  CHECK_OK(r.su.set_selftest_mode(SelftestMode::kAllOnes));
  CHECK_OK(r.su.set_overflow_irq(0, true));
  CHECK_OK(r.su.enable_overflow());
  CHECK_OK(r.su.write_counter(0, 0xFFFFF000u));
  CHECK_OK(r.su.enable_counters());
  wait_for(&calls.n, 1);
  // Keep running a while: the flag was cleared, so no second entry.
  board::irq_global_enable();
  for (int i = 0; i < 200; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_OK(r.su.disable_counters());
  CHECK_EQ(calls.n, 1u);
  CHECK_EQ(calls.last_source, 0u);
  CHECK_EQ(harness::irq_entries(kOverflowLine), 1u);
  CHECK_EQ(r.model.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  CHECK_EQ(r.su.overflow_vector().value(), 0u);
  CHECK_EQ(r.model.overflow_flags(), 0u);
  // The unit kept running: counter 0 wrapped and the total lost nothing.
  CHECK(r.su.read_counter(0).value() < 0xFFFFF000u);
  CHECK(r.su.read_counter64(0).value() > 0xFFFFFFFFull);
}

SAFESU_TEST(mccu_budget_exhaustion_hook_and_refill) {
  constexpr uint32_t kBudget = 600000;
  Rig r;
  CHECK(r.mapped);
  Calls calls{0, 0, 0};
  const unsigned cores = kLayout.n_cores;
  MccuLine lines[pmu::safesu::kMaxCores];
  for (unsigned c = 0; c < cores; ++c) {
    lines[c] = MccuLine{&r, c};
    CHECK_OK(r.su.on_mccu(c, pmu::IrqCallback{count_call, &calls}));
    CHECK(harness::attach_irq_handler(kMccuLine0 + c, on_mccu_line, &lines[c]));
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
  // would not, facts 3.5).
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
  CHECK(harness::attach_irq_handler(kRdcLine, on_rdc_line, &r));
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
  const auto* alias =
      reinterpret_cast<volatile uint32_t*>(kBase + 0x100 + 4u * kLayout.mccu_limits);
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
  CHECK_EQ(r.model.read(4u * kLayout.overflow_mask, 4), 0x5u);  // restored
  CHECK_EQ(r.model.read(4u * kLayout.mccu_limits, 4), 777u);
  CHECK_EQ(r.model.irq_outputs(), 0u);
  CHECK_EQ(r.model.counter(0), 0u);
  pmu::safesu::SelftestReport* none = nullptr;
  const uint32_t before = r.model.accesses();
  CHECK(pmu::safesu::run_selftest(r.su, none) == pmu::Status::kBadArg);
  CHECK_EQ(r.model.accesses(), before);
}
