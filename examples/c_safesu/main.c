/* SPDX-License-Identifier: Apache-2.0 */
/* c_safesu: the SafeSU from C. Routes three SoC events, by their names in
 * the SoC's event catalogue, to counters, counts a workload, prints the
 * 64-bit totals, and takes one overflow interrupt through the hook, all through the C API (pmu/c/pmu.h): a caller-allocated
 * handle, status codes, no heap. glue.h is the board (console, addresses,
 * interrupt attach), which a C BSP provides its own way. */
#include "glue.h"
#include "pmu/c/pmu.h"

/* ---- A tiny printer over the board's putc (no printf) ----------------------- */
static void print(const char* s) {
  while (*s != '\0') ex_putc(*s++);
}
/* s, then spaces up to 'width' characters. */
static void print_padded(const char* s, unsigned width) {
  unsigned n = 0;
  while (s[n] != '\0') ex_putc(s[n++]);
  while (n++ < width) ex_putc(' ');
}
static void print_dec(uint64_t v, unsigned width) {
  char buf[21];
  unsigned n = 0;
  do {
    buf[n++] = (char)('0' + (unsigned)(v % 10u));
    v /= 10u;
  } while (v != 0);
  while (width > n) {
    ex_putc(' ');
    --width;
  }
  while (n > 0) ex_putc(buf[--n]);
}
static void print_hex(uint32_t v) {
  int i;
  print("0x");
  for (i = 28; i >= 0; i -= 4) ex_putc("0123456789abcdef"[(v >> i) & 0xFu]);
}

static unsigned g_problems;
/* Every call's status: print the failing ones. */
static bool ok(pmu_status_t s, const char* call) {
  if (s == PMU_OK) return true;
  print("  problem: ");
  print(call);
  print(" -> ");
  print(pmu_status_name(s));
  print("\n");
  ++g_problems;
  return false;
}
static void expect(bool cond, const char* what) {
  if (cond) return;
  print("  problem: expected ");
  print(what);
  print("\n");
  ++g_problems;
}

/* ---- The unit and the hook ---------------------------------------------------- */
static pmu_safesu_t g_su; /* zero until pmu_safesu_init: every call refuses it */
/* The driver's opt-in state lives here, in the application's storage: the
 * register map of this build, the callbacks, the 64-bit totals. Zero-filled
 * statics: no callback, totals start at the first observation. */
static pmu_safesu_map_t g_map;
static pmu_safesu_callbacks_t g_callbacks;
static pmu_safesu_totals_t g_totals;

/* The plan, by the names of the SoC's event catalogue (SELENE's Table 2.1). */
enum { kCycles = 0, kInstructions = 1, kMisses = 2, kWrap = 3, kN = 4 };
static const char* const kEvents[kN] = {"const_high", "core0.inst_pipe0", "core0.dcache_l1_miss", "const_high"};
#define HEADROOM 20000u /* counts before counter 3 wraps */

struct hook_record {
  volatile unsigned calls;
  volatile unsigned counter;
};
static struct hook_record g_hook;

/* Runs from the hook, in interrupt context. */
static void on_overflow(void* ctx, unsigned counter) {
  struct hook_record* h = (struct hook_record*)ctx;
  h->calls = h->calls + 1u;
  h->counter = counter;
}

