// SPDX-License-Identifier: Apache-2.0
// GRLIB AMBA plug&play discovery (docs/hw/grlib-leon3-qemu.md §6.1): find a
// unit by vendor/device in the AHB slave table or an APB bridge's table and
// decode where it sits.
//
// The P&P records are typed registers (read-only: writing one does not
// compile). An AHB entry is 8 words: the ID word at +0x00, four BARs at
// +0x10..+0x1C; an APB entry is 2 words: the ID word, one BAR.
//
//   AHB area (default 0xFFFFF000): masters at +0x000, slaves at +0x800, 32
//   bytes per entry, so at most 64 slave entries (0xFFFFFFF0 also holds the
//   build word, inside entry 63's BARs).
//   APB area: APB bridge base + 0xFF000, 8 bytes per entry.
//
// Where a BAR points (§6.1: "(HADDR[31:20] & mask) == (addr & mask)"):
//   AHB memory BAR (type 2): base = (addr & mask) << 20.
//   AHB I/O BAR (type 3): base = I/O area + ((addr & mask) << 8); the I/O
//   area is the 1 MiB region of the P&P area (0xFFF00000 by default).
//   APB BAR (type 1): base = bridge base + ((addr & mask) << 8).
// Its size: the bytes decoded contiguously from that base, one granule (1 MiB
// for AHB memory, 256 bytes for I/O and APB) per mask bit that is zero below
// the mask's lowest one. An AHB BAR with mask 0 is no BAR: GRLIB's AHB
// controller decodes a memory or I/O BAR only if its mask is not 0
// (ahbctrl.vhd), so the scan goes on to the entry's next BAR. An APB BAR
// with mask 0 decodes all 2^12 granules (the APB bridge has no such test).
// A BAR can decode more (a mask with a hole repeats the window further up),
// but only this window is one contiguous region at 'base'.
//
// Cost: one read per entry scanned, plus one read per BAR word of the
// matching entry up to the first usable BAR. Reads only; nothing is written.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/reg/field.hpp"
#include "pmu/status.hpp"

