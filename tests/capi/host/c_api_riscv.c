/* SPDX-License-Identifier: Apache-2.0 */
/* RISC-V counter C API exercised from C (see c_api_tests.h). */
#include <string.h>

#include "c_api_tests.h"
#include "pmu/c/pmu_riscv.h"

/* Every privilege mode inhibited: the largest inhibit mask. */
#define EVERY_MODE \
  (PMU_RISCV_INHIBIT_M | PMU_RISCV_INHIBIT_S | PMU_RISCV_INHIBIT_U | PMU_RISCV_INHIBIT_VS | PMU_RISCV_INHIBIT_VU)

static void record(void* ctx, unsigned source) {
  c_api_calls_t* c = (c_api_calls_t*)ctx;
  if (c->n < 8) c->sources[c->n] = source;
  c->n++;
}

static int bad_handle(pmu_riscv_counters_t* h) {
  const pmu_riscv_ame_composition_t comp = {{1, 0, 0, 0}, {PMU_RISCV_AME_OR, PMU_RISCV_AME_OR, PMU_RISCV_AME_OR}, 0};
  BAD(pmu_riscv_counters_prepare(h));
  REFUSED(pmu_riscv_counter_read(h, 3));
  BAD(pmu_riscv_counter_write(h, 3, 0));
  BAD(pmu_riscv_counters_start(h, 8));
  BAD(pmu_riscv_counters_stop(h, 8));
  BAD(pmu_riscv_counter_program(h, 3, 2));
  REFUSED(pmu_riscv_counter_event_read(h, 3));
  REFUSED(pmu_riscv_counter_width_probe(h, 3));
  BAD(pmu_riscv_counter_width_set(h, 3, 40));
  REFUSED(pmu_riscv_counter_read_extended(h, 3));
  BAD(pmu_riscv_counter_reset_extended(h, 3, 0));
  REFUSED(pmu_riscv_overflow_vector_read(h));
  BAD(pmu_riscv_overflow_clear(h, 3));
  BAD(pmu_riscv_overflow_irq_enable(h));
  BAD(pmu_riscv_overflow_callback_set(h, 3, record, NULL));
  BAD(pmu_riscv_callbacks_attach(h, NULL));
  BAD(pmu_riscv_totals_track(h, NULL));
  pmu_riscv_overflow_isr(h); /* ignored: nothing touched */
  REFUSED(pmu_riscv_overflow_irq_handle(h));
  BAD(pmu_riscv_ame_counter_program(h, 3, &comp));
  BAD(pmu_riscv_ame_counteren_set(h, 8, 0, 0));
  return 0;
}

