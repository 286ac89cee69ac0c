// SPDX-License-Identifier: Apache-2.0
// A user's own firmware, built outside pmukit's tree against an installed
// pmukit-sim package (CMake or pkg-config), run under QEMU: the SafeSU
// counts a workload of the emulated SoC and one counter, preloaded just
// below 2^32, wraps and raises the overflow interrupt, which reaches the
// driver's hook through a real trap. On the RISC-V virt boards the CM perf
// block counts the same workload too, and on RV64 the AME counters.
// Ends with "verdict: PASS" (exit status 0).
#include "board.hpp"
#include "board_config.hpp"
#include "pmu/safesu/safesu.hpp"
#if defined(__riscv)
#include "pmu/cm/perf.hpp"
#if __riscv_xlen == 64
#include "pmu/riscv/ame.hpp"
#endif
#endif
#include "pmu/version.hpp"
#include "pmu_sim/harness.hpp"
#include "sim_glue.h"

#if !defined(FW_CONFIG_FORCED) || !defined(PMUKIT_PACKAGE_UINT32_T)
#error "the firmware's forced include and the package's must both reach the compile"
#endif

namespace {

using pmu::safesu::SafeSU;

// Where the units are and which lines they drive: the board's records
// (board_config.hpp). sim_glue.cpp maps the emulated units there.
constexpr const board::SafesuInstance& kSafesu = board::config::kSafesu;
SafeSU g_su{kSafesu.base, pmu::safesu::k4c128};
pmu::safesu::Callbacks g_callbacks;  // the driver's opt-in state: callbacks
pmu::safesu::Totals g_totals;        // and 64-bit totals
constexpr unsigned kWrap = 3;  // the preloaded counter
volatile unsigned g_hook_calls;
volatile unsigned g_hook_counter;
unsigned g_problems;

void check(bool ok, const char* what) {
  if (ok) return;
  harness::printf("  problem: %s\n", what);
  ++g_problems;
}
void on_overflow(void*, unsigned counter) {
  g_hook_calls = g_hook_calls + 1;
  g_hook_counter = counter;
}

#if defined(__riscv)
pmu::cm::Perf g_cm{board::config::kCm.gcr_base, board::config::kCm.perf_block};
pmu::cm::Totals g_cm_totals;  // read64() needs them
#endif
#if defined(__riscv) && __riscv_xlen == 64
namespace ame = pmu::riscv::ame;
ame::AmeCounters g_ame{ame::AmeConfig{board::config::kAme.declared, 0xFFFFFFFDu}};
#endif

}  // namespace

