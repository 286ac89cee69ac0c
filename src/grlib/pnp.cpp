// SPDX-License-Identifier: Apache-2.0
// GRLIB AHB and APB plug&play scans over the typed P&P records. Holes in a
// table (ID word 0) are skipped, not taken as the end: GRLIB fills only the
// indices that are used.
#include "pmu/grlib/pnp.hpp"

#include "pmu/reg/mmio_reg.hpp"

namespace pmu::grlib {

namespace {

using IdValue = reg::Value<PnpIdTag>;

// A field of a P&P word. Always inlined: at -Os GCC calls an outlined
// Value::get with the field loaded from memory for every field (measured:
// the unit's .text tripled).
template <typename Tag>
__attribute__((always_inline)) inline uint32_t field(reg::Value<Tag> v, reg::Field<Tag> f) {
  return (v.raw >> f.pos) & f.max();
}

bool matches(IdValue id, const DeviceId* ids, size_t n) {
  const uint32_t vendor = field(id, id::kVendor);
  const uint32_t device = field(id, id::kDevice);
  for (size_t i = 0; i < n; ++i)
    if (vendor == ids[i].vendor && device == ids[i].device) return true;
  return false;
}

// The index of the 'instance'-th match among 'count' entries 'stride' bytes
// apart from 'first' (ID word 'id_word' in each), or count if none; *id is
// the match's ID word. One read per entry scanned.
unsigned scan(uintptr_t first, uint32_t stride, unsigned count, reg::Reg<PnpIdTag> id_word, const DeviceId* ids,
              size_t n_ids, unsigned instance, IdValue* id) {
  for (unsigned s = 0; s < count; ++s) {
    *id = reg::read(first + s * stride, id_word);
    if (id->raw == 0 || !matches(*id, ids, n_ids)) continue;
    if (instance == 0) return s;
    --instance;
  }
  return count;
}

}  // namespace

Result<AhbDevice> find_ahb_slave(const DeviceId* ids, size_t n_ids, unsigned instance, uintptr_t area,
                                 unsigned max_slaves) {
  if (ids == nullptr || n_ids == 0 || (area & 0xFFF) != 0 || max_slaves == 0 || max_slaves > kAhbMaxEntries)
    return Status::kBadArg;
  IdValue id{0};
  const unsigned s =
      scan(area + kAhbSlaveOffset, kAhbEntryBytes, max_slaves, kAhbEntry.id, ids, n_ids, instance, &id);
  if (s == max_slaves) return Status::kNotFound;
  const uintptr_t entry = area + kAhbSlaveOffset + s * kAhbEntryBytes;
  AhbDevice d{static_cast<uint8_t>(field(id, id::kVendor)), static_cast<uint16_t>(field(id, id::kDevice)),
              static_cast<uint8_t>(field(id, id::kVersion)), static_cast<uint8_t>(field(id, id::kIrq)),
              static_cast<uint8_t>(s), 0, 0, 0};
  for (unsigned b = 0; b < kAhbEntry.bars.count; ++b) {
    const reg::Value<AhbBarTag> bar = reg::read(entry, kAhbEntry.bars.at(b));
    const uint32_t type = field(bar, ahb_bar::kType);
    const uint32_t mask = field(bar, ahb_bar::kMask);
    // GRLIB's AHB controller decodes a memory or I/O BAR only if its mask
    // is not 0 (ahbctrl.vhd): a BAR with mask 0 selects nothing.
    if ((type != kBarAhbMem && type != kBarAhbIo) || mask == 0) continue;
    const uintptr_t start = field(bar, ahb_bar::kAddr) & mask;
    const bool memory = type == kBarAhbMem;  // else I/O, in the P&P area's 1 MiB region
    d.bar_type = static_cast<uint8_t>(type);
    d.base = memory ? start << 20 : (area & ~uintptr_t{0xFFFFF}) + (start << 8);
    d.size = bar_window(mask, memory ? 20 : 8);
    return d;
  }
  return Status::kMismatch;  // the id matched but no usable BAR
}

Result<ApbDevice> find_apb_slave(const DeviceId* ids, size_t n_ids, uintptr_t bridge, unsigned instance,
                                 unsigned max_slaves) {
  if (ids == nullptr || n_ids == 0 || (bridge & (kApbBridgeAlign - 1)) != 0 || max_slaves == 0 ||
      max_slaves > kApbMaxEntries)
    return Status::kBadArg;
  IdValue id{0};
  const unsigned s =
      scan(bridge + kApbPnpOffset, kApbEntryBytes, max_slaves, kApbEntry.id, ids, n_ids, instance, &id);
  if (s == max_slaves) return Status::kNotFound;
  const reg::Value<ApbBarTag> bar = reg::read(bridge + kApbPnpOffset + s * kApbEntryBytes, kApbEntry.bar);
  if (field(bar, apb_bar::kType) != kBarApbIo) return Status::kMismatch;
  const uint32_t mask = field(bar, apb_bar::kMask);
  return ApbDevice{static_cast<uint8_t>(field(id, id::kVendor)), static_cast<uint16_t>(field(id, id::kDevice)),
                   static_cast<uint8_t>(field(id, id::kVersion)), static_cast<uint8_t>(field(id, id::kIrq)),
                   static_cast<uint16_t>(s), bridge + (uintptr_t{field(bar, apb_bar::kAddr) & mask} << 8),
                   io_bar_size(mask)};
}

Result<AhbDevice> find_safesu(unsigned instance, uintptr_t area) {
  static constexpr DeviceId kIds[] = {{kVendorContrib, kDeviceBscPmu}, {kVendorBsc, kDeviceBscPmu}};
  return find_ahb_slave(kIds, 2, instance, area);
}

}  // namespace pmu::grlib
