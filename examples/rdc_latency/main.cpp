// SPDX-License-Identifier: Apache-2.0
// rdc_latency: how long do core 0's bus requests last? The SafeSU RDC
// measures, per MCCU input, the longest run of cycles its event stayed high
// (the watermark) and raises its interrupt when a run reaches the input's
// threshold. Short requests stay below; one long request fires the RDC hook.
#include "board.hpp"
#include "board_config.hpp"
#include "console.hpp"
#include "devices.hpp"
#include "pmu/report.hpp"
#include "pmu/safesu/safesu.hpp"
#include "safesu_unit.hpp"
#include "pmu_sim/soc_events.hpp"
#include "workload.hpp"

namespace {

using examples::ok;
using examples::print;
using examples::print_dec;
using pmu::safesu::SafeSU;
namespace soc = pmu_sim::soc;

SafeSU* g_su;  // the board's SafeSU (examples::safesu_unit()), set first in main
pmu::safesu::Callbacks g_callbacks;  // the RDC callbacks live here

// This example's plan for core 0's two inputs, with per-input thresholds
// (cycles; the same 8-bit register as the MCCU weight).
struct Input {
  uint8_t input;
  uint16_t event;
  uint8_t threshold;
  const char* name;
};
constexpr Input kPlan[] = {
    {0, soc::bus_request(0), 100, "core0.bus_request (threshold 100)"},
    {1, soc::kCpu0DcacheMiss, 250, "core0.dcache_miss_stall (threshold 250)"},
};
constexpr unsigned kN = sizeof(kPlan) / sizeof(kPlan[0]);

struct Hook {
  volatile uint32_t calls;
  volatile uint32_t inputs;  // bit per input seen
};
Hook g_hook{0, 0};
void on_long_run(void* ctx, unsigned input) {
  auto* h = static_cast<Hook*>(ctx);
  h->calls = h->calls + 1;
  h->inputs = h->inputs | (1u << input);
}

void print_watermarks(const char* title) {
  pmu::report::Row rows[kN];
  for (unsigned i = 0; i < kN; ++i) {
    const auto wm = g_su->watermark(kPlan[i].input);
    ok(wm.status(), "watermark");
    rows[i] = {kPlan[i].input, kPlan[i].name, wm.ok() ? wm.value() : 0u};
  }
  ok(pmu::report::print(examples::console(), title, rows, kN, pmu::report::Format::kTable), "report::print");
}

}  // namespace

int main() {
  print("rdc_latency: request durations with the SafeSU RDC (board ");
  print(board::name());
  print(")\n");
  g_su = &examples::safesu_unit();
  ok(g_su->attach_callbacks(&g_callbacks), "attach_callbacks");
  examples::attach_emulated_devices(examples::kSafesu);

  pmu::safesu::Route routes[kN];
  for (unsigned i = 0; i < kN; ++i) {
    routes[i] = {kPlan[i].input, kPlan[i].event};
    ok(g_su->set_rdc_threshold(kPlan[i].input, kPlan[i].threshold), "set_rdc_threshold");
    ok(g_su->on_rdc(kPlan[i].input, pmu::IrqCallback{on_long_run, &g_hook}), "on_rdc");
  }
  ok(g_su->route_table(routes, kN), "route_table");
  const bool line = examples::attach_irq(examples::safesu_rdc_line(), SafeSU::rdc_isr, g_su);  // the driver's ISR adapter
  if (!line) print("(the RDC line is not known on this board: the loop calls the hook)\n");

  const pmu::Status en = g_su->enable_rdc();
  if (en == pmu::Status::kUnavailable) print("this RTL's RDC cannot be enabled (old 4-core build)\n");
  ok(en, "enable_rdc");
  board::irq_global_enable();

  // Short requests: 200 rounds of streaming, a short request every other round.
  (void)examples::run_phase(examples::Phase::kStream, 200);
  if (!line) (void)g_su->handle_rdc_irq();
  const uint32_t calls_short = g_hook.calls;
  print("\n200 rounds of stream (short bus requests): RDC hook fired ");
  print_dec(calls_short);
  print(" times\n");
  print_watermarks("watermarks (longest run of cycles, 8 bits: saturates at 255)");
  const auto wm_short = g_su->watermark(0);

  // One long request: stop as soon as the hook reports it.
  unsigned rounds = 0;
  (void)examples::run_phase(examples::Phase::kLongRequest, 200, &g_hook.calls, &rounds);
  if (!line) (void)g_su->handle_rdc_irq();
  board::irq_global_disable();
  print("\none long bus request: RDC hook fired ");
  print_dec(g_hook.calls - calls_short);
  print(g_hook.calls - calls_short == 1 ? " time" : " times");
  print(" after ");
  print_dec(rounds);
  print(" rounds, for input(s) mask ");
  examples::print_hex(g_hook.inputs, 2);
  print("\n  why: core 0's request stayed high for 100 cycles, input 0's threshold;\n"
        "  the hook toggled the RDC to clear its interrupt and kept the watermarks.\n");
  print_watermarks("watermarks after the long request");
  const auto wm_long = g_su->watermark(0);
  ok(g_su->disable_rdc(), "disable_rdc");

  examples::expect(calls_short == 0, "no RDC hook for short requests");
  examples::expect(wm_short.ok() && wm_short.value() > 0 && wm_short.value() < 100,
                   "short requests' watermark between 1 and 99");
  examples::expect(g_hook.calls >= 1 && g_hook.inputs == 1u, "the RDC hook for input 0 only");
  examples::expect(wm_long.ok() && wm_long.value() >= 100, "input 0's watermark at or above its threshold");
  return examples::verdict("short requests stayed under the threshold, the long one fired the RDC hook");
}
