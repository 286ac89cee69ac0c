/* SPDX-License-Identifier: Apache-2.0 */
/* The driver call bl_capi_forward() forwards to, in a translation unit of
 * its own so the forwarder cannot inline or specialise it. */
#include "baseline.h"

uint8_t bl_capi_body(void* object, uint32_t mask) {
  ((volatile uint32_t*)object)[0] = mask;
  return BL_OK;
}
