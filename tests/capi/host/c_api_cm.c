/* SPDX-License-Identifier: Apache-2.0 */
/* CM perf C API exercised from C (see c_api_tests.h). */
#include <string.h>

#include "c_api_tests.h"
#include "pmu/c/pmu_cm.h"

static void record(void* ctx, unsigned source) {
  c_api_calls_t* c = (c_api_calls_t*)ctx;
  if (c->n < 8) c->sources[c->n] = source;
  c->n++;
}

static int bad_handle(pmu_cm_t* cm) {
  static pmu_cm_callbacks_t cbs;
  static pmu_cm_totals_t totals;
  BAD(pmu_cm_callbacks_attach(cm, &cbs));
  BAD(pmu_cm_totals_track(cm, &totals));
  BAD(pmu_cm_probe(cm));
  BAD(pmu_cm_counter_program(cm, PMU_CM_P0, 0, 0));
  BAD(pmu_cm_counters_control(cm, PMU_CM_SET_P0, 0, 0));
  BAD(pmu_cm_counters_start(cm, PMU_CM_SET_P0));
  BAD(pmu_cm_counters_stop(cm, PMU_CM_SET_P0));
  BAD(pmu_cm_counters_reset(cm, PMU_CM_SET_P0));
  BAD(pmu_cm_counters_reset_and_start(cm, PMU_CM_SET_P0));
  BAD(pmu_cm_counter_preload(cm, PMU_CM_P0, 1));
  REFUSED(pmu_cm_counter_read(cm, PMU_CM_P0));
  REFUSED(pmu_cm_counter_read64(cm, PMU_CM_P0));
  REFUSED(pmu_cm_overflow_read(cm));
  BAD(pmu_cm_overflow_clear(cm, PMU_CM_SET_P0));
  BAD(pmu_cm_overflow_stop_set(cm, true));
  BAD(pmu_cm_interrupt_enable_set(cm, true));
  BAD(pmu_cm_overflow_callback_set(cm, PMU_CM_P0, record, NULL));
  REFUSED(pmu_cm_overflow_irq_handle(cm));
  pmu_cm_overflow_isr(cm); /* ignored: nothing touched */
  return 0;
}

int c_api_cm_bad_args(void) {
  pmu_cm_t cm;
  pmu_name_result_t name;
  int line;
  if ((line = bad_handle(NULL)) != 0) return line;
  memset(&cm, 0, sizeof cm);
  if ((line = bad_handle(&cm)) != 0) return line;
  BAD(pmu_cm_init(NULL, 0x1FB80000u, true));
  OK(pmu_cm_init(&cm, 0x1FB80000u, true));
  /* Opt-in storage absent. */
  CHECK(pmu_cm_overflow_callback_set(&cm, PMU_CM_P0, record, NULL) == PMU_EUNAVAILABLE);
  REFUSED(pmu_cm_counter_read(&cm, (pmu_cm_counter_t)3));
  REFUSED(pmu_cm_counter_read64(&cm, (pmu_cm_counter_t)3));
  BAD(pmu_cm_counter_program(&cm, PMU_CM_CYCLE, 0, 0)); /* no event on the cycle counter */
  BAD(pmu_cm_counter_program(&cm, PMU_CM_P0, 7, 0));    /* not in the event table */
  BAD(pmu_cm_counter_preload(&cm, (pmu_cm_counter_t)3, 0));
  BAD(pmu_cm_counters_start(&cm, 0x8));   /* no such counter */
  BAD(pmu_cm_counters_start(&cm, 0));     /* nothing to do */
  BAD(pmu_cm_counters_control(&cm, PMU_CM_SET_P0, PMU_CM_SET_P0, 0)); /* start and stop */
  BAD(pmu_cm_overflow_clear(&cm, 0x10));
  BAD(pmu_cm_overflow_callback_set(&cm, (pmu_cm_counter_t)3, record, NULL));
  /* A base that is not 32 KiB aligned: every register call refuses. */
  OK(pmu_cm_init(&cm, 0x1FB80100u, true));
  BAD(pmu_cm_probe(&cm));
  BAD(pmu_cm_counters_start(&cm, PMU_CM_SET_ALL));
  name = pmu_cm_event_name_get(7);
  CHECK(name.status == PMU_ENOTFOUND && name.value == NULL);
  name = pmu_cm_event_name_get(5);
  OK(name.status);
  CHECK(strcmp(name.value, "sharing miss") == 0);
  return 0;
}

