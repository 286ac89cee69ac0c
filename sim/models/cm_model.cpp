// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/cm_model.hpp"

namespace pmu::models {
namespace {
constexpr uint32_t kIntEn = 1u << 30;
constexpr uint32_t kOvfStop = 1u << 29;
constexpr uint32_t kCyclOn = 1u << 4;
constexpr uint32_t kCountOns = (1u << 8) | (1u << 6) | kCyclOn;
constexpr uint32_t kCtlStored = kIntEn | kOvfStop | kCountOns;
constexpr uint32_t kNumCnt = 2;
constexpr uint64_t kWrap = uint64_t{1} << 32;
// Largest step applied at once, so cycles * rate stays within 64 bits.
constexpr uint64_t kMaxStep = uint64_t{1} << 32;

constexpr uint64_t umin(uint64_t a, uint64_t b) { return a < b ? a : b; }
}  // namespace

bool CmPerfModel::set_event_rate(unsigned event, uint16_t num, uint16_t den) {
  if (event > 255 || den == 0) return false;
  rate_num_[event] = num;
  rate_den_[event] = den;
  return true;
}

void CmPerfModel::reset() {
  ctl_ = ov_ = event_ = cycle_ = 0;
  qual_[0] = qual_[1] = cnt_[0] = cnt_[1] = acc_[0] = acc_[1] = 0;
  counted_[0] = counted_[1] = counted_[2] = 0;
  stops_ = 0;
}

uint32_t CmPerfModel::read_reg(uint32_t offset) const {
  switch (offset) {
    case kCtl: return ctl_ | kNumCnt;
    case kOv: return ov_;
    case kEvent: return event_;
    case kCycle: return cycle_;
    case kQual0: return qual_[0];
    case kCnt0: return cnt_[0];
    case kQual1: return qual_[1];
    case kCnt1: return cnt_[1];
    default: return 0;
  }
}

uint32_t CmPerfModel::read(uint32_t offset, unsigned size) {
  const uint32_t word = read_reg(offset & ~3u);
  if (size >= 4) return word;
  const uint32_t v = word >> (8 * (offset & 3u));
  return size == 2 ? (v & 0xFFFFu) : (v & 0xFFu);
}

void CmPerfModel::write(uint32_t offset, unsigned size, uint32_t value) {
  if (size != 4 || (offset & 3u) != 0) return;
  switch (offset) {
    case kCtl:
      // Reset bits (5, 7, 9): counter and its overflow bit to 0, then count.
      if (value & (1u << 5)) { cycle_ = 0; ov_ &= ~1u; counted_[2] = 0; }
      if (value & (1u << 7)) { cnt_[0] = 0; acc_[0] = 0; ov_ &= ~2u; counted_[0] = 0; }
      if (value & (1u << 9)) { cnt_[1] = 0; acc_[1] = 0; ov_ &= ~4u; counted_[1] = 0; }
      ctl_ = value & kCtlStored;
      break;
    case kOv: ov_ &= ~(value & 7u); break;
    case kEvent:
      if ((value & 0xFFu) != (event_ & 0xFFu)) acc_[0] = 0;
      if ((value & 0xFF00u) != (event_ & 0xFF00u)) acc_[1] = 0;
      event_ = value & 0xFFFFu;
      break;
    case kCycle: cycle_ = value; break;
    case kQual0: qual_[0] = value; break;
    case kCnt0: cnt_[0] = value; acc_[0] = 0; break;
    case kQual1: qual_[1] = value; break;
    case kCnt1: cnt_[1] = value; acc_[1] = 0; break;
    default: break;
  }
}

uint32_t CmPerfModel::irq_outputs() const {
  return ((ctl_ & kIntEn) != 0 && ov_ != 0) ? kIrqPcInt : 0;
}

uint64_t CmPerfModel::cycles_to_first_wrap() const {
  uint64_t best = ~uint64_t{0};
  if (ctl_ & kCyclOn) best = kWrap - cycle_;
  for (unsigned i = 0; i < 2; ++i) {
    const unsigned ev = event_of(i);
    const uint64_t num = rate_num_[ev];
    const uint64_t den = rate_den_[ev] == 0 ? 1 : rate_den_[ev];
    if (!p_on(i) || num == 0) continue;
    // Smallest n with floor((acc + n*num)/den) >= 2^32 - cnt.
    const uint64_t need = (kWrap - cnt_[i]) * den - acc_[i];
    best = umin(best, (need + num - 1) / num);
  }
  return best;
}

bool CmPerfModel::apply(uint64_t n) {
  bool wrapped = false;
  if (ctl_ & kCyclOn) {
    const uint64_t t = uint64_t{cycle_} + n;
    counted_[2] += n;
    if (t >= kWrap) { ov_ |= 1u; wrapped = true; }
    cycle_ = static_cast<uint32_t>(t);
  }
  for (unsigned i = 0; i < 2; ++i) {
    const unsigned ev = event_of(i);
    const uint64_t num = rate_num_[ev];
    const uint64_t den = rate_den_[ev] == 0 ? 1 : rate_den_[ev];
    if (!p_on(i) || num == 0) continue;
    const uint64_t total = acc_[i] + n * num;
    const uint64_t t = cnt_[i] + total / den;
    counted_[i] += total / den;
    acc_[i] = static_cast<uint32_t>(total % den);
    if (t >= kWrap) { ov_ |= 2u << i; wrapped = true; }
    cnt_[i] = static_cast<uint32_t>(t);
  }
  return wrapped;
}

void CmPerfModel::advance(uint64_t cycles) {
  while (cycles > 0 && (ctl_ & kCountOns) != 0) {
    uint64_t step = umin(cycles, kMaxStep);
    const bool stop_mode = (ctl_ & kOvfStop) != 0;
    if (stop_mode) step = umin(step, cycles_to_first_wrap());
    const bool wrapped = apply(step);
    cycles -= step;
    if (stop_mode && wrapped) {
      ctl_ &= ~kCountOns;
      ++stops_;
    }
  }
}

}  // namespace pmu::models
