/* SPDX-License-Identifier: Apache-2.0 */
/* The C twin of firmware.cpp: a user's own C firmware against an installed
 * pmukit-sim, run under QEMU. The SafeSU through pmukit's C API
 * (pmu/c/pmu.h) counts a workload of the emulated SoC; one counter,
 * preloaded just below 2^32, wraps and raises the overflow interrupt, which
 * reaches the driver's hook through a real trap. On the RISC-V boards the CM
 * perf block counts the workload too (pmukit-leon3 has no CM unit). The board is board.h; the emulated
 * SoC is sim_glue.h. Ends with "verdict: PASS" (exit status 0). */
#include "board.h"
#include "pmu/c/pmu.h"
#include "pmu/version.hpp"
#include "sim_glue.h"

#if !defined(FW_CONFIG_FORCED) || !defined(PMUKIT_PACKAGE_UINT32_T)
#error "the firmware's forced include and the package's must both reach the compile"
#endif

static void print(const char* s) {
  while (*s != '\0') board_putc(*s++);
}
static void print_dec(uint64_t v) {
  char buf[21];
  unsigned n = 0;
  do {
    buf[n++] = (char)('0' + (unsigned)(v % 10u));
    v /= 10u;
  } while (v != 0u);
  while (n > 0u) board_putc(buf[--n]);
}

static unsigned g_problems;
static void check(bool ok, const char* what) {
  if (ok) return;
  print("  problem: ");
  print(what);
  print("\n");
  ++g_problems;
}

static pmu_safesu_t g_su;
static pmu_safesu_callbacks_t g_callbacks; /* the driver's opt-in state, in our storage */
static pmu_safesu_totals_t g_totals;
#if defined(__riscv)
static pmu_cm_totals_t g_cm_totals;
#endif
enum { kWrap = 3 };
static volatile unsigned g_hook_calls;
static volatile unsigned g_hook_counter;

static void on_overflow(void* ctx, unsigned counter) {
  (void)ctx;
  g_hook_calls = g_hook_calls + 1u;
  g_hook_counter = counter;
}
/* The handler of the SafeSU overflow line: the driver's hook. */
static void overflow_line(void* ctx) {
  (void)ctx;
  (void)pmu_safesu_overflow_irq_handle(&g_su);
}

int main(void) {
  pmu_u64_result_t cycles, busy, wrapped;
#if defined(__riscv)
  pmu_u64_result_t cm_cycles;
  pmu_cm_t cm;
  const bool has_cm = fw_cm_present();
#endif

  print("external firmware (C) on ");
  print(board_name());
  print(", pmukit " PMU_VERSION_STRING "\n");
  check(fw_sim_attach(), "the emulated units mapped");

  check(pmu_safesu_init(&g_su, fw_safesu_base(), PMU_SAFESU_LAYOUT_4C128) == PMU_OK, "SafeSU handle");
  check(pmu_safesu_callbacks_attach(&g_su, &g_callbacks) == PMU_OK, "SafeSU callbacks attached");
  check(pmu_safesu_totals_track(&g_su, &g_totals) == PMU_OK, "SafeSU totals tracked");
  check(pmu_safesu_crossbar_route(&g_su, 0, fw_event_cpu0_cycles()) == PMU_OK, "route counter 0");
  check(pmu_safesu_crossbar_route(&g_su, 1, fw_event_cpu0_compute()) == PMU_OK, "route counter 1");
  check(pmu_safesu_crossbar_route(&g_su, kWrap, fw_event_cpu0_cycles()) == PMU_OK, "route counter 3");
  check(pmu_safesu_crossbar_route(&g_su, 24, 1) == PMU_EBADARG, "a counter past the last refused");
  check(pmu_safesu_counters_disable(&g_su) == PMU_OK, "counters disabled");
  check(pmu_safesu_counters_reset(&g_su) == PMU_OK, "counters reset");
  check(pmu_safesu_overflow_callback_set(&g_su, kWrap, on_overflow, NULL) == PMU_OK, "overflow callback");
  check(fw_sim_irq_attach(fw_safesu_overflow_line(), overflow_line, NULL), "the overflow line attached");
  check(pmu_safesu_overflow_irq_set(&g_su, kWrap, true) == PMU_OK, "overflow interrupt of counter 3");
  check(pmu_safesu_overflow_enable(&g_su, true) == PMU_OK, "overflow enabled");
  check(pmu_safesu_counter_write(&g_su, kWrap, 0xFFFFFFFFu - 20000u + 1u) == PMU_OK, "counter 3 preloaded");

#if defined(__riscv)
  if (has_cm) {
    check(pmu_cm_init(&cm, fw_cm_gcr_base(), true) == PMU_OK && pmu_cm_probe(&cm) == PMU_OK, "CM perf block");
    check(pmu_cm_totals_track(&cm, &g_cm_totals) == PMU_OK, "CM totals tracked");
    check(pmu_cm_counters_reset_and_start(&cm, PMU_CM_SET_ALL) == PMU_OK, "CM counters started");
  }
#endif

  check(pmu_safesu_counters_enable(&g_su) == PMU_OK, "counters enabled");
  board_irq_global_enable();
  (void)fw_sim_run(FW_PHASE_COMPUTE, 400);
  board_irq_global_disable();
  check(pmu_safesu_counters_disable(&g_su) == PMU_OK, "counters disabled");

#if defined(__riscv)
  if (has_cm) {
    check(pmu_cm_counters_stop(&cm, PMU_CM_SET_ALL) == PMU_OK, "CM counters stopped");
    cm_cycles = pmu_cm_counter_read64(&cm, PMU_CM_CYCLE);
    check(cm_cycles.status == PMU_OK && cm_cycles.value > 0u, "the CM counted cycles");
    print("CM: ");
    print_dec(cm_cycles.value);
    print(" cycles\n");
  }
#endif
  cycles = pmu_safesu_counter_read64(&g_su, 0);
  busy = pmu_safesu_counter_read64(&g_su, 1);
  wrapped = pmu_safesu_counter_read64(&g_su, kWrap);
  check(cycles.status == PMU_OK, "read counter 0");
  check(busy.status == PMU_OK, "read counter 1");
  check(wrapped.status == PMU_OK, "read counter 3");
  print("cycles ");
  print_dec(cycles.value);
  print(", compute busy ");
  print_dec(busy.value);
  print(", counter 3 total ");
  print_dec(wrapped.value);
  print("\noverflow hook: fired ");
  print_dec(g_hook_calls);
  print(" time(s), for counter ");
  print_dec(g_hook_counter);
  print("\n");
  check(busy.value > 0u && cycles.value >= busy.value, "compute cycles counted");
  check(g_hook_calls == 1u && g_hook_counter == kWrap, "the overflow hook once, for counter 3");
  check(wrapped.value > 0xFFFFFFFFull, "counter 3's total past 2^32");
  print(g_problems == 0u ? "verdict: PASS\n" : "verdict: FAIL\n");
  return g_problems == 0u ? 0 : 1;
}
