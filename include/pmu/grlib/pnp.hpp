// SPDX-License-Identifier: Apache-2.0
// GRLIB AMBA plug&play discovery (facts grlib-leon3-qemu.md 6.1): scan the
// AHB slave table of the P&P area for a vendor/device and return the unit's
// base address (first memory or I/O BAR) and its P&P IRQ field.
//
// AHB area (default 0xFFFFF000): masters at +0x000, slaves at +0x800, 32
// bytes per entry. Entry word 0: vendor[31:24] device[23:12] version[9:5]
// irq[4:0]; words 4..7: BARs, addr[31:20] mask[15:4] type[3:0] (2 = AHB
// memory: base = (addr & mask) << 20; 3 = AHB I/O: base = I/O area +
// ((addr & mask) << 8), the I/O area being the P&P area's 1 MiB region).
//
// Cost: one read per slave entry scanned, plus one read per BAR word of the
// matching entry up to the first usable BAR. Reads only; nothing is written.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/status.hpp"

namespace pmu::grlib {

constexpr uintptr_t kDefaultAhbPnp = 0xFFFFF000u;
constexpr uint32_t kAhbSlaveOffset = 0x800;
constexpr uint32_t kAhbEntryBytes = 32;
constexpr unsigned kAhbMaxSlaves = 16;  // NAHBSLV in GRLIB

constexpr uint8_t kVendorGaisler = 0x01;
constexpr uint8_t kVendorContrib = 0x09;  // what the SafeSU wrapper uses (SELENE)
constexpr uint8_t kVendorBsc = 0x0E;      // defined by GRLIB, used by no known wrapper
constexpr uint16_t kDeviceBscPmu = 0x003;

constexpr uint8_t kBarApbIo = 1;
constexpr uint8_t kBarAhbMem = 2;
constexpr uint8_t kBarAhbIo = 3;

// An AHB slave identifier pair.
struct DeviceId {
  uint8_t vendor;
  uint16_t device;
};

// One decoded AHB slave.
struct AhbDevice {
  uint8_t vendor;
  uint16_t device;
  uint8_t version;
  uint8_t irq;      // the P&P IRQ field (on SELENE's SafeSU a constant 1, not a line)
  uint8_t index;    // slave index in the table
  uint8_t bar_type; // kBarAhbMem or kBarAhbIo
  uintptr_t base;   // first usable BAR
  uint32_t size;    // bytes decoded by that BAR
};

// Decoders for a P&P word (pure functions, no access).
constexpr uint8_t id_vendor(uint32_t w) { return static_cast<uint8_t>(w >> 24); }
constexpr uint16_t id_device(uint32_t w) { return static_cast<uint16_t>((w >> 12) & 0xFFF); }
constexpr uint8_t id_version(uint32_t w) { return static_cast<uint8_t>((w >> 5) & 0x1F); }
constexpr uint8_t id_irq(uint32_t w) { return static_cast<uint8_t>(w & 0x1F); }
constexpr uint8_t bar_type(uint32_t b) { return static_cast<uint8_t>(b & 0xF); }
constexpr uint32_t bar_addr(uint32_t b) { return b >> 20; }
constexpr uint32_t bar_mask(uint32_t b) { return (b >> 4) & 0xFFF; }

// Find the 'instance'-th (0 = first) AHB slave whose id is any of ids[0..n).
// kBadArg: no ids, or an area not 4 KiB aligned (nothing read);
// kNotFound: the scan completed without a match; kMismatch: the id matched
// but the entry has no AHB memory or I/O BAR.
Result<AhbDevice> find_ahb_slave(const DeviceId* ids, size_t n_ids, unsigned instance = 0,
                                 uintptr_t area = kDefaultAhbPnp, unsigned max_slaves = kAhbMaxSlaves);

// The SafeSU: vendor 0x09 (CONTRIB) or 0x0E (BSC), device 0x003.
Result<AhbDevice> find_safesu(unsigned instance = 0, uintptr_t area = kDefaultAhbPnp);

}  // namespace pmu::grlib
