// SPDX-License-Identifier: Apache-2.0
// safesu_profile: what does a workload do on core 0? Route SoC events to
// SafeSU counters through the crossbar, run the workload, print a table of
// counters with event names, and show the overflow hook firing on a counter
// preloaded just below 2^32.
#include "board.hpp"
#include "board_config.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "hook_log.hpp"
#include "pmu/report.hpp"
#include "pmu/safesu/safesu.hpp"
#include "safesu_unit.hpp"
#include "workload.hpp"

namespace {

using examples::ok;
using examples::print;
using examples::print_dec;
using examples::print_hex;
using pmu::safesu::SafeSU;
using examples::event_input;

SafeSU* g_su;  // the board's SafeSU (examples::safesu_unit()), set first in main
// The driver's opt-in state: this example uses the overflow callback and
// 64-bit totals.
pmu::safesu::Callbacks g_callbacks;
pmu::safesu::Totals g_totals;

// This example's routing plan: counter -> SoC event, by the event's name in
// the SoC's catalogue (examples::kEvents: SELENE's Table 2.1). Printed
// names come from the catalogue too.
struct Planned {
  uint8_t counter;
  uint16_t event;
};
constexpr Planned kPlan[] = {
    {0, event_input("const_high")},        // high every cycle: the cycle count
    {1, event_input("core0.inst_pipe0")},  // instructions, pipeline 0
    {2, event_input("core0.inst_pipe1")},  // instructions, pipeline 1
    {3, event_input("core0.icache_miss")},
    {4, event_input("core0.dcache_l1_miss")},
    {5, event_input("core0.branch_miss")},
    {6, event_input("const_high")},  // preloaded: wraps during the workload
    {7, event_input("core0.ccs_over_core1")},  // core 0 waits for core 1
    {8, event_input("const_low")},             // low every cycle: never counts
};
constexpr unsigned kN = sizeof(kPlan) / sizeof(kPlan[0]);
constexpr bool plan_in_catalogue() {
  for (const Planned& p : kPlan)
    if (p.event >= examples::kEvents.n_inputs) return false;
  return true;
}
static_assert(plan_in_catalogue(), "every planned event is named in the catalogue");
constexpr unsigned kWrapCounter = 6;
constexpr uint32_t kHeadroom = 20000;  // counts left before counter 6 wraps
constexpr uint32_t kPreload = 0xFFFFFFFFu - kHeadroom + 1;

examples::HookLog g_hook{0, 0};

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("safesu_profile: what does a workload do on core 0? (board ");
  print(board::name());
  print(")\n");
  g_su = &examples::safesu_unit();
  examples::require_catalogue_build();
  examples::attach_emulated_devices(examples::kSafesu);
  ok(g_su->attach_callbacks(&g_callbacks), "attach_callbacks");
  ok(g_su->track_totals(&g_totals), "track_totals");
  const auto& l = g_su->layout();
  print("SafeSU at ");
  print_hex(g_su->base());
  print(": ");
  print_dec(l.n_cores);
  print(" cores, ");
  print_dec(l.n_soc_ev);
  print(" SoC events, ");
  print_dec(l.n_counters);
  print(" counters of 32 bits (the driver extends them to 64)\n\n");

  // 1. The crossbar: one call writes the whole plan, each register once.
  pmu::safesu::Route routes[kN];
  for (unsigned i = 0; i < kN; ++i) routes[i] = {kPlan[i].counter, kPlan[i].event};
  ok(g_su->route_table(routes, kN), "route_table");
  print("routing plan (SoC events of ");
  print(examples::kEvents.soc);
  print(": ");
  print(examples::kEvents.source);
  print("):\n");
  for (const Planned& p : kPlan) {
    const auto back = g_su->routed_event(p.counter);
    print("  counter ");
    print_dec(p.counter, 2);
    print(" <- SoC event ");
    print_dec(p.event, 3);
    print("  ");
    print(examples::event_name(p.event));
    examples::expect(back.ok() && back.value() == p.event, "the crossbar to read back the plan");
    print("\n");
  }