/// GRLIB plug&play discovery (docs/hw/grlib-leon3-qemu.md §6).
namespace pmu::grlib {

using reg::Access;

// ---- areas ----------------------------------------------------------------------------

/// Default AHB plug&play area (ahbctrl ioaddr 0xFFF, cfgaddr 0xFF0).
constexpr uintptr_t kDefaultAhbPnp = 0xFFFFF000u;
/// Offset of the AHB slave table in the AHB P&P area.
constexpr uint32_t kAhbSlaveOffset = 0x800;
/// Bytes per AHB P&P entry.
constexpr uint32_t kAhbEntryBytes = 32;
/// NAHBSLV of GRLIB: the slave entries a default scan reads.
constexpr unsigned kAhbMaxSlaves = 16;
/// Slave entries the AHB P&P area can hold: the largest scan.
constexpr unsigned kAhbMaxEntries = (0x1000 - kAhbSlaveOffset) / kAhbEntryBytes;
/// Offset of the APB P&P area from the APB bridge base.
constexpr uint32_t kApbPnpOffset = 0xFF000;
/// Bytes per APB P&P entry.
constexpr uint32_t kApbEntryBytes = 8;
/// NAPBSLV of GRLIB: the entries a default APB scan reads.
constexpr unsigned kApbMaxSlaves = 16;
/// Entries the 4 KiB APB P&P area can hold: the largest APB scan.
constexpr unsigned kApbMaxEntries = 0x1000 / kApbEntryBytes;
/// An APB bridge decodes 1 MiB: its base is 1 MiB aligned.
constexpr uintptr_t kApbBridgeAlign = 0x100000;

// ---- IDs ------------------------------------------------------------------------------

constexpr uint8_t kVendorGaisler = 0x01;   ///< VENDOR_GAISLER
constexpr uint8_t kVendorContrib = 0x09;   ///< what the SafeSU wrapper uses (SELENE)
constexpr uint8_t kVendorBsc = 0x0E;       ///< VENDOR_BSC: defined by GRLIB, used by no known wrapper
constexpr uint16_t kDeviceBscPmu = 0x003;  ///< BSC_PMU, the SafeSU
constexpr uint16_t kDeviceApbmst = 0x006;  ///< GAISLER_APBMST, the AHB/APB bridge

constexpr uint8_t kBarApbIo = 1;   ///< BAR type: APB I/O
constexpr uint8_t kBarAhbMem = 2;  ///< BAR type: AHB memory
constexpr uint8_t kBarAhbIo = 3;   ///< BAR type: AHB I/O

// ---- the records as typed registers ---------------------------------------------------

/// The ID word of an AHB or APB entry (the same layout in both tables).
struct PnpIdTag {
  using word_t = uint32_t;  ///< 32-bit word
  static constexpr Access kAccess = Access::kRO;  ///< the P&P area is read-only
};
/// An AHB BAR (entry words 4..7).
struct AhbBarTag {
  using word_t = uint32_t;  ///< 32-bit word
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};
/// The BAR of an APB entry (entry word 1).
struct ApbBarTag {
  using word_t = uint32_t;  ///< 32-bit word
  static constexpr Access kAccess = Access::kRO;  ///< read-only
};

/// ID word fields (amba.vhd ahb_device_reg / apb_device_reg).
namespace id {
constexpr reg::Field<PnpIdTag> kVendor{24, 8};   ///< vendor [31:24]
constexpr reg::Field<PnpIdTag> kDevice{12, 12};  ///< device [23:12]
constexpr reg::Field<PnpIdTag> kVersion{5, 5};   ///< version [9:5]
constexpr reg::Field<PnpIdTag> kIrq{0, 5};       ///< irq [4:0]
}  // namespace id

/// AHB BAR fields (amba.vhd ahb_membar / ahb_iobar).
namespace ahb_bar {
constexpr reg::Field<AhbBarTag> kAddr{20, 12};                       ///< addr [31:20]
constexpr reg::Field<AhbBarTag> kPrefetchable = reg::flag<AhbBarTag>(17);  ///< prefetchable [17]
constexpr reg::Field<AhbBarTag> kCacheable = reg::flag<AhbBarTag>(16);     ///< cacheable [16]
constexpr reg::Field<AhbBarTag> kMask{4, 12};                        ///< mask [15:4]
constexpr reg::Field<AhbBarTag> kType{0, 4};                         ///< type [3:0]
}  // namespace ahb_bar

/// APB BAR fields (amba.vhd apb_iobar).
namespace apb_bar {
constexpr reg::Field<ApbBarTag> kAddr{20, 12};  ///< addr [31:20], matched against APB address [19:8]
constexpr reg::Field<ApbBarTag> kMask{4, 12};   ///< mask [15:4]
constexpr reg::Field<ApbBarTag> kType{0, 4};    ///< type [3:0], 1
}  // namespace apb_bar

/// The words of one AHB entry, offsets from the entry.
struct AhbEntryRegs {
  reg::Reg<PnpIdTag> id{0x00};             ///< ID word
  reg::RegArray<AhbBarTag> bars{0x10, 4};  ///< BAR0..BAR3
};
/// The words of one APB entry, offsets from the entry.
struct ApbEntryRegs {
  reg::Reg<PnpIdTag> id{0x0};   ///< ID word
  reg::Reg<ApbBarTag> bar{0x4};  ///< BAR
};
constexpr AhbEntryRegs kAhbEntry{};  ///< layout of an AHB entry
constexpr ApbEntryRegs kApbEntry{};  ///< layout of an APB entry

/// Bytes decoded contiguously from a BAR's base, in units of its granule
/// (1 << granule_shift bytes): see the header comment. Saturates at
/// 0xFFFFFFFF when that is 4 GiB or more.
constexpr uint32_t bar_window(uint32_t mask, unsigned granule_shift) {
  unsigned zeros = 0;  // mask bits below its lowest one (12 for a mask of 0)
  while (zeros < 12 && ((mask >> zeros) & 1u) == 0) ++zeros;
  const uint64_t bytes = uint64_t{1} << (granule_shift + zeros);
  return bytes > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<uint32_t>(bytes);
}
/// Window of an AHB memory BAR (1 MiB granule).
constexpr uint32_t ahb_mem_bar_size(uint32_t mask) { return bar_window(mask, 20); }
/// Window of an AHB I/O or an APB BAR (256-byte granule).
constexpr uint32_t io_bar_size(uint32_t mask) { return bar_window(mask, 8); }

// ---- discovery ------------------------------------------------------------------------

/// An AHB or APB slave identifier pair.
struct DeviceId {
  uint8_t vendor;   ///< vendor ID
  uint16_t device;  ///< device ID
};

/// One decoded AHB slave.
struct AhbDevice {
  uint8_t vendor;    ///< vendor ID
  uint16_t device;   ///< device ID
  uint8_t version;   ///< version field
  uint8_t irq;       ///< the P&P IRQ field (on SELENE's SafeSU a constant 1, not a line)
  uint8_t index;     ///< slave index in the table
  uint8_t bar_type;  ///< kBarAhbMem or kBarAhbIo
  uintptr_t base;    ///< base of the first usable BAR
  uint32_t size;     ///< bytes decoded from base (0xFFFFFFFF: all 4 GiB)
};

/// One decoded APB slave.
struct ApbDevice {
  uint8_t vendor;   ///< vendor ID
  uint16_t device;  ///< device ID
  uint8_t version;  ///< version field
  uint8_t irq;      ///< IRQ line
  uint16_t index;   ///< entry index in the APB table
  uintptr_t base;   ///< register base: bridge + ((addr & mask) << 8)
  uint32_t size;    ///< bytes decoded from base
};

/// Find the 'instance'-th (0 = first) AHB slave whose id is any of
/// ids[0..n_ids), scanning slave entries 0..max_slaves-1 of the P&P area at
/// 'area'. Holes (ID word 0) are skipped. kBadArg (nothing read): no ids, an
/// area not 4 KiB aligned, max_slaves 0 or above kAhbMaxEntries; kNotFound:
/// the scan completed without a match; kMismatch: the id matched but the
/// entry has no AHB memory or I/O BAR.
Result<AhbDevice> find_ahb_slave(const DeviceId* ids, size_t n_ids, unsigned instance = 0,
                                 uintptr_t area = kDefaultAhbPnp, unsigned max_slaves = kAhbMaxSlaves);

/// Find the 'instance'-th APB slave whose id is any of ids[0..n_ids) behind
/// the AHB/APB bridge at 'bridge' (its AHB memory BAR, e.g. from
/// find_ahb_slave() for kDeviceApbmst), scanning entries 0..max_slaves-1 of
/// its P&P area (bridge + 0xFF000). kBadArg (nothing read): no ids, a bridge
/// base not 1 MiB aligned, max_slaves 0 or above kApbMaxEntries; kNotFound;
/// kMismatch: the BAR is not an APB I/O BAR.
Result<ApbDevice> find_apb_slave(const DeviceId* ids, size_t n_ids, uintptr_t bridge, unsigned instance = 0,
                                 unsigned max_slaves = kApbMaxSlaves);

/// The SafeSU: vendor 0x09 (CONTRIB) or 0x0E (BSC), device 0x003.
Result<AhbDevice> find_safesu(unsigned instance = 0, uintptr_t area = kDefaultAhbPnp);

// ---- pinned against docs/hw/grlib-leon3-qemu.md §6.1 -------------------------------------
static_assert(kAhbMaxEntries == 64 && kApbMaxEntries == 512);
static_assert(id::kVendor.mask() == 0xFF000000u && id::kDevice.mask() == 0x00FFF000u &&
              id::kVersion.mask() == 0x3E0u && id::kIrq.mask() == 0x1Fu);
static_assert(ahb_bar::kAddr.mask() == 0xFFF00000u && ahb_bar::kMask.mask() == 0xFFF0u && ahb_bar::kType.mask() == 0xF);
static_assert(ahb_bar::kPrefetchable.mask() == 0x20000u && ahb_bar::kCacheable.mask() == 0x10000u);
static_assert(kAhbEntry.bars.at(0).offset == 0x10 && kAhbEntry.bars.at(3).offset == 0x1C && kApbEntry.bar.offset == 4);
static_assert(ahb_mem_bar_size(0xFFF) == 0x100000u && ahb_mem_bar_size(0xFF0) == 0x1000000u &&
              ahb_mem_bar_size(0x800) == 0x80000000u && ahb_mem_bar_size(0) == 0xFFFFFFFFu);
static_assert(io_bar_size(0xFFF) == 0x100u && io_bar_size(0) == 0x100000u);

}  // namespace pmu::grlib
