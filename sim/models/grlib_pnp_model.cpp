// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/grlib_pnp_model.hpp"

namespace pmu::models {

void GrlibPnpModel::set_slave(unsigned index, uint32_t id, uint32_t bar0, uint32_t bar1, uint32_t bar2,
                              uint32_t bar3) {
  if (index >= kEntries) return;
  uint32_t* e = &words_[(0x800 + 32 * index) / 4];
  e[0] = id;
  e[4] = bar0;
  e[5] = bar1;
  e[6] = bar2;
  e[7] = bar3;
}

void GrlibPnpModel::set_master(unsigned index, uint32_t id) {
  if (index >= kEntries) return;
  words_[(32 * index) / 4] = id;
}

uint32_t PnpArea::read(uint32_t offset, unsigned) {
  ++reads_;
  return offset < kSize ? words_[offset / 4] : 0;
}

void PnpArea::write(uint32_t, unsigned, uint32_t) { ++writes_; }

void GrlibApbPnpModel::set_slave(unsigned index, uint32_t id, uint32_t bar) {
  if (index >= kEntries) return;
  words_[2 * index] = id;
  words_[2 * index + 1] = bar;
}

}  // namespace pmu::models
