// SPDX-License-Identifier: Apache-2.0
// mccu_budget: give every core a contention budget with the SafeSU MCCU,
// let core 0 (this core) exhaust its own with a memory-bound loop, and show
// the per-core MCCU hook firing and refilling the budget.
//
// MCCU inputs 2c and 2c+1 belong to core c; each cycle an input's event is
// high costs its weight. Here they count core c's first two contention cycle
// stack signals of the SoC's catalogue ("Cc over Cj": core c waits for core
// j; SELENE's Table 2.1), as SELENE's own MCCU example routes contention
// events to the MCCU inputs.
#include "board.hpp"
#include "board_config.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "pmu/report.hpp"
#include "pmu/safesu/safesu.hpp"
#include "safesu_unit.hpp"
#include "workload.hpp"

namespace {

using examples::ok;
using examples::print;
using examples::print_dec;
using pmu::safesu::EventType;
using pmu::safesu::SafeSU;

SafeSU* g_su;  // the board's SafeSU (examples::safesu_unit()), set first in main
pmu::safesu::Callbacks g_callbacks;  // the MCCU callbacks live here
constexpr unsigned kMaxCores = pmu::safesu::kMaxCores;
// What each core's MCCU line hands the driver's ISR adapter: unit and core.
SafeSU::MccuLine g_lines[kMaxCores];
// Large against the hook's own run time (on QEMU the model also sees the
// emulation of the hook's accesses), so a refilled core does not run dry
// again before the hook has returned.
constexpr uint32_t budget_of(unsigned core) { return 200000 + 100000 * core; }
// Weight per cycle of core c's first and second contention signal.
constexpr uint8_t kWeights[2] = {32, 16};

struct Hook {
  volatile uint32_t calls;
  volatile uint32_t cores;  // bit per core seen
  volatile uint32_t first_core;
};
Hook g_hook{0, 0, 0};
void on_exhausted(void* ctx, unsigned core) {
  auto* h = static_cast<Hook*>(ctx);
  if (h->calls == 0) h->first_core = core;
  h->calls = h->calls + 1;
  h->cores = h->cores | (1u << core);
}

void print_budgets(const char* title) {
  static const char* const kNames[kMaxCores] = {"core 0 remaining", "core 1 remaining",
                                                "core 2 remaining", "core 3 remaining",
                                                "core 4 remaining", "core 5 remaining"};
  pmu::report::Row rows[kMaxCores];
  const unsigned n = g_su->layout().n_cores;
  for (unsigned c = 0; c < n; ++c) {
    const auto left = g_su->remaining_budget(c);
    ok(left.status(), "remaining_budget");
    rows[c] = {c, kNames[c], left.ok() ? left.value() : 0};
  }
  ok(pmu::report::print(examples::console(), title, rows, n, pmu::report::Format::kTable), "report::print");
}

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("mccu_budget: per-core contention budgets with the SafeSU MCCU (board ");
  print(board::name());
  print(")\n");
  g_su = &examples::safesu_unit();
  examples::require_catalogue_build();
  examples::attach_emulated_devices(examples::kSafesu);
  ok(g_su->attach_callbacks(&g_callbacks), "attach_callbacks");
  const unsigned cores = g_su->layout().n_cores;

  // Inputs 2c / 2c+1 <- core c's first / second contention signal.
  pmu::safesu::Route routes[2 * kMaxCores];
  uint8_t weights[2 * kMaxCores];
  print("plan (SoC events of ");
  print(examples::kEvents.soc);
  print("):\n");
  for (unsigned c = 0; c < cores; ++c) {
    for (unsigned k = 0; k < 2; ++k) {
      const unsigned input = 2 * c + k;
      const auto e = pmu::safesu::nth_event(examples::kEvents, EventType::kContention, c, k);
      ok(e.status(), "nth_event");
      routes[input] = {static_cast<uint8_t>(input), e.ok() ? e.value().index : uint16_t{0xFFFF}};
      weights[input] = kWeights[k];
      print("  input ");
      print_dec(input, 2);
      print(" <- SoC event ");
      print_dec(routes[input].event, 3);
      print("  ");
      print(e.ok() ? e.value().name : "?");
      print(", weight ");
      print_dec(kWeights[k]);
      print(" per cycle\n");
    }
  }
  ok(g_su->route_table(routes, 2 * cores), "route_table");
  ok(g_su->set_weights(weights, 2 * cores), "set_weights");

  bool polled = false;
  for (unsigned c = 0; c < cores; ++c) {
    ok(g_su->set_budget(c, budget_of(c)), "set_budget");
    ok(g_su->on_mccu(c, pmu::IrqCallback{on_exhausted, &g_hook}), "on_mccu");
    // The board's handler of core c's MCCU line is the driver's ISR adapter;
    // its context names the core (callback, then refill per the default
    // policy kRefill).
    g_lines[c] = SafeSU::MccuLine{g_su, c};
    polled |= !examples::attach_irq(examples::safesu_mccu_line(c), SafeSU::mccu_isr, &g_lines[c]);
  }
  if (polled) print("(an MCCU line is not known on this board: the loop calls the hook)\n");
  ok(g_su->enable_mccu(), "enable_mccu");
  board::irq_global_enable();
  print_budgets("\nbudgets set (core c: 200000 + 100000 x c weighted cycles)");

  // Compute only: no bus traffic, nothing is charged.
  (void)examples::run_phase(examples::Phase::kCompute, 100);
  print_budgets("\nafter 100 rounds of compute on core 0 (no contention: nothing charged)");

  // Memory-bound on core 0 until its budget runs out (at most 5000 rounds).
  unsigned rounds = 0;
  print("\ncore 0 now streams a buffer while cores 1 and 2 stream too, until the MCCU stops it...\n");
  for (unsigned i = 0; i < 5000 && g_hook.calls == 0; i += 10) {
    unsigned done = 0;
    (void)examples::run_phase(examples::Phase::kStream, 10, &g_hook.calls, &done);
    rounds += done;
    if (polled) {
      const auto left = g_su->remaining_budget(0);
      if (left.ok() && left.value() == 0) (void)g_su->handle_mccu_irq(0);
    }
  }
  board::irq_global_disable();

  print("MCCU hook: fired ");
  print_dec(g_hook.calls);
  print(g_hook.calls == 1 ? " time" : " times");
  print(", for core ");
  print_dec(g_hook.first_core);
  print(" after ");
  print_dec(rounds);
  print(" rounds of streaming.\n"
        "  why: each cycle core 0 waited for core 1 or 2 cost the weight of that signal;\n"
        "  its remaining budget could not pay for the next weighted cycle, so the\n"
        "  MCCU raised core 0's own interrupt line (the other cores' lines stayed low).\n"
        "  refill: the hook reloaded core 0's limit and cleared the sticky interrupt\n"
        "  (policy kRefill), so core 0 may run on with a fresh budget.\n");
  print_budgets("\nafter the hook");
  ok(g_su->disable_mccu(), "disable_mccu");

  examples::expect(g_hook.calls >= 1 && g_hook.first_core == 0 && g_hook.cores == 1u,
                   "the MCCU hook for core 0 only");
  const auto left0 = g_su->remaining_budget(0);
  examples::expect(left0.ok() && left0.value() > 0 && left0.value() <= budget_of(0),
                   "core 0 refilled");
  for (unsigned c = 1; c < cores; ++c) {
    const auto left = g_su->remaining_budget(c);
    examples::expect(left.ok() && left.value() == budget_of(c), "the other cores' budgets untouched");
  }
  return examples::verdict("core 0 exhausted its budget, its hook fired and refilled it; other cores untouched");
}
