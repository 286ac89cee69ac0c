// SPDX-License-Identifier: Apache-2.0
// ame_events: the XiangShan CUTE matrix unit's AME counters (custom CSRs)
// around a tile-multiply phase, with the AME overflow hook on a counter
// preloaded just below 2^64.
#define PMU_EXAMPLE_AME 1
#include "board.hpp"
#include "console.hpp"
#include "csr_unit.hpp"
#include "devices.hpp"
#include "hook_log.hpp"
#include "pmu/report.hpp"
#include "pmu/riscv/ame.hpp"
#include "workload.hpp"

namespace {
using examples::ok;
using examples::print;
using examples::print_dec;
namespace ame = pmu::riscv::ame;

ame::AmeCounters g_ame{ame::AmeConfig{examples::kAmeDeclared, 0xFFFFFFFDu}};
// This example's plan: counter -> AME event id.
constexpr unsigned kEvents[] = {1, 2, 8, 11, 16, 17};
constexpr unsigned kFirst = 3;
constexpr unsigned kN = sizeof(kEvents) / sizeof(kEvents[0]);
constexpr unsigned kWrapCounter = 5;  // amu_mma_fp16

examples::HookLog g_hook{0, 0};
pmu::riscv::CounterCallbacks g_callbacks;  // the file's opt-in callback storage
void ame_line(void* ame) { (void)static_cast<ame::AmeCounters*>(ame)->handle_overflow_irq(); }
}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("ame_events: matrix-unit counters (board ");
  print(board::name());
  print(")\n");
  examples::attach_emulated_devices(examples::kAmeCsrs);
  ok(g_ame.init(), "init");
  uint32_t mask = 0;
  for (unsigned k = 0; k < kN; ++k) {
    const auto ev = ame::single(kEvents[k]);
    ok(ev.status(), "single");
    if (ev.ok()) ok(ame::program(g_ame, kFirst + k, ame::decode(ev.value()).value()), "program");
    ok(g_ame.write(kFirst + k, 0), "write");
    mask |= 1u << (kFirst + k);
  }
  g_ame.attach_callbacks(&g_callbacks);
  ok(g_ame.on_overflow(kWrapCounter, pmu::IrqCallback{examples::log_hook, &g_hook}), "on_overflow");
  const bool line = examples::attach_irq(examples::kAmeLine, ame_line, &g_ame);
  if (!line) print("(the AME overflow line is not known on this board: the loop calls the hook)\n");
  ok(g_ame.write(kWrapCounter, ~uint64_t{0} - 1000), "write");
  print("counter 5 preloaded 1000 counts below 2^64 to show the overflow hook\n");
  board::irq_global_enable();
  ok(g_ame.start(mask), "start");
  (void)examples::run_phase(examples::Phase::kMatrix, 200);
  (void)examples::run_phase(examples::Phase::kStream, 100);
  ok(g_ame.stop(mask), "stop");
  if (!line) (void)g_ame.handle_overflow_irq();
  board::irq_global_disable();
  print("workload: 200 rounds of tile multiply, 100 rounds of stream\n\n");

  pmu::report::Row rows[kN];
  for (unsigned k = 0; k < kN; ++k) {
    const auto v = g_ame.read(kFirst + k);
    ok(v.status(), "read");
    rows[k] = {kFirst + k, ame::event_name(kEvents[k]), v.ok() ? v.value() : 0};
  }
  ok(pmu::report::print(examples::console(), "AME counters (raw values)", rows, kN, pmu::report::Format::kTable),
     "report::print");
  print("\nhooks:\n  AME overflow: fired ");
  print_dec(g_hook.calls);
  print(g_hook.calls == 1 ? " time" : " times");
  print(", for counter ");
  print_dec(g_hook.source);
  print(": it wrapped past 2^64 - 1; the hook cleared its OF bit (re-armed)\n\n");
  examples::expect(g_hook.calls == 1 && g_hook.source == kWrapCounter, "the AME overflow hook once, for counter 5");
  examples::expect(rows[0].value > 0 && rows[3].value > 0, "matrix events counted");
  return examples::verdict("AME counters counted the tile multiply, the overflow hook fired once");
}