int main(void) {
  pmu_safesu_params_t params;
  pmu_safesu_info_t info;
  pmu_safesu_route_t routes[kN];
  uint64_t totals[kN];
  uint32_t check;
  bool line;
  unsigned i;

  print("c_safesu: the SafeSU from C through pmu/c/pmu.h (board ");
  print(ex_board_name());
  print(")\n");
  ex_attach_devices();

  /* Refused before init: a zero handle is not a unit. */
  expect(pmu_safesu_counter_read(&g_su, 0).status == PMU_EBADARG, "a never-initialised handle to be refused");

  /* Describe the build (any RTL parameters), then make the handle: no access. */
  ok(pmu_safesu_params_default(&params), "pmu_safesu_params_default");
  params.mccu_n_cores = ex_safesu_cores();
  params.n_soc_ev = ex_safesu_events();
  ok(pmu_safesu_init_params(&g_su, ex_safesu_base(), &params, &g_map), "pmu_safesu_init_params");
  ok(pmu_safesu_callbacks_attach(&g_su, &g_callbacks), "pmu_safesu_callbacks_attach");
  ok(pmu_safesu_totals_track(&g_su, &g_totals), "pmu_safesu_totals_track");
  ok(pmu_safesu_info_get(&g_su, &info), "pmu_safesu_info_get");
  print("SafeSU at ");
  print_hex((uint32_t)info.base);
  print(": ");
  print_dec(info.n_cores, 0);
  print(" cores, ");
  print_dec(info.n_soc_ev, 0);
  print(" SoC events, ");
  print_dec(info.n_counters, 0);
  print(" counters; C handle of ");
  print_dec(sizeof g_su, 0);
  print(" bytes\n");

  /* Route: one table, every entry checked before the first access. */
  for (i = 0; i < kN; ++i) {
    routes[i].output = (uint8_t)i;
    routes[i].event = ex_event_input(kEvents[i]);
  }
  ok(pmu_safesu_crossbar_route_table(&g_su, routes, kN), "pmu_safesu_crossbar_route_table");
  for (i = 0; i < kN; ++i) {
    const pmu_u32_result_t r = pmu_safesu_crossbar_event_get(&g_su, i);
    const uint32_t ev = r.value; /* 0 if refused */
    ok(r.status, "pmu_safesu_crossbar_event_get");
    print("  counter ");
    print_dec(i, 2);
    print(" <- SoC event ");
    print_dec(ev, 3);
    print("  ");
    print(ex_event_name(ev));
    if (i == kWrap) print(" (preloaded)");
    print("\n");
    expect(ev == routes[i].event, "the crossbar to read back the table");
  }

  /* Overflow: counter 3 starts HEADROOM counts below the wrap. */
  ok(pmu_safesu_counters_disable(&g_su), "pmu_safesu_counters_disable");
  ok(pmu_safesu_counters_reset(&g_su), "pmu_safesu_counters_reset");
  ok(pmu_safesu_overflow_callback_set(&g_su, kWrap, on_overflow, &g_hook), "pmu_safesu_overflow_callback_set");
  /* The driver's ISR adapter is the handler: it takes the handle as its
   * argument (the void (*)(void*) shape RTEMS and Zephyr install), reads the
   * vector once, calls on_overflow per flagged counter, folds, clears. */
  line = ex_attach_overflow_line(pmu_safesu_overflow_isr, &g_su);
  ok(pmu_safesu_overflow_irq_set(&g_su, kWrap, true), "pmu_safesu_overflow_irq_set");
  ok(pmu_safesu_overflow_enable(&g_su, true), "pmu_safesu_overflow_enable");
  ok(pmu_safesu_counter_write(&g_su, kWrap, 0xFFFFFFFFu - HEADROOM + 1u), "pmu_safesu_counter_write");
  if (!line) print("(no overflow line on this board: the program calls the hook itself)\n");

  print("workload: 300 rounds of compute, 300 rounds of stream\n");
  ok(pmu_safesu_counters_enable(&g_su), "pmu_safesu_counters_enable");
  ex_irq_enable(true);
  check = ex_workload(0, 300);
  check += ex_workload(1, 300);
  if (!line) (void)pmu_safesu_overflow_irq_handle(&g_su);
  ex_irq_enable(false);
  ok(pmu_safesu_counters_disable(&g_su), "pmu_safesu_counters_disable");
  print("          done (checksum ");
  print_hex(check);
  print(")\n");

  print("SafeSU counters (64-bit totals):\n");
  for (i = 0; i < kN; ++i) {
    const pmu_u64_result_t r = pmu_safesu_counter_read64(&g_su, i);
    totals[i] = r.value; /* 0 if refused */
    ok(r.status, "pmu_safesu_counter_read64");
    print("  ");
    print_dec(i, 2);
    print("  ");
    print_padded(i == kWrap ? "const_high (preloaded)" : kEvents[i], 24);
    print_dec(totals[i], 12);
    print("\n");
  }
  print("overflow hook: fired ");
  print_dec(g_hook.calls, 0);
  print(g_hook.calls == 1u ? " time" : " times");
  if (g_hook.calls > 0u) {
    print(", for counter ");
    print_dec(g_hook.counter, 0);
  }
  print("\n");

  /* Bad input is refused and touches nothing. */
  expect(pmu_safesu_crossbar_route(&g_su, info.n_counters, 1) == PMU_EBADARG, "a counter past the last refused");
  expect(pmu_safesu_counters_read_all(&g_su, NULL, kN) == PMU_EBADARG, "a NULL output array refused");

  expect(g_hook.calls == 1u && g_hook.counter == kWrap, "the overflow hook once, for counter 3");
  expect(totals[kWrap] > 0xFFFFFFFFull, "counter 3's total past 2^32");
  expect(totals[kInstructions] > 0u && totals[kMisses] > 0u, "instructions and D-cache misses counted");
  expect(totals[kCycles] >= totals[kInstructions] && totals[kCycles] >= totals[kMisses],
         "no event counted more often than cycles");
  if (g_problems == 0u) {
    print("verdict: PASS - routed 4 counters from C, counted the workload, overflow hook fired once\n");
    return 0;
  }
  print("verdict: FAIL - ");
  print_dec(g_problems, 0);
  print(" problem(s)\n");
  return 1;
}
