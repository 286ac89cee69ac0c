// SPDX-License-Identifier: Apache-2.0
// GRLIB AHB and APB plug&play scans over the typed P&P records. Holes in a
// table (ID word 0) are skipped, not taken as the end: GRLIB fills only the
// indices that are used.
#include "pmu/grlib/pnp.hpp"

#include "pmu/reg/mmio_reg.hpp"

namespace pmu::grlib {

namespace {

using IdValue = reg::Value<PnpIdTag>;

bool matches(IdValue id, const DeviceId* ids, size_t n) {
  const uint32_t vendor = id.get(id::kVendor);
  const uint32_t device = id.get(id::kDevice);
  for (size_t i = 0; i < n; ++i)
    if (vendor == ids[i].vendor && device == ids[i].device) return true;
  return false;
}

}  // namespace

Result<AhbDevice> find_ahb_slave(const DeviceId* ids, size_t n_ids, unsigned instance, uintptr_t area,
                                 unsigned max_slaves) {
  if (ids == nullptr || n_ids == 0 || (area & 0xFFF) != 0 || max_slaves == 0 || max_slaves > kAhbMaxEntries)
    return Status::kBadArg;
  for (unsigned s = 0; s < max_slaves; ++s) {
    const uintptr_t entry = area + kAhbSlaveOffset + s * kAhbEntryBytes;
    const IdValue id = reg::read(entry, kAhbEntry.id);
    if (id.raw == 0 || !matches(id, ids, n_ids)) continue;
    if (instance != 0) {
      --instance;
      continue;
    }
    AhbDevice d{static_cast<uint8_t>(id.get(id::kVendor)), static_cast<uint16_t>(id.get(id::kDevice)),
                static_cast<uint8_t>(id.get(id::kVersion)), static_cast<uint8_t>(id.get(id::kIrq)),
                static_cast<uint8_t>(s), 0, 0, 0};
    for (unsigned b = 0; b < kAhbEntry.bars.count; ++b) {
      const reg::Value<AhbBarTag> bar = reg::read(entry, kAhbEntry.bars.at(b));
      const uint32_t mask = bar.get(ahb_bar::kMask);
      const uintptr_t start = bar.get(ahb_bar::kAddr) & mask;
      d.bar_type = static_cast<uint8_t>(bar.get(ahb_bar::kType));
      if (d.bar_type == kBarAhbMem) {
        d.base = start << 20;
        d.size = ahb_mem_bar_size(mask);
        return d;
      }
      if (d.bar_type == kBarAhbIo) {
        d.base = (area & ~uintptr_t{0xFFFFF}) + (start << 8);
        d.size = io_bar_size(mask);
        return d;
      }
    }
    return Status::kMismatch;  // the id matched but no usable BAR
  }
  return Status::kNotFound;
}

Result<ApbDevice> find_apb_slave(const DeviceId* ids, size_t n_ids, uintptr_t bridge, unsigned instance,
                                 unsigned max_slaves) {
  if (ids == nullptr || n_ids == 0 || (bridge & (kApbBridgeAlign - 1)) != 0 || max_slaves == 0 ||
      max_slaves > kApbMaxEntries)
    return Status::kBadArg;
  for (unsigned s = 0; s < max_slaves; ++s) {
    const uintptr_t entry = bridge + kApbPnpOffset + s * kApbEntryBytes;
    const IdValue id = reg::read(entry, kApbEntry.id);
    if (id.raw == 0 || !matches(id, ids, n_ids)) continue;
    if (instance != 0) {
      --instance;
      continue;
    }
    const reg::Value<ApbBarTag> bar = reg::read(entry, kApbEntry.bar);
    if (bar.get(apb_bar::kType) != kBarApbIo) return Status::kMismatch;
    const uint32_t mask = bar.get(apb_bar::kMask);
    return ApbDevice{static_cast<uint8_t>(id.get(id::kVendor)), static_cast<uint16_t>(id.get(id::kDevice)),
                     static_cast<uint8_t>(id.get(id::kVersion)), static_cast<uint8_t>(id.get(id::kIrq)),
                     static_cast<uint16_t>(s), bridge + (uintptr_t{bar.get(apb_bar::kAddr) & mask} << 8),
                     io_bar_size(mask)};
  }
  return Status::kNotFound;
}

Result<AhbDevice> find_safesu(unsigned instance, uintptr_t area) {
  static constexpr DeviceId kIds[] = {{kVendorContrib, kDeviceBscPmu}, {kVendorBsc, kDeviceBscPmu}};
  return find_ahb_slave(kIds, 2, instance, area);
}

}  // namespace pmu::grlib
