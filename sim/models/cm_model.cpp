// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/cm_model.hpp"

namespace pmu::models {
namespace {
constexpr uint32_t kIntEn = 1u << 30;
constexpr uint32_t kOvfStop = 1u << 29;
constexpr uint32_t kCountOns = (1u << 8) | (1u << 6) | (1u << 4);
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
  ctl_ = ov_ = event_ = 0;
  for (unsigned i = 0; i < kCounters; ++i) count_[i] = 0, counted_[i] = 0;
  qual_[0] = qual_[1] = acc_[0] = acc_[1] = 0;
  stops_ = 0;
}

uint32_t CmPerfModel::read_reg(uint32_t offset) const {
  switch (offset) {
    case kPcCtl: return ctl_ | kNumCnt;
    case kPcOv: return ov_;
    case kPcEvent: return event_;
    case kPcCycle: return count_[0];
    case kPcQual0: return qual_[0];
    case kPcCnt0: return count_[1];
    case kPcQual1: return qual_[1];
    case kPcCnt1: return count_[2];
    default: return 0;
  }
}

uint32_t CmPerfModel::read(uint32_t offset, unsigned) {
  return read_reg(offset & ~3u);  // the whole word: the CPU takes a narrow load's lanes
}

void CmPerfModel::write(uint32_t offset, unsigned size, uint32_t value) {
  if (size != 4 || (offset & 3u) != 0) return;
  switch (offset) {
    case kPcCtl:
      // Reset bit 5 + 2i: counter i and its overflow bit to 0, then count.
      for (unsigned i = 0; i < kCounters; ++i) {
        if ((value >> (5 + 2 * i)) & 1u) {
          count_[i] = 0;
          counted_[i] = 0;
          ov_ &= ~(1u << i);
          if (i > 0) acc_[i - 1] = 0;
        }
      }
      ctl_ = value & kCtlStored;
      break;
    case kPcOv: ov_ &= ~(value & 7u); break;
    case kPcEvent:
      if ((value & 0xFFu) != (event_ & 0xFFu)) acc_[0] = 0;
      if ((value & 0xFF00u) != (event_ & 0xFF00u)) acc_[1] = 0;
      event_ = value & 0xFFFFu;
      break;
    case kPcCycle: count_[0] = value; break;
    case kPcQual0: qual_[0] = value; break;
    case kPcCnt0: count_[1] = value; acc_[0] = 0; break;
    case kPcQual1: qual_[1] = value; break;
    case kPcCnt1: count_[2] = value; acc_[1] = 0; break;
    default: break;
  }
}

uint32_t CmPerfModel::irq_outputs() const {
  return ((ctl_ & kIntEn) != 0 && ov_ != 0) ? kIrqPcInt : 0;
}

// Events counter i takes to its next overflow point.
uint64_t CmPerfModel::events_to_flag(unsigned i) const {
  if (flag_point_ == FlagPoint::kWrap) return kWrap - count_[i];
  return count_[i] == 0xFFFFFFFFu ? kWrap : 0xFFFFFFFFu - count_[i];
}

uint64_t CmPerfModel::cycles_to_first_flag() const {
  uint64_t best = ~uint64_t{0};
  if (on(0)) best = events_to_flag(0);
  for (unsigned i = 1; i < kCounters; ++i) {
    const unsigned ev = event_of(i);
    const uint64_t num = rate_num_[ev];
    const uint64_t den = rate_den_[ev] == 0 ? 1 : rate_den_[ev];
    if (!on(i) || num == 0) continue;
    // Smallest n with floor((acc + n*num)/den) >= the events to the flag point.
    const uint64_t need = events_to_flag(i) * den - acc_[i - 1];
    best = umin(best, (need + num - 1) / num);
  }
  return best;
}

uint64_t CmPerfModel::take_events(unsigned i, uint64_t n) {
  const unsigned ev = event_of(i);
  const uint64_t num = rate_num_[ev];
  const uint64_t den = rate_den_[ev] == 0 ? 1 : rate_den_[ev];
  const uint64_t total = acc_[i - 1] + n * num;
  acc_[i - 1] = static_cast<uint32_t>(total % den);
  return total / den;
}

bool CmPerfModel::apply(uint64_t n) {
  bool overflowed = false;
  for (unsigned i = 0; i < kCounters; ++i) {
    if (!on(i)) continue;
    const uint64_t add = i == 0 ? n : take_events(i, n);
    const uint64_t t = count_[i] + add;
    counted_[i] += add;
    // The wrap, or (kAllOnes) a value 0xFFFFFFFF mod 2^32 in (count, t].
    const bool flag = flag_point_ == FlagPoint::kWrap ? t >= kWrap : ((t + 1) >> 32) > ((count_[i] + uint64_t{1}) >> 32);
    if (flag) {
      ov_ |= 1u << i;
      overflowed = true;
    }
    count_[i] = static_cast<uint32_t>(t);
  }
  return overflowed;
}

void CmPerfModel::advance(uint64_t cycles) {
  while (cycles > 0 && (ctl_ & kCountOns) != 0) {
    uint64_t step = umin(cycles, kMaxStep);
    const bool stop_mode = (ctl_ & kOvfStop) != 0;
    if (stop_mode) step = umin(step, cycles_to_first_flag());
    const bool overflowed = apply(step);
    cycles -= step;
    if (stop_mode && overflowed) {
      ctl_ &= ~kCountOns;
      ++stops_;
    }
  }
}

}  // namespace pmu::models
