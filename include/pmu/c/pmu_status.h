/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: the status codes and the callback type every unit shares.
 *
 * Every pmu_* function returns a pmu_status_t, or, when it answers with a
 * scalar value, a pmu_<type>_result_t holding the value and the status; a
 * structure comes back through a pointer. The codes equal pmu::Status (C++),
 * same contract:
 *   PMU_OK           the call did what it says.
 *   PMU_EBADARG      an argument was out of range, a pointer was NULL, or the
 *                    handle was never initialised: NO register was touched.
 *   PMU_EUNAVAILABLE the unit or feature is absent on this build/board; a
 *                    retry is side-effect free.
 *   PMU_ENOTFOUND    a discovery scan completed and did not find the unit.
 *   PMU_EMISMATCH    the hardware answered, but not what was expected.
 *   PMU_EFAILED      a self-test or verification step saw a wrong value.
 *
 * Handles are caller-allocated (static, on a stack, inside a BSP's device
 * data), no heap: a magic word and the C++ driver object, a few pointer-sized
 * words. A handle may be copied or moved by value (it holds no pointer into
 * itself); copies share the caller-provided callback and totals storage they
 * were attached to. A zero-filled or garbage handle is rejected with
 * PMU_EBADARG by every call (a stack block still holding a dead handle's
 * bytes is not garbage to it: initialise every handle). Not thread/IRQ
 * safe, as the drivers.
 */
#ifndef PMU_C_STATUS_H
#define PMU_C_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The status codes (values of pmu_status_t). */
enum pmu_status_code {
  PMU_OK = 0,           /**< the call did what it says */
  PMU_EBADARG = 1,      /**< bad argument, NULL pointer or handle: nothing touched */
  PMU_EUNAVAILABLE = 2, /**< the unit or feature is absent; a retry is side-effect free */
  PMU_ENOTFOUND = 3,    /**< a discovery scan found nothing; an id not in a table */
  PMU_EMISMATCH = 4,    /**< the hardware answered, but not what was expected */
  PMU_EFAILED = 5       /**< a self-test or verification step saw a wrong value */
};

/** What every pmu_* call returns: a PMU_* code. One byte, as pmu::Status,
 *  so that a forwarder returns the C++ call's status as it is (a tail call,
 *  no conversion). */
typedef uint8_t pmu_status_t;

/* A value call's answer: the value, and the status of the call. The value is
 * meaningful when status is PMU_OK, and 0 (false, NULL) with any other
 * status unless the call says otherwise. Two words at most, so it comes
 * back in registers as pmu::Result<T> does in C++ (RV32 pmu_u64_result_t:
 * in the caller's memory, as C++'s): the C call adds only its handle check.
 *   pmu_u32_result_t r = pmu_safesu_counter_read(su, 0);
 *   if (r.status == PMU_OK) use(r.value);                                   */
/* Each answer is aligned to its size, so that a compiler holds it as one
 * integer (or a register pair), as pmu::Result<T> is held: GCC 12 gave a
 * 4-aligned 8-byte answer a stack slot to be rebuilt in on RV64, and an
 * 8-aligned 16-byte one a stack frame it never used. */
#if defined(__cplusplus)
#define PMU_ANSWER_ALIGN(n) alignas(n) /**< An answer's alignment (C++). */
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PMU_ANSWER_ALIGN(n) _Alignas(n) /**< An answer's alignment (C11). */
#else
#define PMU_ANSWER_ALIGN(n) __attribute__((aligned(n))) /**< An answer's alignment (before C11: GNU C). */
#endif
/** A 32-bit value and the call's status. */
typedef struct pmu_u32_result {
  PMU_ANSWER_ALIGN(8) uint32_t value; /**< the value (0 with a status other than PMU_OK, unless the call says otherwise) */
  pmu_status_t status; /**< PMU_OK, or why there is no value */
} pmu_u32_result_t;
/** A 64-bit value and the call's status. */
typedef struct pmu_u64_result {
  PMU_ANSWER_ALIGN(2 * sizeof(void*)) uint64_t value; /**< the value (0 with a status other than PMU_OK, unless the call says otherwise) */
  pmu_status_t status; /**< PMU_OK, or why there is no value */
} pmu_u64_result_t;
/** An 8-bit value and the call's status. */
typedef struct pmu_u8_result {
  PMU_ANSWER_ALIGN(2) uint8_t value; /**< the value (0 with a status other than PMU_OK, unless the call says otherwise) */
  pmu_status_t status; /**< PMU_OK, or why there is no value */
} pmu_u8_result_t;
/** A yes/no answer and the call's status. */
typedef struct pmu_bool_result {
  PMU_ANSWER_ALIGN(2) bool value; /**< the answer (false with a status other than PMU_OK) */
  pmu_status_t status; /**< PMU_OK, or why there is no answer */
} pmu_bool_result_t;
/** A name (a static string, never freed) and the call's status. */
typedef struct pmu_name_result {
  PMU_ANSWER_ALIGN(2 * sizeof(void*)) const char* value; /**< the name (NULL if there is none) */
  pmu_status_t status; /**< PMU_OK, or why there is no name */
} pmu_name_result_t;

/** A short name for a status ("ok", "bad-arg", ...); never NULL. */
static inline const char* pmu_status_name(pmu_status_t s) {
  switch (s) {
    case PMU_OK: return "ok";
    case PMU_EBADARG: return "bad-arg";
    case PMU_EUNAVAILABLE: return "unavailable";
    case PMU_ENOTFOUND: return "not-found";
    case PMU_EMISMATCH: return "mismatch";
    case PMU_EFAILED: return "failed";
    default: return "unknown";
  }
}

/** Interrupt callback: 'source' is the counter, core or input index it was
 *  registered for; 'ctx' is handed back untouched. Runs in interrupt context
 *  when the hook is called from an interrupt handler: keep it short. */
typedef void (*pmu_irq_fn_t)(void* ctx, unsigned source);

/** One registered callback: fn(ctx, source). Layout-compatible with
 *  pmu::IrqCallback (static_assert in src/capi/handle.hpp); fn NULL: none. */
typedef struct pmu_irq_callback {
  pmu_irq_fn_t fn; /**< called with ctx and the source index; NULL: no callback */
  void* ctx;       /**< handed back untouched */
} pmu_irq_callback_t;

/* Every enum has a ..._MAX_ = 0x7FFFFFFF member: int-sized on every ABI, and
 * any int a caller passes is a valid value (then refused with PMU_EBADARG). */

#ifdef __cplusplus
}
#endif

#endif /* PMU_C_STATUS_H */
