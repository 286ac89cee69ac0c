// SPDX-License-Identifier: Apache-2.0
// The MMIO half of the hardware seam: single aligned 32-bit accesses only
// (the SafeSU ignores HSIZE, so a narrower store would overwrite a whole
// register; a wider one would be two transfers). Nothing above this layer
// dereferences a device address.
#pragma once

#include <stdint.h>

#ifdef PMU_HOST
#include "pmu/hal/host_seam.h"
#endif

namespace pmu::hal {

/// One aligned 32-bit load from device address addr (the host seam in a host build).
inline uint32_t mmio_read32(uintptr_t addr) {
#ifdef PMU_HOST
  return pmu_host_mmio_read32(addr);
#else
  return *reinterpret_cast<volatile const uint32_t*>(addr);
#endif
}

/// One aligned 32-bit store of value to device address addr.
inline void mmio_write32(uintptr_t addr, uint32_t value) {
#ifdef PMU_HOST
  pmu_host_mmio_write32(addr, value);
#else
  *reinterpret_cast<volatile uint32_t*>(addr) = value;
#endif
}

}  // namespace pmu::hal