int c_api_riscv_bad_args(void) {
  pmu_riscv_counters_t h;
  pmu_riscv_counters_config_t cfg;
  pmu_riscv_ibex_t ibex;
  static pmu_riscv_totals_t totals;
  static pmu_riscv_callbacks_t cbs;
  pmu_riscv_ame_composition_t comp = {{1, 0, 0, 0}, {PMU_RISCV_AME_OR, PMU_RISCV_AME_OR, PMU_RISCV_AME_OR}, 0};
  pmu_u64_result_t r64;
  pmu_u32_result_t r32;
  pmu_name_result_t name;
  int line;

  if ((line = bad_handle(NULL)) != 0) return line;
  memset(&h, 0, sizeof h);
  if ((line = bad_handle(&h)) != 0) return line;
  BAD(pmu_riscv_counters_config_default(NULL));
  OK(pmu_riscv_counters_config_default(&cfg));
  CHECK(cfg.counters == 0 && !cfg.sscofpmf && cfg.present);
  BAD(pmu_riscv_counters_init(NULL, &cfg));
  BAD(pmu_riscv_counters_init(&h, NULL));
  cfg.overflow_source = (pmu_riscv_overflow_source_t)2;
  BAD(pmu_riscv_counters_init(&h, &cfg));
  cfg.overflow_source = PMU_RISCV_OVERFLOW_EVENT_OF; /* the last valid value */
  OK(pmu_riscv_counters_init(&h, &cfg));
  cfg.overflow_source = PMU_RISCV_OVERFLOW_SCOUNTOVF;
  cfg.irq_mode = (pmu_riscv_irq_mode_t)2;
  BAD(pmu_riscv_counters_init(&h, &cfg));
  cfg.irq_mode = PMU_RISCV_IRQ_MACHINE;

  cfg.counters = 0x1Du; /* cycle, instret, hpm3, hpm4; no Sscofpmf */
  OK(pmu_riscv_counters_init(&h, &cfg));
  BAD(pmu_riscv_totals_init(NULL));
  /* Opt-in storage absent. */
  UNAVAILABLE(pmu_riscv_counter_read_extended(&h, 3));
  CHECK(pmu_riscv_overflow_callback_set(&h, 3, record, NULL) == PMU_EUNAVAILABLE);
  memset(&totals, 0xA5, sizeof totals);
  OK(pmu_riscv_totals_init(&totals));
  {
    /* init leaves exactly what zero-filled storage holds (widths 64) */
    static const pmu_riscv_totals_t zero;
    CHECK(memcmp(&totals, &zero, sizeof zero) == 0);
  }
  OK(pmu_riscv_totals_track(&h, &totals));
  OK(pmu_riscv_callbacks_attach(&h, &cbs));
  REFUSED(pmu_riscv_counter_read(&h, 5)); /* not implemented */
  REFUSED(pmu_riscv_counter_read(&h, 1)); /* time is not a machine counter */
  BAD(pmu_riscv_counter_write(&h, 5, 0));
  BAD(pmu_riscv_counters_start(&h, 0));
  BAD(pmu_riscv_counters_start(&h, 1u << 5));
  BAD(pmu_riscv_counter_program(&h, 0, 2)); /* cycle has no selector */
  BAD(pmu_riscv_counter_program(&h, 3, (uint64_t)1 << 62)); /* filter bits need Sscofpmf */
  BAD(pmu_riscv_counter_width_set(&h, 3, 0));
  BAD(pmu_riscv_counter_width_set(&h, 3, 65));
  BAD(pmu_riscv_overflow_callback_set(&h, 0, record, NULL)); /* hpm counters only */
  UNAVAILABLE(pmu_riscv_overflow_vector_read(&h)); /* no Sscofpmf */
  r32 = pmu_riscv_overflow_irq_handle(&h);
  CHECK(r32.status == PMU_EUNAVAILABLE && r32.value == 0);
  BAD(pmu_riscv_ame_counter_program(&h, 3, &comp)); /* not an AME handle */
  BAD(pmu_riscv_ame_counteren_set(&h, 8, 0, 0));
  REFUSED(pmu_riscv_sbi_discover(&h)); /* not an SBI handle */
  BAD(pmu_riscv_sbi_counter_program(&h, 3, PMU_RISCV_SBI_HW_CPU_CYCLES, 0, 0));
  REFUSED(pmu_riscv_hpm_event_make((uint64_t)1 << 56, 0));
  REFUSED(pmu_riscv_hpm_event_make(2, 0x20));
  r64 = pmu_riscv_hpm_event_make(2, PMU_RISCV_INHIBIT_M);
  OK(r64.status);
  CHECK(r64.value == 0x4000000000000002ull);
  r64 = pmu_riscv_hpm_event_make(2, EVERY_MODE);
  OK(r64.status);
  CHECK(r64.value == 0x7C00000000000002ull); /* MINH..VUINH, bits 62..58 */

  /* AME not declared: everything unavailable, nothing touched. */
  BAD(pmu_riscv_ame_init(NULL, true, 0));
  OK(pmu_riscv_ame_init(&h, false, 0));
  UNAVAILABLE(pmu_riscv_counter_read(&h, 3));
  CHECK(pmu_riscv_counters_prepare(&h) == PMU_EUNAVAILABLE);
  CHECK(pmu_riscv_ame_counteren_set(&h, 8, 0, 0) == PMU_EUNAVAILABLE);
  OK(pmu_riscv_ame_init(&h, true, 0));
  BAD(pmu_riscv_ame_counter_program(&h, 3, NULL));
  comp.op[1] = (pmu_riscv_ame_op_t)3; /* illegal OPTYPE */
  BAD(pmu_riscv_ame_counter_program(&h, 3, &comp));
  comp.op[1] = PMU_RISCV_AME_OR;
  comp.event[2] = 20; /* outside the AME pool */
  BAD(pmu_riscv_ame_counter_program(&h, 3, &comp));
  comp.event[2] = 0;
  comp.inhibit = 0x20;
  BAD(pmu_riscv_ame_counter_program(&h, 3, &comp));
  BAD(pmu_riscv_ame_counteren_set(&h, 2, 0, 0)); /* bit 1 must be 0 */
  name = pmu_riscv_ame_event_name_get(20);
  CHECK(name.status == PMU_ENOTFOUND && name.value == NULL);
  name = pmu_riscv_ame_event_name_get(1);
  OK(name.status);
  CHECK(name.value != NULL);

  /* Ibex. */
  BAD(pmu_riscv_ibex_init(NULL, 2, 40));
  BAD(pmu_riscv_ibex_init(&ibex, 11, 40));
  BAD(pmu_riscv_ibex_init(&ibex, 2, 0));
  memset(&ibex, 0, sizeof ibex);
  BAD(pmu_riscv_ibex_prepare(&ibex));
  REFUSED(pmu_riscv_ibex_discover(&ibex));
  REFUSED(pmu_riscv_ibex_counter_read(&ibex, 0));
  REFUSED(pmu_riscv_ibex_counter_read_extended(&ibex, 0));
  REFUSED(pmu_riscv_ibex_event_read(&ibex, 0));
  BAD(pmu_riscv_ibex_counters_start(&ibex, 1));
  BAD(pmu_riscv_ibex_counters_stop(&ibex, 1));
  BAD(pmu_riscv_ibex_totals_track(&ibex, &totals));
  OK(pmu_riscv_ibex_init(&ibex, 2, 40));
  REFUSED(pmu_riscv_ibex_event_read(&ibex, 1)); /* reserved id */
  REFUSED(pmu_riscv_ibex_event_read(&ibex, 13));
  UNAVAILABLE(pmu_riscv_ibex_event_read(&ibex, 5)); /* hpm3, hpm4 only */
  UNAVAILABLE(pmu_riscv_ibex_event_read(&ibex, 12)); /* the last id: not refused */
  REFUSED(pmu_riscv_ibex_counter_read(&ibex, 5));
  return 0;
}