int c_api_cm_absent_case(uintptr_t gcr_base) {
  pmu_cm_t cm;
  OK(pmu_cm_init(&cm, gcr_base, false)); /* the board says: no perf block */
  CHECK(pmu_cm_probe(&cm) == PMU_EUNAVAILABLE);
  CHECK(pmu_cm_counters_start(&cm, PMU_CM_SET_ALL) == PMU_EUNAVAILABLE);
  UNAVAILABLE(pmu_cm_counter_read(&cm, PMU_CM_CYCLE));
  return 0;
}

int c_api_cm_count_case(const c_api_env_t* env, uintptr_t gcr_base, uint64_t totals[3]) {
  pmu_cm_t cm;
  static pmu_cm_totals_t storage;
  const pmu_cm_counter_t order[3] = {PMU_CM_P0, PMU_CM_P1, PMU_CM_CYCLE}; /* into totals[0..2] */
  pmu_u32_result_t raw;
  unsigned i;
  OK(pmu_cm_init(&cm, gcr_base, true));
  UNAVAILABLE(pmu_cm_counter_read64(&cm, PMU_CM_P0));
  OK(pmu_cm_totals_track(&cm, &storage));
  OK(pmu_cm_probe(&cm));
  OK(pmu_cm_counter_program(&cm, PMU_CM_P0, 0, 0));
  OK(pmu_cm_counter_program(&cm, PMU_CM_P1, 5, 0x12345678u));
  OK(pmu_cm_counters_reset_and_start(&cm, PMU_CM_SET_ALL));
  env->advance(env->self, 1000);
  OK(pmu_cm_counters_stop(&cm, PMU_CM_SET_ALL));
  for (i = 0; i < 3; ++i) {
    const pmu_u64_result_t t = pmu_cm_counter_read64(&cm, order[i]);
    OK(t.status);
    totals[i] = t.value;
  }
  raw = pmu_cm_counter_read(&cm, PMU_CM_CYCLE);
  OK(raw.status);
  CHECK(raw.value == (uint32_t)totals[2]);
  CHECK(totals[2] >= 1000);
  return 0;
}

int c_api_cm_overflow_hook_case(const c_api_env_t* env, uintptr_t gcr_base, c_api_calls_t* calls, uint64_t* total) {
  pmu_cm_t cm, copy;
  pmu_cm_callbacks_t cbs;
  pmu_cm_totals_t storage;
  pmu_u32_result_t set;
  pmu_u64_result_t t;
  memset(&cbs, 0, sizeof cbs);
  memset(&storage, 0, sizeof storage);
  OK(pmu_cm_init(&cm, gcr_base, true));
  OK(pmu_cm_callbacks_attach(&cm, &cbs));
  OK(pmu_cm_totals_track(&cm, &storage));
  OK(pmu_cm_counter_program(&cm, PMU_CM_P0, 0, 0));
  OK(pmu_cm_counters_reset(&cm, PMU_CM_SET_ALL));
  OK(pmu_cm_counter_preload(&cm, PMU_CM_P0, 0xFFFFFF00u));
  OK(pmu_cm_overflow_callback_set(&cm, PMU_CM_P0, record, calls));
  OK(pmu_cm_overflow_stop_set(&cm, false));
  OK(pmu_cm_interrupt_enable_set(&cm, true));
  OK(pmu_cm_counters_start(&cm, PMU_CM_SET_P0));
  env->advance(env->self, 0x200);
  CHECK((env->irq_lines(env->self) & 1u) != 0); /* CM_PCInt */
  set = pmu_cm_overflow_read(&cm);
  OK(set.status);
  CHECK((set.value & PMU_CM_SET_P0) != 0);
  copy = cm; /* a handle copied by value is the same unit */
  memset(&cm, 0, sizeof cm);
  pmu_cm_overflow_isr(&copy); /* the ISR adapter, given the copy */
  cm = copy;
  CHECK(calls->n == 1 && calls->sources[0] == PMU_CM_P0);
  CHECK((env->irq_lines(env->self) & 1u) == 0);
  set = pmu_cm_overflow_irq_handle(&cm); /* spurious: nothing served, no callback */
  OK(set.status);
  CHECK(set.value == 0 && calls->n == 1);
  OK(pmu_cm_counters_stop(&cm, PMU_CM_SET_P0));
  t = pmu_cm_counter_read64(&cm, PMU_CM_P0); /* events since the reset, across the wrap */
  OK(t.status);
  *total = t.value;
  CHECK(*total >= 0x100);
  OK(pmu_cm_overflow_clear(&cm, PMU_CM_SET_ALL));
  return 0;
}
