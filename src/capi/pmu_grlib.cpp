// SPDX-License-Identifier: Apache-2.0
// C API over pmu::grlib::find_safesu (include/pmu/c/pmu_grlib.h). The C
// device struct is layout-compatible with grlib::AhbDevice.
#include "pmu/c/pmu_grlib.h"

#include "handle.hpp"
#include "pmu/grlib/pnp.hpp"

namespace {
using pmu::grlib::AhbDevice;
#define PMU_SAME_FIELD(f) (offsetof(pmu_grlib_device_t, f) == offsetof(AhbDevice, f) && \
                           sizeof(pmu_grlib_device_t::f) == sizeof(AhbDevice::f))
static_assert(sizeof(pmu_grlib_device_t) == sizeof(AhbDevice) && PMU_SAME_FIELD(vendor) && PMU_SAME_FIELD(device) &&
              PMU_SAME_FIELD(version) && PMU_SAME_FIELD(irq) && PMU_SAME_FIELD(index) && PMU_SAME_FIELD(bar_type) &&
              PMU_SAME_FIELD(base) && PMU_SAME_FIELD(size));
#undef PMU_SAME_FIELD
static_assert(PMU_GRLIB_DEFAULT_AHB_PNP == pmu::grlib::kDefaultAhbPnp);
}  // namespace

extern "C" pmu_status_t pmu_grlib_safesu_find(unsigned instance, uintptr_t area, pmu_grlib_device_t* out) {
  if (out == nullptr) return PMU_EBADARG;
  const pmu::Result<AhbDevice> r = pmu::grlib::find_safesu(instance, area);
  if (r.ok()) *pmu::c_api::as<AhbDevice>(out) = r.value();
  return pmu::c_api::to_c(r.status());
}