int c_api_riscv_count_case(const c_api_env_t* env, uint64_t* hpm3) {
  pmu_riscv_counters_t h;
  pmu_riscv_counters_config_t cfg;
  pmu_u64_result_t ev, sel, v;
  OK(pmu_riscv_counters_config_default(&cfg));
  cfg.counters = 0x1Du;
  cfg.sscofpmf = true;
  OK(pmu_riscv_counters_init(&h, &cfg));
  OK(pmu_riscv_counters_prepare(&h));
  ev = pmu_riscv_hpm_event_make(2, 0);
  OK(ev.status);
  OK(pmu_riscv_counter_program(&h, 3, ev.value));
  sel = pmu_riscv_counter_event_read(&h, 3);
  OK(sel.status);
  CHECK(sel.value == ev.value);
  OK(pmu_riscv_counter_write(&h, 3, 0));
  OK(pmu_riscv_counters_start(&h, 1u << 3));
  env->advance(env->self, 100);
  OK(pmu_riscv_counters_stop(&h, 1u << 3));
  v = pmu_riscv_counter_read(&h, 3);
  OK(v.status);
  *hpm3 = v.value;
  CHECK(*hpm3 >= 300); /* 3 per cycle */
  return 0;
}

int c_api_riscv_overflow_hook_case(const c_api_env_t* env, c_api_calls_t* calls) {
  pmu_riscv_counters_t h, copy;
  pmu_riscv_counters_config_t cfg;
  static pmu_riscv_callbacks_t cbs;
  static pmu_riscv_totals_t totals;
  pmu_u32_result_t bits, vec;
  pmu_u64_result_t total;
  OK(pmu_riscv_counters_config_default(&cfg));
  cfg.counters = 0x1Du;
  cfg.sscofpmf = true;
  OK(pmu_riscv_counters_init(&h, &cfg));
  OK(pmu_riscv_totals_track(&h, &totals)); /* zero-filled static storage: ready without init */
  OK(pmu_riscv_callbacks_attach(&h, &cbs));
  OK(pmu_riscv_counters_prepare(&h));
  bits = pmu_riscv_counter_width_probe(&h, 3);
  OK(bits.status);
  CHECK(bits.value == 40);
  OK(pmu_riscv_counter_program(&h, 3, 2));
  OK(pmu_riscv_counter_write(&h, 3, ((uint64_t)1 << 40) - 16));
  OK(pmu_riscv_counter_reset_extended(&h, 3, 0));
  OK(pmu_riscv_overflow_callback_set(&h, 3, record, calls));
  OK(pmu_riscv_overflow_irq_enable(&h));
  OK(pmu_riscv_counters_start(&h, 1u << 3));
  env->advance(env->self, 64);
  CHECK((env->irq_lines(env->self) & 1u) != 0); /* LCOFI */
  vec = pmu_riscv_overflow_vector_read(&h);
  OK(vec.status);
  CHECK(vec.value == 1u << 3);
  copy = h; /* a handle copied by value is the same file: the ISR takes it */
  memset(&h, 0, sizeof h);
  pmu_riscv_overflow_isr(&copy);
  h = copy;
  CHECK(calls->n == 1 && calls->sources[0] == 3);
  CHECK((env->irq_lines(env->self) & 1u) == 0);
  OK(pmu_riscv_counters_stop(&h, 1u << 3));
  total = pmu_riscv_counter_read_extended(&h, 3);
  OK(total.status);
  CHECK(total.value >= 64); /* counted across the wrap, from 0 at reset_extended */
  OK(pmu_riscv_overflow_clear(&h, 3));
  return 0;
}

