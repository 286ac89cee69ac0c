/* SPDX-License-Identifier: Apache-2.0 */
/* SafeSU C API exercised from C (see c_api_tests.h). */
#include <string.h>

#include "c_api_tests.h"
#include "pmu/c/pmu_grlib.h"
#include "pmu/c/pmu_safesu.h"

static void record(void* ctx, unsigned source) {
  c_api_calls_t* c = (c_api_calls_t*)ctx;
  if (c->n < 8) c->sources[c->n] = source;
  c->n++;
}

/* Every call with a NULL or never-initialised handle; c_api_safesu_bad_args
 * then gives a valid handle NULL out-pointers (struct and array calls) and
 * out-of-range arguments. Run with no bus at all. */
static int bad_handle(pmu_safesu_t* su) {
  uint32_t u32 = 0;
  uint8_t w[2] = {1, 2};
  const pmu_safesu_route_t r = {0, 1};
  pmu_safesu_info_t info;
  pmu_safesu_selftest_report_t rep;
  static pmu_safesu_callbacks_t cbs;
  static pmu_safesu_totals_t totals;
  BAD(pmu_safesu_info_get(su, &info));
  BAD(pmu_safesu_callbacks_attach(su, &cbs));
  BAD(pmu_safesu_totals_track(su, &totals));
  BAD(pmu_safesu_counters_enable(su));
  BAD(pmu_safesu_counters_disable(su));
  BAD(pmu_safesu_counters_reset(su));
  REFUSED(pmu_safesu_counter_read(su, 0));
  BAD(pmu_safesu_counters_read_all(su, &u32, 1));
  BAD(pmu_safesu_counters_read_all(su, NULL, 0)); /* the handle first */
  BAD(pmu_safesu_counter_write(su, 0, 1));
  REFUSED(pmu_safesu_counter_read64(su, 0));
  BAD(pmu_safesu_counters_sync64(su));
  BAD(pmu_safesu_selftest_mode_set(su, PMU_SAFESU_MODE_NORMAL));
  BAD(pmu_safesu_crossbar_route(su, 0, 1));
  BAD(pmu_safesu_crossbar_route_table(su, &r, 1));
  REFUSED(pmu_safesu_crossbar_event_get(su, 0));
  BAD(pmu_safesu_overflow_mask_set(su, 1));
  BAD(pmu_safesu_overflow_irq_set(su, 0, true));
  BAD(pmu_safesu_overflow_enable(su, true));
  BAD(pmu_safesu_overflow_disable(su));
  BAD(pmu_safesu_overflow_clear(su));
  REFUSED(pmu_safesu_overflow_vector_read(su));
  BAD(pmu_safesu_mccu_weight_set(su, 0, 1));
  BAD(pmu_safesu_mccu_weights_set(su, w, 2));
  REFUSED(pmu_safesu_mccu_weight_get(su, 0));
  BAD(pmu_safesu_mccu_budget_set(su, 0, 1));
  REFUSED(pmu_safesu_mccu_remaining_read(su, 0));
  BAD(pmu_safesu_mccu_enable(su));
  BAD(pmu_safesu_mccu_disable(su));
  BAD(pmu_safesu_mccu_reset(su));
  BAD(pmu_safesu_mccu_hw_quota_set(su, true));
  BAD(pmu_safesu_mccu_refill(su, 0));
  BAD(pmu_safesu_mccu_refill_cores(su, 1));
  BAD(pmu_safesu_mccu_irq_policy_set(su, PMU_SAFESU_MCCU_IRQ_REFILL));
  BAD(pmu_safesu_rdc_enable(su));
  BAD(pmu_safesu_rdc_disable(su));
  BAD(pmu_safesu_rdc_reset(su));
  BAD(pmu_safesu_rdc_irq_clear(su));
  BAD(pmu_safesu_rdc_threshold_set(su, 0, 1));
  REFUSED(pmu_safesu_rdc_watermark_read(su, 0));
  BAD(pmu_safesu_rdc_watermarks_read(su, w, 2));
  BAD(pmu_safesu_rdc_watermarks_read(su, NULL, 0));
  REFUSED(pmu_safesu_rdc_vector_read(su));
  REFUSED(pmu_safesu_rdc_fired(su, 0));
  BAD(pmu_safesu_overflow_callback_set(su, 0, record, NULL));
  BAD(pmu_safesu_mccu_callback_set(su, 0, record, NULL));
  BAD(pmu_safesu_rdc_callback_set(su, 0, record, NULL));
  BAD(pmu_safesu_ft_callback_set(su, record, NULL));
  REFUSED(pmu_safesu_overflow_irq_handle(su));
  REFUSED(pmu_safesu_mccu_irq_handle(su, 0));
  REFUSED(pmu_safesu_rdc_irq_handle(su));
  BAD(pmu_safesu_ft_irq_handle(su, 1));
  BAD(pmu_safesu_selftest_run(su, &rep));
  pmu_safesu_overflow_isr(su); /* ignored: nothing touched */
  pmu_safesu_rdc_isr(su);
  return 0;
}

