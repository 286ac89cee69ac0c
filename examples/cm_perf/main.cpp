// SPDX-License-Identifier: Apache-2.0
// cm_perf: Coherence Manager traffic with the CM GCR perf counters: P0
// counts requests, P1 read-data usage, plus the cycle counter; P0 is
// preloaded just below 2^32 so its overflow hook fires. The GCR base is
// board data known at build time, so the example uses the compile-time path
// (FixedPerf: every register address is an immediate), with caller-provided
// storage for the callbacks and the 64-bit totals.
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
using pmu::cm::kAllMask;
using pmu::cm::kCycleCounter;
using pmu::cm::kP0Counter;
using pmu::cm::kP1Counter;
namespace event = pmu::cm::event;

using CmPerf = pmu::cm::FixedPerf<examples::kCmInstance.gcr_base, examples::kCmInstance.perf_block>;
CmPerf g_perf;
pmu::cm::Callbacks g_callbacks;
pmu::cm::Totals g_totals;
constexpr uint32_t kHeadroom = 5000;

examples::HookLog g_hook{0, 0};

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("cm_perf: Coherence Manager traffic (board ");
  print(board::name());
  print(")\n");
  examples::attach_emulated_devices(examples::kCm);
  g_perf.attach_callbacks(&g_callbacks);
  g_perf.track_totals(&g_totals);
  ok(g_perf.probe(), "probe");
  ok(g_perf.program(kP0Counter, event::kRequestCount, 0), "program P0");
  ok(g_perf.program(kP1Counter, event::kReadDataUsage, 0), "program P1");
  ok(g_perf.on_overflow(kP0Counter, pmu::IrqCallback{examples::log_hook, &g_hook}), "on_overflow");
  // The unit's own ISR adapter is the handler, the unit its argument.
  const bool line = examples::attach_irq(examples::kCmLine, &CmPerf::overflow_isr, &g_perf);
  if (!line) print("(CM_PCInt is not wired on this board: the loop calls the hook)\n");
  ok(g_perf.set_interrupt_enable(true), "set_interrupt_enable");
  ok(g_perf.reset(kAllMask), "reset");
  ok(g_perf.preload(kP0Counter, 0xFFFFFFFFu - kHeadroom + 1), "preload");
  print("P0 preloaded 5000 counts below 2^32 to show the overflow hook\n");
  ok(g_perf.start(kAllMask), "start");
  board::irq_global_enable();
  (void)examples::run_phase(examples::Phase::kCompute, 200);
  (void)examples::run_phase(examples::Phase::kStream, 300);
  if (!line) (void)g_perf.handle_overflow_irq();
  board::irq_global_disable();
  ok(g_perf.stop(kAllMask), "stop");
  print("workload: 200 rounds of compute, 300 rounds of stream (4 KiB copy)\n\n");

  // Rows by counter index (the GCR_DB_PC_OV bit): 0 cycles, 1 P0, 2 P1.
  pmu::report::Row rows[3] = {
      {kCycleCounter, "cycles", g_perf.read64(kCycleCounter).value()},
      {kP0Counter, "P0: request count", g_perf.read64(kP0Counter).value()},
      {kP1Counter, "P1: read-data usage", g_perf.read64(kP1Counter).value()},
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
  examples::expect(g_hook.calls == 1 && g_hook.source == kP0Counter, "the overflow hook once, for P0");
  examples::expect(rows[1].value >= kHeadroom, "P0 past its 5000-count headroom");
  examples::expect(rows[2].value > 0 && rows[0].value > rows[2].value, "read-data usage below cycles");
  return examples::verdict("CM counters counted the workload, P0's overflow hook fired once");
}