int c_api_riscv_ame_case(const c_api_env_t* env, uint64_t* value) {
  pmu_riscv_counters_t h;
  pmu_riscv_counters_t only3;
  pmu_u64_result_t v;
  const pmu_riscv_ame_composition_t one = {{1, 0, 0, 0}, {PMU_RISCV_AME_OR, PMU_RISCV_AME_OR, PMU_RISCV_AME_OR}, 0};
  const pmu_riscv_ame_composition_t mixed = {
      {1, 2, 3, 4}, {PMU_RISCV_AME_AND, PMU_RISCV_AME_XOR, PMU_RISCV_AME_ADD}, EVERY_MODE};
  OK(pmu_riscv_ame_init(&h, true, 0));
  OK(pmu_riscv_counters_prepare(&h));
  OK(pmu_riscv_ame_counter_program(&h, 3, &one));
  /* Every operator slot carried over (the C++ side checks the selector). */
  OK(pmu_riscv_ame_counter_program(&h, 4, &mixed));
  /* A file of the counters given (hpm3 only): hpm4 is not one of them. */
  OK(pmu_riscv_ame_init(&only3, true, 1u << 3));
  CHECK(pmu_riscv_ame_counter_program(&only3, 4, &one) == PMU_EBADARG);
  OK(pmu_riscv_counter_write(&h, 3, 0));
  OK(pmu_riscv_ame_counteren_set(&h, 1u << 3, 0, 0));
  OK(pmu_riscv_counters_start(&h, 1u << 3));
  env->advance(env->self, 50);
  OK(pmu_riscv_counters_stop(&h, 1u << 3));
  v = pmu_riscv_counter_read(&h, 3);
  OK(v.status);
  *value = v.value;
  CHECK(*value > 0);
  return 0;
}

/* S-mode under SBI: discover, program an SBI hardware event, take the
 * supervisor LCOFI through the ISR adapter. The C++ side runs the CSR model
 * at S privilege behind the SBI model. */
int c_api_riscv_sbi_case(const c_api_env_t* env, c_api_calls_t* calls, uint64_t* total) {
  pmu_riscv_counters_t h;
  pmu_riscv_counters_config_t cfg;
  static pmu_riscv_callbacks_t cbs;
  static pmu_riscv_totals_t totals;
  pmu_u32_result_t mask;
  pmu_u64_result_t t;
  OK(pmu_riscv_counters_config_default(&cfg));
  cfg.counters = 0x5u | 0x8u;
  cfg.sscofpmf = true;
  cfg.irq_mode = PMU_RISCV_IRQ_SUPERVISOR;
  OK(pmu_riscv_counters_init(&h, &cfg));
  OK(pmu_riscv_totals_init(&totals));
  OK(pmu_riscv_totals_track(&h, &totals));
  OK(pmu_riscv_callbacks_attach(&h, &cbs));
  mask = pmu_riscv_sbi_discover(&h);
  OK(mask.status);
  CHECK(mask.value == 0xDu);
  OK(pmu_riscv_counters_prepare(&h));
  BAD(pmu_riscv_sbi_counter_program(&h, 3, PMU_RISCV_SBI_HW_INSTRUCTIONS, 0, 0x20));
  /* Every mode inhibited: the largest mask is accepted (then reprogrammed). */
  OK(pmu_riscv_sbi_counter_program(&h, 3, PMU_RISCV_SBI_HW_INSTRUCTIONS, 0, EVERY_MODE));
  OK(pmu_riscv_sbi_counter_program(&h, 3, PMU_RISCV_SBI_HW_INSTRUCTIONS, 0, 0));
  OK(pmu_riscv_overflow_callback_set(&h, 3, record, calls));
  OK(pmu_riscv_counter_write(&h, 3, (uint64_t)0 - 100u));
  OK(pmu_riscv_counter_reset_extended(&h, 3, 0));
  OK(pmu_riscv_overflow_irq_enable(&h));
  OK(pmu_riscv_counters_start(&h, 0x8u));
  env->advance(env->self, 200);
  CHECK((env->irq_lines(env->self) & 1u) != 0); /* supervisor LCOFI */
  pmu_riscv_overflow_isr(&h);
  CHECK(calls->n == 1 && calls->sources[0] == 3);
  CHECK((env->irq_lines(env->self) & 1u) == 0);
  t = pmu_riscv_counter_read_extended(&h, 3);
  OK(t.status);
  *total = t.value;
  return 0;
}
