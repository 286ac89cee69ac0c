// SPDX-License-Identifier: Apache-2.0
// cm_perf: Coherence Manager traffic with the CM GCR perf counters: P0
// counts requests, P1 read-data usage, plus the cycle counter; P0 is
// preloaded just below 2^32 so its overflow hook fires.
#include "board.hpp"
#include "board_config.hpp"
#include "cm_unit.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "hook_log.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu/report.hpp"
#include "workload.hpp"

namespace {

using examples::ok;
using examples::print;
using examples::print_dec;
using pmu::cm::Counter;
namespace event = pmu::cm::event;

pmu::cm::Perf g_perf{examples::kCmInstance.gcr_base, examples::kCmInstance.perf_block};
constexpr uint32_t kHeadroom = 5000;

examples::HookLog g_hook{0, 0};
void cm_line(void* perf) { (void)static_cast<pmu::cm::Perf*>(perf)->handle_overflow_irq(); }

}  // namespace

int main() {
  print("cm_perf: Coherence Manager traffic (board ");
  print(board::name());
  print(")\n");
  examples::attach_emulated_devices(examples::kCm);
  ok(g_perf.probe(), "probe");
  ok(g_perf.program(Counter::kP0, event::kRequestCount, 0), "program P0");
  ok(g_perf.program(Counter::kP1, event::kReadDataUsage, 0), "program P1");
  ok(g_perf.on_overflow(Counter::kP0, pmu::IrqCallback{examples::log_hook, &g_hook}), "on_overflow");
  const bool line = examples::attach_irq(examples::kCmLine, cm_line, &g_perf);
  if (!line) print("(CM_PCInt is not wired on this board: the loop calls the hook)\n");
  ok(g_perf.set_interrupt_enable(true), "set_interrupt_enable");
  ok(g_perf.reset(pmu::cm::kAll), "reset");
  ok(g_perf.preload(Counter::kP0, 0xFFFFFFFFu - kHeadroom + 1), "preload");
  print("P0 preloaded 5000 counts below 2^32 to show the overflow hook\n");
  ok(g_perf.start(pmu::cm::kAll), "start");
  board::irq_global_enable();
  (void)examples::run_phase(examples::Phase::kCompute, 200);
  (void)examples::run_phase(examples::Phase::kStream, 300);
  if (!line) (void)g_perf.handle_overflow_irq();
  board::irq_global_disable();
  ok(g_perf.stop(pmu::cm::kAll), "stop");
  print("workload: 200 rounds of compute, 300 rounds of stream (4 KiB copy)\n\n");

  pmu::report::Row rows[3] = {
      {0, "P0: request count", g_perf.read64(Counter::kP0).value()},
      {1, "P1: read-data usage", g_perf.read64(Counter::kP1).value()},
      {2, "cycles", g_perf.read64(Counter::kCycle).value()},
  };
  ok(pmu::report::print(examples::console(), "CM perf counters (64-bit totals)", rows, 3,
                        pmu::report::Format::kTable),
     "report::print");
  print("\nhooks:\n  overflow: fired ");
  print_dec(g_hook.calls);
  print(g_hook.calls == 1 ? " time" : " times");
  print(", for counter ");
  print_dec(g_hook.source);
  print(" (P0): it wrapped past 0xffffffff after 5000 requests;\n"
        "            the hook cleared PC_OV. The 64-bit totals count events since the\n"
        "            reset (a preload moves the wrap point, not the total)\n\n");
  examples::expect(g_hook.calls == 1 && g_hook.source == 0, "the overflow hook once, for P0");
  examples::expect(rows[0].value >= kHeadroom, "P0 past its 5000-count headroom");
  examples::expect(rows[1].value > 0 && rows[2].value > rows[1].value, "read-data usage below cycles");
  return examples::verdict("CM counters counted the workload, P0's overflow hook fired once");
}
