/* SPDX-License-Identifier: Apache-2.0 */
/* The leanest C handle check and forward (bench/capi/baseline.h). */
#include "baseline.h"

#include <stddef.h>

bl_capi_handle_t bl_capi_handle = {{0, 0, 0, 0}, BL_CAPI_MAGIC};

uint8_t bl_capi_forward(bl_capi_handle_t* h, uint32_t mask) {
  if (h == NULL || h->magic != BL_CAPI_MAGIC) return BL_BAD_ARG;
  return bl_capi_body(h, mask); /* the object is at the handle's address */
}
