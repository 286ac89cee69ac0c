// SPDX-License-Identifier: Apache-2.0
// C API over pmu::grlib::find_safesu (include/pmu/c/pmu_grlib.h).
#include "pmu/c/pmu_grlib.h"

#include "handle.hpp"
#include "pmu/grlib/pnp.hpp"

extern "C" pmu_status_t pmu_grlib_safesu_find(unsigned instance, uintptr_t area, pmu_grlib_device_t* out) {
  if (out == nullptr) return PMU_EBADARG;
  const pmu::Result<pmu::grlib::AhbDevice> r = pmu::grlib::find_safesu(instance, area);
  if (!r.ok()) return pmu::c_api::to_c(r.status());
  const pmu::grlib::AhbDevice d = r.value();
  out->vendor = d.vendor;
  out->device = d.device;
  out->version = d.version;
  out->irq = d.irq;
  out->index = d.index;
  out->bar_type = d.bar_type;
  out->base = d.base;
  out->size = d.size;
  return PMU_OK;
}