// C linkage: compiled by clang with -ffreestanding (the package's flags),
// main is an ordinary function and would get a C++ name (docs/sim.md).
extern "C" int main() {
  harness::printf("external firmware (C++) on %s, pmukit %s\n", board::name(), PMU_VERSION_STRING);
  check(fw_sim_attach(), "the emulated units mapped");
#if defined(__riscv)
  g_cm.track_totals(&g_cm_totals);
  check(g_cm.probe() == pmu::Status::kOk, "CM perf block probed");
  check(g_cm.program(pmu::cm::kP0Counter, pmu::cm::event::kRequestCount, 0) == pmu::Status::kOk, "CM P0");
  check(g_cm.reset(pmu::cm::kAllMask) == pmu::Status::kOk && g_cm.start(pmu::cm::kAllMask) == pmu::Status::kOk,
        "CM counters started");
#endif
#if defined(__riscv) && __riscv_xlen == 64
  check(g_ame.init() == pmu::Status::kOk, "AME counters found");
  const auto cycles_event = ame::single(1);
  check(cycles_event.ok() && ame::program(g_ame, 3, ame::decode(cycles_event.value()).value()) == pmu::Status::kOk,
        "AME counter 3 programmed");
  check(g_ame.write(3, 0) == pmu::Status::kOk && g_ame.start(1u << 3) == pmu::Status::kOk, "AME counter 3 started");
#endif

  check(g_su.route(0, fw_event_cpu0_cycles()) == pmu::Status::kOk, "route counter 0");
  check(g_su.route(1, fw_event_cpu0_compute()) == pmu::Status::kOk, "route counter 1");
  check(g_su.route(kWrap, fw_event_cpu0_cycles()) == pmu::Status::kOk, "route counter 3");
  check(g_su.route(g_su.layout().n_counters, 1) == pmu::Status::kBadArg, "a counter past the last refused");
  check(g_su.attach_callbacks(&g_callbacks) == pmu::Status::kOk && g_su.track_totals(&g_totals) == pmu::Status::kOk,
        "callbacks and totals attached");
  check(g_su.stop(g_su.all_counters()) == pmu::Status::kOk, "stop");
  check(g_su.reset() == pmu::Status::kOk, "reset");
  check(g_su.on_overflow(kWrap, pmu::IrqCallback{on_overflow, nullptr}) == pmu::Status::kOk, "on_overflow");
  // The handler of the overflow line: the driver's ISR adapter.
  check(fw_sim_irq_attach(kSafesu.irq.overflow, SafeSU::overflow_isr, &g_su),
        "the overflow line attached");
  check(g_su.set_overflow_irq(kWrap, true) == pmu::Status::kOk, "set_overflow_irq");
  check(g_su.enable_overflow() == pmu::Status::kOk, "enable_overflow");
  check(g_su.write(kWrap, 0xFFFFFFFFu - 20000u + 1u) == pmu::Status::kOk, "preload counter 3");

  check(g_su.start(g_su.all_counters()) == pmu::Status::kOk, "start");
  board::irq_global_enable();
  uint32_t sum = fw_sim_run(FW_PHASE_COMPUTE, 400);
#if defined(__riscv) && __riscv_xlen == 64
  sum += fw_sim_run(FW_PHASE_MATRIX, 100);
#endif
  board::irq_global_disable();
  check(g_su.stop(g_su.all_counters()) == pmu::Status::kOk, "stop");

#if defined(__riscv)
  check(g_cm.stop(pmu::cm::kAllMask) == pmu::Status::kOk, "CM counters stopped");
  const auto cm_cycles = g_cm.read64(pmu::cm::kCycleCounter);
  harness::printf("CM: %llu cycles\n", static_cast<unsigned long long>(cm_cycles.value_or(0)));
  check(cm_cycles.value_or(0) > 0, "the CM counted cycles");
#endif
#if defined(__riscv) && __riscv_xlen == 64
  check(g_ame.stop(1u << 3) == pmu::Status::kOk, "AME counter 3 stopped");
  const auto ame_count = g_ame.read(3);
  harness::printf("AME counter 3: %llu\n", static_cast<unsigned long long>(ame_count.value_or(0)));
  check(ame_count.value_or(0) > 0, "the AME counter counted the matrix phase");
#endif
  const auto cycles = g_su.read64(0);
  const auto busy = g_su.read64(1);
  const auto wrapped = g_su.read64(kWrap);
  check(cycles.ok() && busy.ok() && wrapped.ok(), "read64");
  harness::printf("cycles %llu, compute busy %llu, counter 3 total %llu (checksum %x)\n",
                  static_cast<unsigned long long>(cycles.value_or(0)),
                  static_cast<unsigned long long>(busy.value_or(0)),
                  static_cast<unsigned long long>(wrapped.value_or(0)), static_cast<unsigned>(sum));
  harness::printf("overflow hook: fired %u time(s), for counter %u\n", g_hook_calls, g_hook_counter);
  check(busy.value_or(0) > 0 && cycles.value_or(0) >= busy.value_or(0), "compute cycles counted");
  check(g_hook_calls == 1 && g_hook_counter == kWrap, "the overflow hook once, for counter 3");
  check(wrapped.value_or(0) > 0xFFFFFFFFull, "counter 3's total past 2^32");
  harness::printf("verdict: %s\n", g_problems == 0 ? "PASS" : "FAIL");
  return g_problems == 0 ? 0 : 1;
}
