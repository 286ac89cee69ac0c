// SPDX-License-Identifier: Apache-2.0
// CM GCR performance block driver. See include/pmu/cm/perf.hpp.
#include "pmu/cm/perf.hpp"

#include "pmu/reg/mmio_reg.hpp"

namespace pmu::cm {
namespace {

using CtlValue = reg::Value<PcCtlTag>;

// CTL bits a control write may carry over from a read: the enables and the
// CountOn bits. Never the Reset bits (their read-back is undocumented; a
// copied 1 would reset a counter) nor Perf_Num_Cnt (read-only).
constexpr uint32_t kCtlKeep = kPerfIntEn.mask() | kPerfOvfStop.mask() | kP1CountOn.mask() |
                              kP0CountOn.mask() | kCyclCntCountOn.mask();

// PC_OV bit b (cycle 0, P0 1, P1 2) maps to CountOn bit 4 + 2b and Reset
// bit 5 + 2b in PC_CTL: spread the set's bits with shifts (no per-counter
// branches; at -Os GCC outlined the has() tests as calls).
__attribute__((always_inline)) constexpr uint32_t spread(uint32_t b) { return (b & 1u) | ((b & 2u) << 1) | ((b & 4u) << 2); }
constexpr uint32_t count_on_bits(CounterSet s) { return spread(s.bits) << 4; }
constexpr uint32_t reset_bits(CounterSet s) { return spread(s.bits) << 5; }
static_assert(count_on_bits(kCycle) == kCyclCntCountOn.mask() && count_on_bits(kP0) == kP0CountOn.mask() &&
              count_on_bits(kP1) == kP1CountOn.mask());
static_assert(reset_bits(kCycle) == kCyclCntReset.mask() && reset_bits(kP0) == kP0Reset.mask() &&
              reset_bits(kP1) == kP1Reset.mask());
static_assert(count_on_bits(kAll) == 0x150 && reset_bits(kAll) == 0x2A0);

constexpr unsigned index(Counter c) { return static_cast<unsigned>(c); }

// PC_OV bit order: cycle (bit 0), P0 (bit 1), P1 (bit 2).
constexpr Counter kByOvBit[kNumCounters] = {Counter::kCycle, Counter::kP0, Counter::kP1};
static_assert(to_set(Counter::kCycle).bits == 1 && to_set(Counter::kP0).bits == 2 &&
              to_set(Counter::kP1).bits == 4);

}  // namespace

Status Perf::probe() const {
  if (usable() != Status::kOk) return usable();
  const CtlValue ctl = reg::read(gdb_, kPcCtl);
  return ctl.get(kPerfNumCnt) == kExpectedNumCnt ? Status::kOk : Status::kMismatch;
}

Status Perf::program(Counter c, unsigned event_id, uint32_t qualifier) {
  if (usable() != Status::kOk) return usable();
  if ((c != Counter::kP0 && c != Counter::kP1) || !event_known(event_id)) return Status::kBadArg;
  // Qualifier first, so the new event never counts under the old qualifier.
  if (c == Counter::kP0) {
    reg::write(gdb_, kPcQual0, reg::Value<PcQual0Tag>{qualifier});
  } else {
    reg::write(gdb_, kPcQual1, reg::Value<PcQual1Tag>{qualifier});
  }
  const auto field = c == Counter::kP0 ? kP0Event : kP1Event;
  reg::modify(gdb_, kPcEvent, [&](reg::Value<PcEventTag> v) { return v.with(field, event_id); });
  return Status::kOk;
}

Status Perf::modify_ctl(uint32_t set_bits, uint32_t clear_bits) const {
  const CtlValue old = reg::read(gdb_, kPcCtl);
  const uint32_t next = ((old.raw & kCtlKeep) & ~clear_bits) | set_bits;
  reg::write(gdb_, kPcCtl, CtlValue{next});
  return Status::kOk;
}

Status Perf::control(CounterSet start_set, CounterSet stop_set, CounterSet reset_set) {
  if (const Status u = usable(); u != Status::kOk) return u;
  if (!start_set.valid() || !stop_set.valid() || !reset_set.valid() ||
      !(start_set & stop_set).empty() || (start_set | stop_set | reset_set).empty())
    return Status::kBadArg;
  const Status s = modify_ctl(count_on_bits(start_set) | reset_bits(reset_set), count_on_bits(stop_set));
  restart_wide(reset_set);
  return s;
}

void Perf::restart_wide(CounterSet reset_set) {
  // A Reset bit also clears the counter's overflow bit.
  for (unsigned bit = 0; bit < kNumCounters; ++bit) {
    if ((reset_set.bits >> bit) & 1u) {
      wide_[index(kByOvBit[bit])].restart(0, 0);
    }
  }
}

void Perf::observe(Counter c, uint32_t raw) { wide_[index(c)].observe(raw); }

// For a counter whose overflow bit is set: it wrapped at least once since
// the bit was last cleared; WideCounter adds a whole period that neither
// this observation nor an earlier one shows.
void Perf::observe_overflowed(Counter c, uint32_t raw) { wide_[index(c)].observe_flagged(raw); }

uint32_t Perf::read_raw(Counter c) const {
  switch (c) {
    case Counter::kP0: return reg::read(gdb_, kPcCnt0).raw;
    case Counter::kP1: return reg::read(gdb_, kPcCnt1).raw;
    case Counter::kCycle: return reg::read(gdb_, kPcCycle).raw;
  }
  return 0;
}

Status Perf::preload(Counter c, uint32_t value) {
  if (usable() != Status::kOk) return usable();
  if (!counter_valid(c)) return Status::kBadArg;
  util::WideCounter32& w = wide_[index(c)];
  // Account what was counted up to now, then carry the total on.
  observe(c, read_raw(c));
  switch (c) {
    case Counter::kP0: reg::write(gdb_, kPcCnt0, reg::Value<PcCnt0Tag>{value}); break;
    case Counter::kP1: reg::write(gdb_, kPcCnt1, reg::Value<PcCnt1Tag>{value}); break;
    case Counter::kCycle: reg::write(gdb_, kPcCycle, reg::Value<PcCycleTag>{value}); break;
  }
  w.restart(value, w.total());
  return Status::kOk;
}

Result<uint32_t> Perf::read(Counter c) {
  if (usable() != Status::kOk) return usable();
  if (!counter_valid(c)) return Status::kBadArg;
  const uint32_t raw = read_raw(c);
  observe(c, raw);
  return raw;
}

Result<uint64_t> Perf::read64(Counter c) {
  if (usable() != Status::kOk) return usable();
  if (!counter_valid(c)) return Status::kBadArg;
  observe(c, read_raw(c));
  return wide_[index(c)].total();
}

Result<CounterSet> Perf::read_overflow() const {
  if (usable() != Status::kOk) return usable();
  return CounterSet{static_cast<uint8_t>(reg::read(gdb_, kPcOv).raw & kAll.bits)};
}

Status Perf::clear_overflow(CounterSet s) const {
  if (usable() != Status::kOk) return usable();
  if (!s.valid() || s.empty()) return Status::kBadArg;
  reg::clear_w1c(gdb_, kPcOv, s.bits);
  return Status::kOk;
}

Status Perf::set_overflow_stop(bool on) const {
  if (usable() != Status::kOk) return usable();
  return on ? modify_ctl(kPerfOvfStop.mask(), 0) : modify_ctl(0, kPerfOvfStop.mask());
}

Status Perf::set_interrupt_enable(bool on) const {
  if (usable() != Status::kOk) return usable();
  return on ? modify_ctl(kPerfIntEn.mask(), 0) : modify_ctl(0, kPerfIntEn.mask());
}

Status Perf::on_overflow(Counter c, IrqCallback cb) {
  if (!counter_valid(c)) return Status::kBadArg;
  callbacks_[index(c)] = cb;
  return Status::kOk;
}

Result<CounterSet> Perf::handle_overflow_irq() {
  if (usable() != Status::kOk) return usable();
  // One snapshot; only the bits seen here are handled and acknowledged.
  const uint32_t snap = reg::read(gdb_, kPcOv).raw & kAll.bits;
  if (snap == 0) return kNone;
  for (unsigned bit = 0; bit < kNumCounters; ++bit) {
    if ((snap >> bit) & 1u) {
      const Counter c = kByOvBit[bit];
      observe_overflowed(c, read_raw(c));
    }
  }
  for (unsigned bit = 0; bit < kNumCounters; ++bit) {
    if ((snap >> bit) & 1u) {
      const Counter c = kByOvBit[bit];
      callbacks_[index(c)](static_cast<unsigned>(c));
    }
  }
  reg::clear_w1c(gdb_, kPcOv, snap);
  return CounterSet{static_cast<uint8_t>(snap)};
}

}  // namespace pmu::cm
