// SPDX-License-Identifier: Apache-2.0
// GRLIB AHB plug&play scan. Holes in the table (ID word 0) are skipped, not
// taken as the end: GRLIB fills only the slave indices that are used.
#include "pmu/grlib/pnp.hpp"

#include "pmu/hal/mmio.hpp"

namespace pmu::grlib {

namespace {
bool matches(uint32_t id, const DeviceId* ids, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (id_vendor(id) == ids[i].vendor && id_device(id) == ids[i].device) return true;
  return false;
}
}  // namespace

Result<AhbDevice> find_ahb_slave(const DeviceId* ids, size_t n_ids, unsigned instance, uintptr_t area,
                                 unsigned max_slaves) {
  if (ids == nullptr || n_ids == 0 || (area & 0xFFF) != 0 || max_slaves > 64) return Status::kBadArg;
  const uintptr_t slaves = area + kAhbSlaveOffset;
  for (unsigned s = 0; s < max_slaves; ++s) {
    const uintptr_t entry = slaves + s * kAhbEntryBytes;
    const uint32_t id = hal::mmio_read32(entry);
    if (id == 0 || !matches(id, ids, n_ids)) continue;
    if (instance != 0) {
      --instance;
      continue;
    }
    for (unsigned b = 0; b < 4; ++b) {
      const uint32_t bar = hal::mmio_read32(entry + 16 + 4 * b);
      const uint8_t type = bar_type(bar);
      const uint32_t a = bar_addr(bar) & bar_mask(bar);
      const uint32_t span = (~bar_mask(bar) & 0xFFF) + 1;  // in units of the BAR's granule
      AhbDevice d{id_vendor(id), id_device(id), id_version(id), id_irq(id), static_cast<uint8_t>(s), type, 0, 0};
      if (type == kBarAhbMem) {
        d.base = static_cast<uintptr_t>(a) << 20;
        d.size = span >= 0x1000 ? 0xFFFFFFFFu : span << 20;  // mask 0: the whole 4 GiB, saturated
        return d;
      }
      if (type == kBarAhbIo) {
        d.base = (area & ~uintptr_t{0xFFFFF}) + (static_cast<uintptr_t>(a) << 8);
        d.size = span << 8;
        return d;
      }
    }
    return Status::kMismatch;  // the id matched but no usable BAR
  }
  return Status::kNotFound;
}

Result<AhbDevice> find_safesu(unsigned instance, uintptr_t area) {
  static constexpr DeviceId kIds[] = {{kVendorContrib, kDeviceBscPmu}, {kVendorBsc, kDeviceBscPmu}};
  return find_ahb_slave(kIds, 2, instance, area);
}

}  // namespace pmu::grlib
