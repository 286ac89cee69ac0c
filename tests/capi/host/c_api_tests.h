/* SPDX-License-Identifier: Apache-2.0 */
/* The C side of the C API tests: functions written in C (c_api_*.c, compiled
 * as C11) that drive pmu/c/pmu.h; c_api_test.cpp (GoogleTest) sets up the
 * models or the expected register sequences and calls them. Each returns 0
 * on success or the __LINE__ of the first failed check in its .c file. */
#ifndef PMU_TESTS_C_API_TESTS_H
#define PMU_TESTS_C_API_TESTS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef __cplusplus
/* The C side's checks: a failed one returns its line. */
#define CHECK(x)               \
  do {                         \
    if (!(x)) return __LINE__; \
  } while (0)
#define OK(x) CHECK((x) == PMU_OK)
#define BAD(x) CHECK((x) == PMU_EBADARG)
/* A refused value call: PMU_EBADARG, and the value 0 (false, NULL). */
#define REFUSED(call)                             \
  do {                                            \
    const __typeof__(call) r_ = (call);           \
    CHECK(r_.status == PMU_EBADARG && !r_.value); \
  } while (0)
/* A value call of an absent unit or feature: PMU_EUNAVAILABLE, value 0. */
#define UNAVAILABLE(call)                              \
  do {                                                 \
    const __typeof__(call) r_ = (call);                \
    CHECK(r_.status == PMU_EUNAVAILABLE && !r_.value); \
  } while (0)
#endif

/* What the C code may do to the simulated world. */
typedef struct c_api_env {
  void* self;
  void (*advance)(void* self, unsigned cycles);         /* let bus time pass */
  void (*set_event)(void* self, unsigned event, bool level);
  uint32_t (*irq_lines)(void* self);                     /* the model's irq_outputs() */
} c_api_env_t;

/* Callback recorder shared by the hook cases. */
typedef struct c_api_calls {
  unsigned n;
  unsigned sources[8];
} c_api_calls_t;

/* SafeSU (c_api_safesu.c). */
int c_api_safesu_bad_args(void);
int c_api_safesu_sequences(uintptr_t base);
int c_api_safesu_count_case(const c_api_env_t* env, uintptr_t base, uint32_t out[5]);
int c_api_safesu_overflow_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls);
int c_api_safesu_mccu_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls);
int c_api_safesu_rdc_hook_case(const c_api_env_t* env, uintptr_t base, c_api_calls_t* calls);
int c_api_safesu_selftest_case(uintptr_t base, unsigned* checks);
int c_api_safesu_params_case(uintptr_t base);
int c_api_safesu_ft_unavailable(uintptr_t base);
int c_api_safesu_mirror_case(const c_api_env_t* env, uintptr_t base, uint32_t* served);
int c_api_safesu_wrapper_case(void);
int c_api_grlib_find_case(uintptr_t area, uintptr_t expect_base);
/* 1 when C sees each answer aligned to its size, two pointers at most (c_api_safesu.c). */
int c_api_answer_alignments_match(void);

/* CM (c_api_cm.c). */
int c_api_cm_bad_args(void);
int c_api_cm_absent_case(uintptr_t gcr_base);
int c_api_cm_count_case(const c_api_env_t* env, uintptr_t gcr_base, uint64_t totals[3]);
int c_api_cm_overflow_hook_case(const c_api_env_t* env, uintptr_t gcr_base, c_api_calls_t* calls, uint64_t* total);

/* RISC-V (c_api_riscv.c). */
int c_api_riscv_bad_args(void);
int c_api_riscv_count_case(const c_api_env_t* env, uint64_t* hpm3);
int c_api_riscv_overflow_hook_case(const c_api_env_t* env, c_api_calls_t* calls);
int c_api_riscv_ame_case(const c_api_env_t* env, uint64_t* value);
int c_api_riscv_sbi_case(const c_api_env_t* env, c_api_calls_t* calls, uint64_t* total);

#ifdef __cplusplus
}
#endif

#endif /* PMU_TESTS_C_API_TESTS_H */