int c_api_safesu_bad_args(void) {
  pmu_safesu_t su;
  pmu_safesu_params_t p;
  pmu_safesu_map_t map;
  pmu_safesu_mccu_line_t no_unit = {NULL, 0};
  static pmu_safesu_callbacks_t cbs;
  static pmu_safesu_totals_t totals;
  const pmu_safesu_route_t table[2] = {{0, 5}, {24, 5}}; /* second: no counter 24 */
  const pmu_safesu_route_t twice[3] = {{0, 5}, {1, 6}, {0, 7}}; /* output 0 twice */
  const pmu_safesu_route_t bad_event[1] = {{0, 128}};
  int line;
  uint32_t u32;
  uint8_t u8 = 0xA5;

  if ((line = bad_handle(NULL)) != 0) return line;
  memset(&su, 0, sizeof su); /* never initialised */
  if ((line = bad_handle(&su)) != 0) return line;
  memset(&su, 0xA5, sizeof su); /* garbage */
  if ((line = bad_handle(&su)) != 0) return line;

  BAD(pmu_safesu_init(NULL, 0x80100000u, PMU_SAFESU_LAYOUT_4C128));
  BAD(pmu_safesu_init(&su, 0x80100000u, (pmu_safesu_layout_t)4));
  BAD(pmu_safesu_params_default(NULL));
  OK(pmu_safesu_params_default(&p));
  BAD(pmu_safesu_init_params(&su, 0x80100000u, NULL, &map));
  BAD(pmu_safesu_init_params(NULL, 0x80100000u, &p, &map));
  BAD(pmu_safesu_init_params(&su, 0x80100000u, &p, NULL));
  p.mccu_n_cores = 7; /* the RTL $errors outside 2..6 */
  BAD(pmu_safesu_init_params(&su, 0x80100000u, &p, &map));
  OK(pmu_safesu_params_default(&p));
  p.vintage = 2;
  BAD(pmu_safesu_init_params(&su, 0x80100000u, &p, &map));
  pmu_safesu_mccu_isr(NULL);  /* ignored */
  pmu_safesu_mccu_isr(&no_unit); /* NULL unit: ignored */

  OK(pmu_safesu_init(&su, 0x80100000u, PMU_SAFESU_LAYOUT_4C128)); /* touches nothing */
  /* NULL pointers (the scalar answers come back by value: no pointer to check). */
  BAD(pmu_safesu_info_get(&su, NULL));
  BAD(pmu_safesu_counters_read_all(&su, NULL, 1));
  BAD(pmu_safesu_crossbar_route_table(&su, NULL, 1));
  BAD(pmu_safesu_mccu_weights_set(&su, NULL, 1));
  BAD(pmu_safesu_rdc_watermarks_read(&su, NULL, 1));
  BAD(pmu_safesu_selftest_run(&su, NULL));
  /* An empty array is neither read nor written, NULL or not: PMU_OK. */
  OK(pmu_safesu_counters_read_all(&su, NULL, 0));
  OK(pmu_safesu_counters_read_all(&su, &u32, 0));
  OK(pmu_safesu_crossbar_route_table(&su, NULL, 0));
  OK(pmu_safesu_crossbar_route_table(&su, table, 0));
  OK(pmu_safesu_rdc_watermarks_read(&su, NULL, 0));
  OK(pmu_safesu_rdc_watermarks_read(&su, &u8, 0));
  OK(pmu_safesu_mccu_weights_set(&su, NULL, 0));
  OK(pmu_safesu_mccu_weights_set(&su, &u8, 0));
  CHECK(u8 == 0xA5);
  /* Opt-in storage absent: nothing to call, no totals. */
  CHECK(pmu_safesu_overflow_callback_set(&su, 0, record, NULL) == PMU_EUNAVAILABLE);
  UNAVAILABLE(pmu_safesu_counter_read64(&su, 0));
  CHECK(pmu_safesu_counters_sync64(&su) == PMU_EUNAVAILABLE);
  CHECK(pmu_safesu_mccu_irq_policy_set(&su, PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY) == PMU_EUNAVAILABLE);
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  OK(pmu_safesu_totals_track(&su, &totals));
  /* Out of range for 4 cores, 128 events, 24 counters. */
  REFUSED(pmu_safesu_counter_read(&su, 24));
  BAD(pmu_safesu_counters_read_all(&su, &u32, 25));
  BAD(pmu_safesu_counter_write(&su, 24, 0));
  REFUSED(pmu_safesu_counter_read64(&su, 24));
  BAD(pmu_safesu_selftest_mode_set(&su, (pmu_safesu_selftest_mode_t)4));
  /* An int whose low byte is a valid mode is still out of range (the C++
   * enum is a byte: a plain cast would wrap 257 to 1). */
  BAD(pmu_safesu_selftest_mode_set(&su, (pmu_safesu_selftest_mode_t)257));
  BAD(pmu_safesu_crossbar_route(&su, 24, 0));
  BAD(pmu_safesu_crossbar_route(&su, 0, 128));
  BAD(pmu_safesu_crossbar_route_table(&su, table, 2));
  BAD(pmu_safesu_crossbar_route_table(&su, bad_event, 1));
  BAD(pmu_safesu_crossbar_route_table(&su, twice, 3));
  REFUSED(pmu_safesu_crossbar_event_get(&su, 24));
  BAD(pmu_safesu_overflow_mask_set(&su, 1u << 24));
  BAD(pmu_safesu_overflow_irq_set(&su, 24, true));
  BAD(pmu_safesu_mccu_weight_set(&su, 8, 1));
  BAD(pmu_safesu_mccu_weight_set(&su, 0, 256));
  REFUSED(pmu_safesu_mccu_weight_get(&su, 8));
  BAD(pmu_safesu_mccu_budget_set(&su, 4, 1));
  REFUSED(pmu_safesu_mccu_remaining_read(&su, 4));
  BAD(pmu_safesu_mccu_refill(&su, 4));
  BAD(pmu_safesu_mccu_refill_cores(&su, 1u << 4));
  BAD(pmu_safesu_mccu_irq_policy_set(&su, (pmu_safesu_mccu_irq_policy_t)2));
  BAD(pmu_safesu_mccu_irq_policy_set(&su, (pmu_safesu_mccu_irq_policy_t)256));
  BAD(pmu_safesu_rdc_threshold_set(&su, 8, 1));
  REFUSED(pmu_safesu_rdc_watermark_read(&su, 8));
  REFUSED(pmu_safesu_rdc_fired(&su, 8));
  BAD(pmu_safesu_overflow_callback_set(&su, 24, record, NULL));
  BAD(pmu_safesu_mccu_callback_set(&su, 4, record, NULL));
  BAD(pmu_safesu_rdc_callback_set(&su, 8, record, NULL));
  REFUSED(pmu_safesu_mccu_irq_handle(&su, 4));
  /* FT build: the FT hook takes 1 or 2 only. */
  OK(pmu_safesu_params_default(&p));
  p.ft = true;
  OK(pmu_safesu_init_params(&su, 0x80100000u, &p, &map));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  BAD(pmu_safesu_ft_irq_handle(&su, 0));
  BAD(pmu_safesu_ft_irq_handle(&su, 3));
  BAD(pmu_grlib_safesu_find(0, PMU_GRLIB_DEFAULT_AHB_PNP, NULL));
  return 0;
}

