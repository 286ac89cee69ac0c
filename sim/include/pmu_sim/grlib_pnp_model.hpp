// SPDX-License-Identifier: Apache-2.0
// GRLIB plug&play areas as the bus presents them: read-only, unused words
// read 0 (docs/hw/grlib-leon3-qemu.md §6.1). Freestanding; used by the
// discovery tests on the host and on QEMU leon3 (whose own tables hold no
// SafeSU).
//   GrlibPnpModel     the AHB area (0x1000 bytes: 64 masters at +0x000, 64
//                     slaves at +0x800, 8 words per entry, the build word at
//                     +0xFF0, inside slave 63's BARs)
//   GrlibApbPnpModel  an APB bridge's area (0x1000 bytes at bridge +
//                     0xFF000: 512 entries of 2 words)
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

// What both areas are: 4 KiB of read-only words, each access counted.
class PnpArea : public MmioModel {
 public:
  static constexpr uint32_t kSize = 0x1000;

  uint32_t read(uint32_t offset, unsigned size) override;
  // The P&P areas are read-only: writes are counted (a test asserts none) and dropped.
  void write(uint32_t offset, unsigned size, uint32_t value) override;
  void advance(uint64_t) override {}
  uint32_t irq_outputs() const override { return 0; }

  uint32_t reads() const { return reads_; }
  uint32_t writes() const { return writes_; }

 protected:
  constexpr PnpArea() : words_{}, reads_(0), writes_(0) {}
  ~PnpArea() = default;
  uint32_t words_[kSize / 4];

 private:
  uint32_t reads_;
  uint32_t writes_;
};

class GrlibPnpModel final : public PnpArea {
 public:
  static constexpr unsigned kEntries = 64;  // per table (masters, slaves)

  constexpr GrlibPnpModel() = default;

  // ahb_device_reg(): vendor[31:24] device[23:12] version[9:5] irq[4:0].
  static constexpr uint32_t id_word(uint8_t vendor, uint16_t device, uint8_t version, uint8_t irq) {
    return (uint32_t{vendor} << 24) | ((uint32_t{device} & 0xFFF) << 12) | ((uint32_t{version} & 0x1F) << 5) |
           (uint32_t{irq} & 0x1F);
  }
  // ahb_membar()/ahb_iobar(): addr[31:20] prefetch[17] cacheable[16] mask[15:4] type[3:0].
  static constexpr uint32_t bar_word(uint16_t addr, uint16_t mask, uint8_t type) {
    return ((uint32_t{addr} & 0xFFF) << 20) | ((uint32_t{mask} & 0xFFF) << 4) | (type & 0xFu);
  }

  void set_slave(unsigned index, uint32_t id, uint32_t bar0, uint32_t bar1 = 0, uint32_t bar2 = 0,
                 uint32_t bar3 = 0);
  void set_master(unsigned index, uint32_t id);
  void set_build_word(uint32_t word) { words_[0xFF0 / 4] = word; }
};

// An APB bridge's P&P area; map it at bridge + 0xFF000.
class GrlibApbPnpModel final : public PnpArea {
 public:
  static constexpr unsigned kEntries = kSize / 8;

  constexpr GrlibApbPnpModel() = default;

  // apb_iobar(): addr[31:20] mask[15:4] type[3:0] = 1.
  static constexpr uint32_t bar_word(uint16_t addr, uint16_t mask) {
    return ((uint32_t{addr} & 0xFFF) << 20) | ((uint32_t{mask} & 0xFFF) << 4) | 1u;
  }
  // The ID word has the AHB layout: GrlibPnpModel::id_word().
  void set_slave(unsigned index, uint32_t id, uint32_t bar);
};

}  // namespace pmu::models