  // 2. Counters to 0; counter 6 preloaded so that it wraps during the
  //    workload and the overflow hook has something to report.
  ok(g_su->stop(g_su->all_counters()), "stop");
  ok(g_su->reset(), "reset");
  ok(g_su->on_overflow(kWrapCounter, pmu::IrqCallback{examples::log_hook, &g_hook}), "on_overflow");
  const bool line = examples::attach_irq(examples::safesu_overflow_line(), SafeSU::overflow_isr, g_su);
  ok(g_su->set_overflow_irq(kWrapCounter, true), "set_overflow_irq");
  ok(g_su->enable_overflow(), "enable_overflow");
  ok(g_su->write(kWrapCounter, kPreload), "write");
  print("\ncounter 6 preloaded to ");
  print_hex(kPreload);
  print(": it wraps after ");
  print_dec(kHeadroom);
  print(" cycles, which raises the overflow interrupt\n");
  if (!line) print("(the overflow line is not known on this board: the loop calls the hook)\n");

  // 3. The workload, counting.
  print("workload: 300 rounds of compute (integer arithmetic), then 300 rounds of stream\n"
        "          (4 KiB buffer copy, 64 bytes a round), then 20 rounds of one long bus request\n");
  ok(g_su->start(g_su->all_counters()), "start");
  board::irq_global_enable();
  uint32_t check = examples::run_phase(examples::Phase::kCompute, 300);
  check += examples::run_phase(examples::Phase::kStream, 300);
  check += examples::run_phase(examples::Phase::kLongRequest, 20);
  if (!line) (void)g_su->handle_overflow_irq();
  board::irq_global_disable();
  ok(g_su->stop(g_su->all_counters()), "stop");
  print("          done (checksum ");
  print_hex(check);
  print(")\n\n");

  // 4. The table: 64-bit totals, named by the plan.
  pmu::report::Row rows[kN];
  for (unsigned i = 0; i < kN; ++i) {
    const auto v = g_su->read64(kPlan[i].counter);
    ok(v.status(), "read64");
    rows[i] = {kPlan[i].counter, examples::event_name(kPlan[i].event), v.ok() ? v.value() : 0};
  }
  ok(pmu::report::print(examples::console(), "SafeSU counters: cycles during which each event was high",
                        rows, kN, pmu::report::Format::kTable),
     "report::print");

  // 5. The hooks.
  print("\nhooks:\n  overflow: fired ");
  print_dec(g_hook.calls);
  print(g_hook.calls == 1 ? " time" : " times");
  if (g_hook.calls > 0) {
    print(", for counter ");
    print_dec(g_hook.source);
    print(" (");
    print(examples::event_name(kPlan[kWrapCounter].event));
    print(").\n            It passed 0xffffffff; the hook cleared the flag and the 64-bit\n"
          "            total carried on: ");
    print_dec(rows[kWrapCounter].value);
    print(" = 2^32 + ");
    print_dec(rows[kWrapCounter].value - (uint64_t{1} << 32));
  }
  print("\n  MCCU and RDC hooks: not armed here (see examples mccu_budget and rdc_latency)\n\n");

  // 6. What must hold whatever the exact numbers are. The emulated SoC
  //    raises one I-cache miss per phase, one branch miss per compute round
  //    and one D-cache miss per stream round (docs/examples.md); on silicon
  //    only the relations hold.
  const uint64_t cycles = rows[0].value;
  examples::expect(g_hook.calls == 1 && g_hook.source == kWrapCounter,
                   "the overflow hook once, for counter 6");
  examples::expect(rows[kWrapCounter].value > 0xFFFFFFFFull, "counter 6's total past 2^32");
  examples::expect(rows[1].value > 0 && rows[2].value > 0, "instructions counted on both pipelines");
  bool below_cycles = true;
  for (unsigned i = 1; i < kN; ++i) below_cycles &= i == kWrapCounter || rows[i].value <= cycles;
  examples::expect(below_cycles, "no event counted more often than cycles");
  examples::expect(rows[8].value == 0, "const_low never counted");
  examples::expect(rows[3].value > 0 && rows[4].value > 0 && rows[5].value > 0 && rows[7].value > 0,
                   "misses and contention counted");
  if (examples::kEmulated)
    examples::expect(rows[3].value == 3 && rows[4].value == 300 && rows[5].value == 300,
                     "the emulated SoC's misses: 3 I-cache, 300 D-cache, 300 branch");
  return examples::verdict("routed 9 counters, counted the workload, overflow hook fired once");
}