/* The register sequence is set by the C++ side (ExpectBackend); the values
 * read are checked here. */
int c_api_safesu_sequences(uintptr_t base) {
  pmu_safesu_t su;
  pmu_u32_result_t v;
  const pmu_safesu_route_t t[2] = {{1, 9}, {0, 3}};
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_counters_enable(&su));
  OK(pmu_safesu_crossbar_route(&su, 0, 5));
  OK(pmu_safesu_crossbar_route_table(&su, t, 2));
  v = pmu_safesu_counter_read(&su, 3);
  OK(v.status);
  CHECK(v.value == 77);
  v = pmu_safesu_overflow_vector_read(&su);
  OK(v.status);
  CHECK(v.value == 4);
  return 0;
}

int c_api_safesu_count_case(const c_api_env_t* env, uintptr_t base, uint32_t out[5]) {
  pmu_safesu_t su;
  static pmu_safesu_totals_t totals; /* zero: starts at the first observation */
  const pmu_safesu_route_t t[3] = {{0, 5}, {4, 85}, {1, 6}};
  pmu_u32_result_t ev;
  pmu_u64_result_t total;
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_totals_track(&su, &totals));
  OK(pmu_safesu_crossbar_route_table(&su, t, 3));
  ev = pmu_safesu_crossbar_event_get(&su, 4);
  OK(ev.status);
  CHECK(ev.value == 85);
  OK(pmu_safesu_counters_reset(&su));
  env->set_event(env->self, 5, true);
  env->set_event(env->self, 85, true);
  OK(pmu_safesu_counters_enable(&su));
  env->advance(env->self, 100);
  OK(pmu_safesu_counters_disable(&su));
  OK(pmu_safesu_counters_read_all(&su, out, 5));
  CHECK(out[0] >= 99 && out[4] >= 99); /* the routed, high events */
  CHECK(out[1] == 0 && out[2] == 0);   /* event 6 low; counter 2 unrouted (event 0 low) */
  total = pmu_safesu_counter_read64(&su, 0);
  OK(total.status);
  CHECK(total.value == out[0]);
  return 0;
}

