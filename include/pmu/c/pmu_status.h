/* SPDX-License-Identifier: Apache-2.0 */
/** @file
 * pmukit C API: the status codes and the callback type every unit shares.
 *
 * Every pmu_* function returns a pmu_status_t; values come back through
 * out-pointers. The codes equal pmu::Status (C++), same contract:
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
 * PMU_EBADARG by every call. Not thread/IRQ safe, as the drivers.
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
