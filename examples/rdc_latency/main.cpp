// SPDX-License-Identifier: Apache-2.0
// rdc_latency: how long does core 0 wait for the other cores? The SafeSU RDC
// measures, per MCCU input, the longest run of cycles its event stayed high
// (the watermark) and raises its interrupt when a run reaches the input's
// threshold. It is made for contention cycle stack signals (high while a
// wait lasts): core 0's "C0 over C1" and "C0 over C2" of the SoC's
// catalogue. Short waits stay below; one long wait fires the RDC hook.
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
using examples::event_input;
using pmu::safesu::SafeSU;

SafeSU* g_su;  // the board's SafeSU (examples::safesu_unit()), set first in main
pmu::safesu::Callbacks g_callbacks;  // the RDC callbacks live here

// This example's plan for core 0's two inputs, by catalogue name, with
// per-input thresholds (cycles; the same 8-bit register as the MCCU weight).
struct Input {
  uint8_t input;
  uint16_t event;
  uint8_t threshold;
};
constexpr Input kPlan[] = {
    {0, event_input("core0.ccs_over_core1"), 100},  // core 0 waits for core 1
    {1, event_input("core0.ccs_over_core2"), 250},  // core 0 waits for core 2
};
static_assert(kPlan[0].event < examples::kEvents.n_inputs && kPlan[1].event < examples::kEvents.n_inputs,
              "both planned events are named in the catalogue");
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
    rows[i] = {kPlan[i].input, examples::event_name(kPlan[i].event), wm.ok() ? wm.value() : 0u};
  }
  ok(pmu::report::print(examples::console(), title, rows, kN, pmu::report::Format::kTable), "report::print");
}

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("rdc_latency: how long core 0 waits for other cores, with the SafeSU RDC (board ");
  print(board::name());
  print(")\n");
  g_su = &examples::safesu_unit();
  examples::require_catalogue_build();
  ok(g_su->attach_callbacks(&g_callbacks), "attach_callbacks");
  examples::attach_emulated_devices(examples::kSafesu);
  print("plan (SoC events of ");
  print(examples::kEvents.soc);
  print("):\n");
  for (const Input& in : kPlan) {
    print("  input ");
    print_dec(in.input);
    print(" <- SoC event ");
    print_dec(in.event, 3);
    print("  ");
    print(examples::event_name(in.event));
    print(", threshold ");
    print_dec(in.threshold);
    print(" cycles\n");
  }

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

  // Short waits: 200 rounds of streaming, cores 1 and 2 streaming too.
  (void)examples::run_phase(examples::Phase::kStream, 200);
  if (!line) (void)g_su->handle_rdc_irq();
  const uint32_t calls_short = g_hook.calls;
  print("\n200 rounds of stream (short waits for cores 1 and 2): RDC hook fired ");
  print_dec(calls_short);
  print(" times\n");
  print_watermarks("watermarks (longest run of cycles, 8 bits: saturates at 255)");
  const auto wm_short = g_su->watermark(0);

  // One long wait (core 1 holds a locked burst): stop as soon as the hook
  // reports it.
  unsigned rounds = 0;
  (void)examples::run_phase(examples::Phase::kLongRequest, 200, &g_hook.calls, &rounds);
  if (!line) (void)g_su->handle_rdc_irq();
  board::irq_global_disable();
  print("\none long wait for core 1's locked burst: RDC hook fired ");
  print_dec(g_hook.calls - calls_short);
  print(g_hook.calls - calls_short == 1 ? " time" : " times");
  print(" after ");
  print_dec(rounds);
  print(" rounds, for input(s) mask ");
  examples::print_hex(g_hook.inputs, 2);
  print("\n  why: core 0 waited for core 1 for 100 cycles, input 0's threshold;\n"
        "  the hook toggled the RDC to clear its interrupt and kept the watermarks.\n");
  print_watermarks("watermarks after the long wait");
  const auto wm_long = g_su->watermark(0);
  ok(g_su->disable_rdc(), "disable_rdc");

  examples::expect(calls_short == 0, "no RDC hook for short waits");
  examples::expect(wm_short.ok() && wm_short.value() > 0 && wm_short.value() < 100,
                   "short waits' watermark between 1 and 99");
  examples::expect(g_hook.calls >= 1 && g_hook.inputs == 1u, "the RDC hook for input 0 only");
  examples::expect(wm_long.ok() && wm_long.value() >= 100, "input 0's watermark at or above its threshold");
  return examples::verdict("short waits stayed under the threshold, the long one fired the RDC hook");
}