int c_api_safesu_overflow_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls) {
  pmu_safesu_t su, moved;
  pmu_safesu_callbacks_t cbs;
  pmu_safesu_totals_t totals;
  pmu_u32_result_t vec, a, b;
  pmu_u64_result_t total;
  memset(&cbs, 0, sizeof cbs);
  memset(&totals, 0, sizeof totals);
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  OK(pmu_safesu_totals_track(&su, &totals));
  OK(pmu_safesu_overflow_callback_set(&su, 2, record, calls));
  OK(pmu_safesu_overflow_irq_set(&su, 2, true));
  OK(pmu_safesu_overflow_enable(&su, true));
  OK(pmu_safesu_counter_write(&su, 2, 0xFFFFFFE0u));
  OK(pmu_safesu_selftest_mode_set(&su, PMU_SAFESU_MODE_ONLY_OUTPUT0)); /* the last mode: accepted */
  OK(pmu_safesu_selftest_mode_set(&su, PMU_SAFESU_MODE_ALL_ONES));
  OK(pmu_safesu_counters_enable(&su));
  env->advance(env->self, 100);
  CHECK((env->irq_lines(env->self) & 1u) != 0); /* overflow line up */
  vec = pmu_safesu_overflow_irq_handle(&su);
  OK(vec.status);
  CHECK(vec.value == 1u << 2);
  CHECK(calls->n == 1 && calls->sources[0] == 2);
  CHECK((env->irq_lines(env->self) & 1u) == 0); /* acknowledged */
  a = pmu_safesu_counter_read(&su, 2);
  OK(a.status);
  env->advance(env->self, 10);
  b = pmu_safesu_counter_read(&su, 2);
  OK(b.status);
  CHECK(b.value > a.value); /* still counting */
  total = pmu_safesu_counter_read64(&su, 2);
  OK(total.status);
  CHECK(total.value > 0xFFFFFFFFull);
  /* A spurious call: nothing flagged, nothing served, no callback. */
  vec = pmu_safesu_overflow_irq_handle(&su);
  OK(vec.status);
  CHECK(vec.value == 0);
  CHECK(calls->n == 1);
  /* The handle moved by value (the original wiped): the copy is the unit,
   * with the same callback and totals storage. The ISR adapter takes it. */
  moved = su;
  memset(&su, 0, sizeof su);
  REFUSED(pmu_safesu_counter_read(&su, 2));
  OK(pmu_safesu_counter_write(&moved, 2, 0xFFFFFFF0u));
  env->advance(env->self, 40);
  CHECK((env->irq_lines(env->self) & 1u) != 0);
  pmu_safesu_overflow_isr(&moved);
  CHECK(calls->n == 2 && calls->sources[1] == 2);
  CHECK((env->irq_lines(env->self) & 1u) == 0);
  total = pmu_safesu_counter_read64(&moved, 2);
  OK(total.status);
  CHECK(total.value > 0xFFFFFFFFull + 0xFFFFFFF0ull - 0xFFFFFFE0ull); /* restarted at the write, wrapped again */
  return 0;
}

int c_api_safesu_mccu_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls) {
  pmu_safesu_t su;
  pmu_safesu_callbacks_t cbs;
  const unsigned core = 1, input = 2; /* inputs 2c and 2c+1 belong to core c */
  pmu_safesu_mccu_line_t line;
  pmu_u32_result_t rem, served;
  pmu_u8_result_t w;
  memset(&cbs, 0, sizeof cbs);
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  OK(pmu_safesu_mccu_callback_set(&su, core, record, calls));
  OK(pmu_safesu_crossbar_route(&su, input, 9));
  OK(pmu_safesu_mccu_weight_set(&su, input, 5));
  w = pmu_safesu_mccu_weight_get(&su, input);
  OK(w.status);
  CHECK(w.value == 5);
  OK(pmu_safesu_mccu_budget_set(&su, core, 100));
  rem = pmu_safesu_mccu_remaining_read(&su, core);
  OK(rem.status);
  CHECK(rem.value == 100);
  OK(pmu_safesu_mccu_enable(&su));
  env->set_event(env->self, 9, true);
  env->advance(env->self, 40);
  env->set_event(env->self, 9, false);
  env->advance(env->self, 5);
  rem = pmu_safesu_mccu_remaining_read(&su, core);
  OK(rem.status);
  CHECK(rem.value == 0);
  CHECK((env->irq_lines(env->self) & (1u << (8 + core))) != 0);
  served = pmu_safesu_mccu_irq_handle(&su, core); /* default policy: refill */
  OK(served.status);
  CHECK(served.value == 1u << core);
  CHECK(calls->n == 1 && calls->sources[0] == core);
  CHECK((env->irq_lines(env->self) & (1u << (8 + core))) == 0);
  rem = pmu_safesu_mccu_remaining_read(&su, core);
  OK(rem.status);
  CHECK(rem.value == 100);
  /* Again through the ISR adapter, with the clear-only policy. */
  OK(pmu_safesu_mccu_irq_policy_set(&su, PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY));
  env->set_event(env->self, 9, true);
  env->advance(env->self, 40);
  env->set_event(env->self, 9, false);
  env->advance(env->self, 5);
  CHECK((env->irq_lines(env->self) & (1u << (8 + core))) != 0);
  line.su = &su;
  line.core = core;
  pmu_safesu_mccu_isr(&line);
  CHECK(calls->n == 2 && calls->sources[1] == core);
  CHECK((env->irq_lines(env->self) & (1u << (8 + core))) == 0);
  rem = pmu_safesu_mccu_remaining_read(&su, core);
  OK(rem.status);
  CHECK(rem.value == 0); /* not refilled */
  OK(pmu_safesu_mccu_disable(&su));
  return 0;
}

int c_api_safesu_rdc_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls) {
  pmu_safesu_t su;
  static pmu_safesu_callbacks_t cbs;
  const unsigned input = 3;
  uint8_t all[8];
  pmu_u8_result_t wm;
  pmu_u32_result_t vec;
  pmu_bool_result_t fired;
  memset(&cbs, 0, sizeof cbs);
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  OK(pmu_safesu_rdc_callback_set(&su, input, record, calls));
  OK(pmu_safesu_crossbar_route(&su, input, 7));
  OK(pmu_safesu_rdc_threshold_set(&su, input, 10));
  OK(pmu_safesu_rdc_enable(&su));
  env->set_event(env->self, 7, true);
  env->advance(env->self, 20);
  env->set_event(env->self, 7, false);
  env->advance(env->self, 3);
  vec = pmu_safesu_rdc_vector_read(&su);
  OK(vec.status);
  CHECK(vec.value == 1u << input); /* per input, not per core */
  fired = pmu_safesu_rdc_fired(&su, input);
  OK(fired.status);
  CHECK(fired.value);
  wm = pmu_safesu_rdc_watermark_read(&su, input);
  OK(wm.status);
  CHECK(wm.value >= 19);
  CHECK((env->irq_lines(env->self) & 4u) != 0);
  vec = pmu_safesu_rdc_irq_handle(&su);
  OK(vec.status);
  CHECK(vec.value == 1u << input);
  CHECK(calls->n == 1 && calls->sources[0] == input);
  CHECK((env->irq_lines(env->self) & 4u) == 0);
  OK(pmu_safesu_rdc_watermarks_read(&su, all, 8));
  CHECK(all[input] == wm.value); /* kept by the hook's toggle */
  /* Again through the ISR adapter. */
  env->set_event(env->self, 7, true);
  env->advance(env->self, 20);
  env->set_event(env->self, 7, false);
  env->advance(env->self, 3);
  CHECK((env->irq_lines(env->self) & 4u) != 0);
  pmu_safesu_rdc_isr(&su);
  CHECK(calls->n == 2 && calls->sources[1] == input);
  CHECK((env->irq_lines(env->self) & 4u) == 0);
  OK(pmu_safesu_rdc_reset(&su));
  wm = pmu_safesu_rdc_watermark_read(&su, input);
  OK(wm.status);
  CHECK(wm.value == 0);
  OK(pmu_safesu_rdc_disable(&su));
  return 0;
}

int c_api_safesu_selftest_case(uintptr_t base, unsigned* checks) {
  pmu_safesu_t su;
  pmu_safesu_selftest_report_t rep;
  unsigned i;
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_selftest_run(&su, &rep));
  CHECK(rep.count > 0 && rep.count <= PMU_SAFESU_MAX_SELFTEST_CHECKS && rep.failed == 0);
  for (i = 0; i < rep.count; ++i) CHECK(rep.checks[i].name != NULL && rep.checks[i].pass);
  *checks = rep.count;
  return 0;
}

int c_api_safesu_params_case(uintptr_t base) {
  pmu_safesu_t su;
  pmu_safesu_params_t p;
  pmu_safesu_map_t map, old_map;
  pmu_safesu_info_t info;
  pmu_u32_result_t ev;
  OK(pmu_safesu_params_default(&p));
  CHECK(p.reg_width == 32 && p.n_counters == 24 && p.mccu_n_events == 2 && p.weight0_never_fires);
  p.mccu_n_cores = 6;
  p.n_soc_ev = 256;
  OK(pmu_safesu_init_params(&su, base, &p, &map));
  OK(pmu_safesu_info_get(&su, &info));
  CHECK(info.base == base && info.n_counters == 24 && info.n_cores == 6 && info.n_inputs == 12);
  CHECK(info.n_soc_ev == 256 && !info.ft && info.rdc_usable);
  OK(pmu_safesu_crossbar_route(&su, 5, 200));
  ev = pmu_safesu_crossbar_event_get(&su, 5);
  OK(ev.status);
  CHECK(ev.value == 200);
  CHECK(pmu_safesu_crossbar_route(&su, 5, 256) == PMU_EBADARG);
  /* Old 4-core RTL: the RDC cannot be used. */
  OK(pmu_safesu_params_default(&p));
  p.vintage = PMU_SAFESU_RDC_PRE2025;
  OK(pmu_safesu_init_params(&su, base, &p, &old_map));
  OK(pmu_safesu_info_get(&su, &info));
  CHECK(!info.rdc_usable);
  CHECK(pmu_safesu_rdc_enable(&su) == PMU_EUNAVAILABLE);
  return 0;
}

int c_api_safesu_ft_unavailable(uintptr_t base) {
  pmu_safesu_t su;
  pmu_safesu_callbacks_t cbs;
  memset(&cbs, 0, sizeof cbs);
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_6C256));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  CHECK(pmu_safesu_ft_callback_set(&su, record, NULL) == PMU_EUNAVAILABLE);
  CHECK(pmu_safesu_ft_irq_handle(&su, 1) == PMU_EUNAVAILABLE);
  CHECK(strcmp(pmu_status_name(PMU_EUNAVAILABLE), "unavailable") == 0);
  return 0;
}

int c_api_safesu_wrapper_case(void) {
  pmu_safesu_wrapper_irqs_t l;
  OK(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_A, 4, &l));
  CHECK(l.overflow == 6 && l.quota == 12 && l.rdc == 11 && l.mccu0 == 7);
  OK(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_B, 6, &l));
  CHECK(l.overflow == 10 && l.rdc == 11 && l.mccu0 == 4);
  OK(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_C, 6, &l)); /* the last version: as B */
  CHECK(l.overflow == 10 && l.rdc == 11 && l.mccu0 == 4);
  BAD(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_A, 6, &l)); /* version A is 4 cores only */
  BAD(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_C, 7, &l));
  BAD(pmu_safesu_wrapper_irqs_get((pmu_safesu_wrapper_t)3, 4, &l));
  BAD(pmu_safesu_wrapper_irqs_get(PMU_SAFESU_WRAPPER_B, 4, NULL));
  return 0;
}

int c_api_grlib_find_case(uintptr_t area, uintptr_t expect_base) {
  pmu_grlib_device_t d;
  pmu_safesu_t su;
  OK(pmu_grlib_safesu_find(0, area, &d));
  CHECK(d.base == expect_base && d.device == 0x003 && (d.vendor == 0x09 || d.vendor == 0x0E));
  OK(pmu_safesu_init(&su, d.base, PMU_SAFESU_LAYOUT_4C128));
  CHECK(pmu_grlib_safesu_find(1, area, &d) == PMU_ENOTFOUND);
  return 0;
}

/* A configuration and one overflow interrupt, all from C. c_api_test.cpp runs
 * the same C++ calls on a second model and compares the two access logs:
 * the C layer adds no access and drops none. The route table covers every
 * counter: one call, each crossbar register written once. */
int c_api_safesu_mirror_case(const c_api_env_t* env, uintptr_t base, uint32_t* served) {
  static pmu_safesu_callbacks_t cbs;
  static pmu_safesu_totals_t totals;
  static const uint8_t weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  pmu_safesu_route_t table[24];
  pmu_safesu_t su;
  pmu_u32_result_t hook, v;
  pmu_u64_result_t total;
  unsigned k;
  memset(&cbs, 0, sizeof cbs);
  memset(&totals, 0, sizeof totals);
  for (k = 0; k < 24; ++k) {
    table[k].output = (uint8_t)(23u - k);
    table[k].event = (uint16_t)(k + 1u);
  }
  OK(pmu_safesu_init(&su, base, PMU_SAFESU_LAYOUT_4C128));
  OK(pmu_safesu_callbacks_attach(&su, &cbs));
  OK(pmu_safesu_totals_track(&su, &totals));
  OK(pmu_safesu_crossbar_route_table(&su, table, 24));
  OK(pmu_safesu_mccu_weights_set(&su, weights, 8));
  OK(pmu_safesu_counters_reset(&su));
  OK(pmu_safesu_overflow_irq_set(&su, 5, true));
  OK(pmu_safesu_overflow_enable(&su, true));
  OK(pmu_safesu_counter_write(&su, 5, 0xFFFFFFF0u));
  OK(pmu_safesu_selftest_mode_set(&su, PMU_SAFESU_MODE_ALL_ONES));
  OK(pmu_safesu_counters_enable(&su));
  env->advance(env->self, 40);
  hook = pmu_safesu_overflow_irq_handle(&su);
  OK(hook.status);
  *served = hook.value; /* c_api_test.cpp compares it with the C++ hook's */
  OK(pmu_safesu_counters_disable(&su));
  v = pmu_safesu_counter_read(&su, 5);
  OK(v.status);
  total = pmu_safesu_counter_read64(&su, 5);
  OK(total.status);
  CHECK(total.value > 0xFFFFFFFFull && (uint32_t)total.value == v.value);
  return 0;
}

/* C11's _Alignof of each answer: its size, two pointers at most, as C++
 * sees it (c_api_test.cpp, AnswersAreAlignedToTheirSize). */
#define ANSWER_ALIGN(T) (sizeof(T) <= 2 * sizeof(void*) ? sizeof(T) : 2 * sizeof(void*))
int c_api_answer_alignments_match(void) {
  return _Alignof(pmu_u32_result_t) == ANSWER_ALIGN(pmu_u32_result_t) &&
         _Alignof(pmu_u64_result_t) == ANSWER_ALIGN(pmu_u64_result_t) &&
         _Alignof(pmu_u8_result_t) == ANSWER_ALIGN(pmu_u8_result_t) &&
         _Alignof(pmu_bool_result_t) == ANSWER_ALIGN(pmu_bool_result_t) &&
         _Alignof(pmu_name_result_t) == ANSWER_ALIGN(pmu_name_result_t);
}
