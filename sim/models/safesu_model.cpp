// SPDX-License-Identifier: Apache-2.0
// SafeSU behavioural model: one clock cycle at a time (cycle()), plus closed
// forms for long quiet stretches (bulk()) so the QEMU stub can advance the
// model by millions of guest cycles cheaply. Timing: see the header.
#include "pmu_sim/safesu_model.hpp"

namespace pmu::models {

namespace {
constexpr uint32_t kAllOnes = 0xFFFFFFFFu;

// CFG0 bits (docs/hw/safesu.md §2.1) and CFG1 bits (§2.5).
constexpr uint32_t kCfg0Enable = 1u << 0;
constexpr uint32_t kCfg0CounterReset = 1u << 1;
constexpr uint32_t kCfg0OverflowEnable = 1u << 2;
constexpr uint32_t kCfg0OverflowReset = 1u << 3;
constexpr uint32_t kCfg0QuotaReset = 1u << 4;
constexpr uint32_t kCfg1MccuEnable = 1u << 0;
constexpr uint32_t kCfg1MccuReset = 1u << 1;
constexpr uint32_t kCfg1UpdateBase = 2;

uint32_t mask_low(uint32_t n) { return n >= 32 ? kAllOnes : (1u << n) - 1; }
uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

// Inverse of an odd number modulo 2^32 (Newton: each step doubles the bits).
uint32_t inverse_odd(uint32_t u) {
  uint32_t x = u;  // right to 3 bits for any odd u
  for (int i = 0; i < 4; ++i) x *= 2u - u * x;
  return x;
}

// The first j >= 1 with c + j*step == 0xFFFFFFFF (mod 2^32), or 0 when no j
// exists: the cycle (1-based) in which a counter at c adding 'step' per cycle
// has an all-ones next value. Up to 2^32, so 64 bits.
uint64_t first_all_ones(uint32_t c, uint32_t step) {
  const uint32_t d = kAllOnes - c;
  if (step == 0) return d == 0 ? 1 : 0;
  uint32_t a = 0;  // trailing zeros (a loop: no libgcc helper on cores without a ctz instruction)
  while (((step >> a) & 1u) == 0) ++a;
  if ((d & mask_low(a)) != 0) return 0;
  const uint64_t period = uint64_t{1} << (32 - a);
  const uint64_t j = (uint64_t{d >> a} * inverse_odd(step >> a)) & (period - 1);
  return j == 0 ? period : j;
}
}  // namespace

// ---- decoding and combinational helpers -----------------------------------------

uint32_t SafesuModel::index_of(uint32_t offset) const {
  // slv_index = haddr[clog2(N_REGS)+1 : 2]: higher bits are ignored, so the
  // map aliases every 4 << index_bits bytes (0x100 for 49 and 55 registers).
  return (offset >> 2) & mask_low(map_.index_bits);
}

uint32_t SafesuModel::crossbar_field(uint32_t out) const {
  // The crossbar registers form one little-endian bit stream; a field that
  // crosses a register boundary has its low bits at the top of register r.
  const uint32_t bits = map_.cfg_bits;
  const uint32_t pos = out * bits;
  const uint32_t r = pos / 32;
  const uint32_t off = pos % 32;
  uint32_t v = regs_[map_.crossbar + r] >> off;
  if (off + bits > 32 && r + 1 < map_.n_crossbar) v |= regs_[map_.crossbar + r + 1] << (32 - off);
  return v & mask_low(bits);
}

void SafesuModel::decode_routes() {
  for (uint32_t k = 0; k < cfg_.n_counters; ++k) {
    const uint32_t ev = crossbar_field(k);
    route_[k] = static_cast<uint16_t>(ev < cfg_.n_soc_ev ? ev : kMaxEvents);
  }
}

uint32_t SafesuModel::consumer_mask(uint32_t xbar_q, uint32_t width) const {
  // Self-test modes override every consumer's crossbar output, with no
  // crossbar latency (§2.1).
  switch (regs_[0] >> 30) {
    case 1: return mask_low(width);  // 01: every output 1
    case 2: return 0;                // 10: every output 0
    case 3: return 1u;               // 11: output 0 only
    default: return xbar_q & mask_low(width);
  }
}

uint32_t SafesuModel::weight(uint32_t i) const {
  return (regs_[map_.weights + i / 4] >> (8 * (i % 4))) & 0xFFu;
}

bool SafesuModel::rdc_fires(uint32_t i, uint32_t run) const {
  const uint32_t w = weight(i);
  return (w != 0 || cfg_.weight0_triggers) && run >= w;  // reaching the weight fires (§3.6)
}

uint32_t SafesuModel::step_of(uint32_t k) const {
  switch (fault_[k]) {
    case Fault::kNeverCounts:
    case Fault::kStuckAt: return 0;
    case Fault::kWrongStep: return fault_value_[k];
    default: return 1;
  }
}

// With the counter soft reset held the counter register is already 0, so
// this is also the "0 + event" the wrapper copy shows then.
uint32_t SafesuModel::idle_next(uint32_t k) const {
  if (fault_[k] == Fault::kStuckAt) return fault_value_[k];
  const uint32_t cfg0 = regs_[0];
  const bool counting = (cfg0 & kCfg0Enable) != 0 && ((consumer_mask(xbar_cnt_, cfg_.n_counters) >> k) & 1u);
  return cnt_[k] + (counting ? step_of(k) : 0u);
}

// ---- one clock cycle -----------------------------------------------------------

void SafesuModel::cycle(bool we, uint32_t widx, uint32_t wval) {
  if (n_pending_ != 0) apply_pending();
  const uint32_t n = cfg_.n_counters;
  const uint32_t ninp = 2 * cfg_.n_cores;
  const uint32_t n_mr = min_u32(ninp, n);  // MCCU/RDC inputs that exist as crossbar outputs

  // Registered values as they stand during this cycle: what their wrapper
  // copies take at the end of it (one cycle behind the register, §2.6).
  uint32_t rem_during[kMaxCores];
  for (uint32_t c = 0; c < cfg_.n_cores; ++c) rem_during[c] = rem_[c];
  const uint32_t rdc_vect_during = rdc_vect_;
  uint8_t wm_during[kMaxInputs];
  for (uint32_t i = 0; i < ninp; ++i) wm_during[i] = wm_[i];

  // The MCCU/RDC inputs' crossbar register samples the route as it stood
  // before this cycle's write: a re-route reaches them one cycle after the
  // counters (§8).
  uint32_t mr_sample = 0;
  for (uint32_t i = 0; i < n_mr; ++i) mr_sample |= routed_level(i) << i;

  const bool wvalid = we && valid_index(widx);
  if (wvalid) {
    regs_[widx] = wval;  // the logic sees the written value this cycle
    if (widx >= map_.crossbar && widx < map_.crossbar + map_.n_crossbar) decode_routes();
  }

  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  uint32_t cnt_sample = 0;
  for (uint32_t k = 0; k < n; ++k) cnt_sample |= routed_level(k) << k;
  const uint32_t out = consumer_mask(xbar_cnt_, n);  // counters' inputs this cycle
  const uint32_t in = consumer_mask(xbar_mr_, n_mr);  // MCCU/RDC inputs this cycle

  // Counters (§3.1, §3.2). next[k] is what counter k drives to the wrapper
  // copy: the adder output, or in a write cycle the wrapper data it reloads.
  const bool en = (cfg0 & kCfg0Enable) != 0;
  const bool srst = (cfg0 & kCfg0CounterReset) != 0;
  const bool orst = (cfg0 & kCfg0OverflowReset) != 0;
  const uint32_t omask = regs_[map_.ovf_mask];
  uint32_t next[kMaxCounters];
  uint32_t new_flags = 0;
  uint32_t* const copies = regs_ + map_.counters;
  if (faulty_ == 0 && !we && !srst) {
    // The common cycle, branch-free: every counter adds its input.
    const uint32_t adds = en ? out : 0u;
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t inc = (adds >> k) & 1u;
      next[k] = cnt_[k] + inc;
      cnt_[k] = next[k];
      copies[k] = next[k];
      incs_[k] += inc;
      new_flags |= static_cast<uint32_t>(next[k] == kAllOnes) << k;
    }
    new_flags &= omask;
  } else {
    for (uint32_t k = 0; k < n; ++k) {
      uint32_t& copy = copies[k];
      const bool faulty = (faulty_ >> k) & 1u;
      if (faulty && fault_[k] == Fault::kStuckAt) {
        next[k] = fault_value_[k];
        cnt_[k] = next[k];
        copy = next[k];
      } else if (we) {
        next[k] = copy;  // all counters reload; the count of this cycle is lost
        cnt_[k] = srst ? 0 : copy;  // soft reset has priority over writes
      } else {
        const uint32_t inc = (en && ((out >> k) & 1u)) ? (faulty ? step_of(k) : 1u) : 0u;
        next[k] = cnt_[k] + inc;
        copy = next[k];  // with the soft reset held the copy shows 0 + event
        if (srst) {
          cnt_[k] = 0;
        } else {
          cnt_[k] = next[k];
          incs_[k] += inc;
        }
      }
      if (next[k] == kAllOnes && ((omask >> k) & 1u)) new_flags |= 1u << k;
    }
  }

  // Overflow (§3.3, §8): combinational on the next values; sticky until the
  // overflow soft reset, which also holds the vector at 0.
  const uint32_t flags_now = orst ? 0u : (flags_ | new_flags);
  const uint32_t vect_now = (cfg0 & kCfg0OverflowEnable) != 0 ? flags_now : 0u;
  flags_ = flags_now;

  // Quota (§3.4, §8): sums the counters' next values; a mask change holds the
  // sequencer in state 0 for that cycle and one more.
  {
    const uint32_t qmask = regs_[map_.quota_mask];
    const uint32_t limit = regs_[map_.quota_limit];
    if ((cfg0 & kCfg0QuotaReset) != 0) {
      q_state_ = 0;
      q_sum_ = 0;
      q_latch_ = false;
    } else {
      q_latch_ = q_latch_ || q_sum_ > limit;
      const bool changed = qmask != q_prev_mask_;
      const uint32_t s = changed ? 0 : q_state_;
      if (s == 0) {
        q_sum_ = 0;
      } else if ((qmask >> (s - 1)) & 1u) {
        q_sum_ += next[s - 1];
      }
      q_state_ = changed ? 0 : (s + 1) % (n + 1);
    }
    q_prev_mask_ = qmask;
  }

  // MCCU (§3.5). Inputs 2c and 2c+1 feed core c.
  const bool mrst = (cfg1 & kCfg1MccuReset) != 0;
  for (uint32_t c = 0; c < cfg_.n_cores; ++c) {
    const uint32_t cost = (((in >> (2 * c)) & 1u) ? weight(2 * c) : 0u) +
                          (((in >> (2 * c + 1)) & 1u) ? weight(2 * c + 1) : 0u);
    if (mrst) {
      rem_[c] = 0;
      ccc_[c] = 0;
      mccu_q_[c] = false;
      continue;
    }
    const bool upd = (cfg1 >> (kCfg1UpdateBase + c)) & 1u;
    const uint32_t limit = regs_[map_.mccu_limits + c];
    if (mccu_en_q_) {
      const bool d = ccc_[c] > rem_[c];  // strictly greater: reaching 0 does not fire
      const uint32_t base = upd ? limit : rem_[c];
      rem_[c] = ccc_[c] > base ? 0 : base - ccc_[c];  // saturating
      mccu_q_[c] = mccu_q_[c] || d;                   // refill does not clear it
    } else {
      if (upd) rem_[c] = limit;  // limits are only loaded on update
      mccu_q_[c] = false;
    }
    ccc_[c] = cost;  // computed even while disabled
  }
  mccu_en_q_ = (cfg1 & kCfg1MccuEnable) != 0;

  // RDC (§3.6): the comparators and the watermark see the run length as it
  // stands during this cycle; the run length takes this cycle's input.
  const bool rrst = (cfg1 >> map_.rdc_reset_bit) & 1u;
  if (rrst) {
    for (uint32_t i = 0; i < ninp; ++i) {
      run_[i] = 0;
      wm_[i] = 0;
    }
    rdc_vect_ = 0;
    rdc_irq_q_ = false;
  } else if (rdc_en_q_) {
    bool any = false;
    for (uint32_t i = 0; i < ninp; ++i) {
      const uint8_t r = run_[i];
      if (rdc_fires(i, r)) {
        rdc_vect_ |= 1u << i;
        any = true;
      }
      if (r > wm_[i]) wm_[i] = r;
      run_[i] = ((in >> i) & 1u) ? static_cast<uint8_t>(r == 255 ? 255 : r + 1) : 0;
    }
    rdc_irq_q_ = rdc_irq_q_ || any;
  } else {
    for (uint32_t i = 0; i < ninp; ++i) run_[i] = 0;
    rdc_vect_ = 0;
    rdc_irq_q_ = false;  // watermarks are kept
  }
  rdc_en_q_ = (cfg1 >> map_.rdc_enable_bit) & 1u;

  xbar_cnt_ = cnt_sample;
  xbar_mr_ = mr_sample;

  // Wrapper copies of the read-only registers. A written one keeps the
  // write data for this cycle (the one-read shadow quirk, §2.3, T15).
  auto put = [&](uint32_t idx, uint32_t v) {
    if (!(wvalid && idx == widx)) regs_[idx] = v;
  };
  put(map_.ovf_vect, vect_now);
  for (uint32_t c = 0; c < cfg_.n_cores; ++c) put(map_.mccu_quota + c, rem_during[c]);
  put(map_.rdc_vect, rdc_vect_during);
  for (uint32_t r = 0; r < map_.n_watermarks; ++r) {
    uint32_t v = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      const uint32_t i = 4 * r + b;
      if (i < ninp) v |= static_cast<uint32_t>(wm_during[i]) << (8 * b);
    }
    put(map_.watermarks + r, v);
  }

  ft2_pulse_ = false;
  ++now_;
  if (we) {
    stable_ = 0;
  } else if (stable_ < 255) {
    ++stable_;
  }
}

// ---- long quiet stretches -----------------------------------------------------

bool SafesuModel::bulk_ok() const {
  if (stable_ < kSettle || ft2_pulse_) return false;
  const uint32_t cfg0 = regs_[0];
  const uint32_t qmask = regs_[map_.quota_mask] & mask_low(cfg_.n_counters);
  if (qmask == 0 || (cfg0 & kCfg0QuotaReset) != 0) return true;
  // The quota latch has seen every partial sum of a round of constant sums.
  if (stable_ < 2 * (cfg_.n_counters + 1) + kSettle) return false;
  // Only constant next values have a closed form: step counters that move.
  for (uint32_t k = 0; k < cfg_.n_counters; ++k) {
    if (((qmask >> k) & 1u) == 0 || fault_[k] == Fault::kStuckAt) continue;
    if ((cfg0 & kCfg0CounterReset) == 0 && idle_next(k) != cnt_[k]) return false;
  }
  return true;
}

void SafesuModel::bulk(uint64_t m) {
  // Inputs and registers have been constant for kSettle cycles: the crossbar
  // registers, the registered enables and the MCCU cost sums equal their
  // inputs, and every counter adds the same amount each cycle.
  bulk_cycles_ += m;
  now_ += m;
  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  const uint32_t n = cfg_.n_counters;
  const uint32_t ninp = 2 * cfg_.n_cores;
  const bool srst = (cfg0 & kCfg0CounterReset) != 0;
  const bool orst = (cfg0 & kCfg0OverflowReset) != 0;
  const uint32_t omask = regs_[map_.ovf_mask];
  uint32_t next[kMaxCounters];  // constant next values (soft reset held, stuck, parked)
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t c = cnt_[k];
    const uint32_t inc = idle_next(k) - c;  // what each cycle adds (stuck: c is the value)
    uint64_t first;                         // 1-based cycle of the first all-ones next value
    if (fault_[k] == Fault::kStuckAt) {
      first = c == kAllOnes ? 1 : 0;
      next[k] = c;
    } else if (srst) {
      first = inc == kAllOnes ? 1 : 0;  // the copy shows 0 + event every cycle
      cnt_[k] = 0;
      next[k] = inc;
    } else {
      first = first_all_ones(c, inc);
      cnt_[k] = c + static_cast<uint32_t>(m * inc);
      incs_[k] += m * inc;
      next[k] = cnt_[k];  // only used when inc == 0 (bulk_ok)
    }
    regs_[map_.counters + k] = srst ? inc : cnt_[k];
    if (!orst && first != 0 && first <= m && ((omask >> k) & 1u)) flags_ |= 1u << k;
  }

  // Quota: the next values it sums are constant here (bulk_ok), so only the
  // sequencer position and its partial sum move; the latch has settled.
  if ((cfg0 & kCfg0QuotaReset) == 0) {
    const uint32_t qmask = regs_[map_.quota_mask];
    const uint32_t last = static_cast<uint32_t>((q_state_ + (m - 1) % (n + 1)) % (n + 1));
    uint64_t sum = 0;
    for (uint32_t j = 0; last != 0 && j < last; ++j)
      if ((qmask >> j) & 1u) sum += next[j];
    q_sum_ = sum;
    q_state_ = (last + 1) % (n + 1);
  }

  // RDC: run lengths grow by one per cycle (saturating) or stay 0; the
  // watermark and the comparators see the run lengths before each edge.
  const bool rrst = (cfg1 >> map_.rdc_reset_bit) & 1u;
  if (!rrst && rdc_en_q_) {
    const uint32_t in = consumer_mask(xbar_mr_, min_u32(ninp, n));
    bool any = false;
    for (uint32_t i = 0; i < ninp; ++i) {
      const bool high = (in >> i) & 1u;
      const uint32_t r0 = run_[i];
      const uint64_t top = high ? r0 + (m - 1) : r0;  // largest run length seen
      const uint32_t seen = top > 255 ? 255u : static_cast<uint32_t>(top);
      if (rdc_fires(i, seen)) {
        rdc_vect_ |= 1u << i;
        any = true;
      }
      if (seen > wm_[i]) wm_[i] = static_cast<uint8_t>(seen);
      const uint64_t after = high ? r0 + m : 0;
      run_[i] = static_cast<uint8_t>(after > 255 ? 255 : after);
    }
    rdc_irq_q_ = rdc_irq_q_ || any;
  }

  // MCCU remaining quota: closed form of the saturating decrement.
  if ((cfg1 & kCfg1MccuReset) == 0 && mccu_en_q_) {
    for (uint32_t c = 0; c < cfg_.n_cores; ++c) {
      const bool upd = (cfg1 >> (kCfg1UpdateBase + c)) & 1u;
      const uint32_t cost = ccc_[c];
      if (upd || cost == 0) continue;  // constant since settling
      const uint64_t whole = rem_[c] / cost;  // decrements that do not fire
      if (m <= whole) {
        rem_[c] -= static_cast<uint32_t>(m * cost);
      } else {
        rem_[c] = 0;
        mccu_q_[c] = true;
      }
    }
  }
}

// ---- bus and clock --------------------------------------------------------------

uint32_t SafesuModel::read(uint32_t offset, unsigned size) {
  (void)size;  // HSIZE is ignored: always the whole register
  ++reads_;
  const uint32_t idx = index_of(offset);
  const uint32_t v = valid_index(idx) ? regs_[idx] : kInvalidRead;  // captured in the address phase
  cycle(false, 0, 0);  // the data phase
  return v;
}

void SafesuModel::write(uint32_t offset, unsigned size, uint32_t value) {
  (void)size;  // byte and halfword writes overwrite the whole register
  ++writes_;
  cycle(true, index_of(offset), value);  // the data phase
}

void SafesuModel::advance(uint64_t cycles) {
  while (cycles > 0) {
    if (cycles > 1 && bulk_ok()) {
      // Closed forms up to the next scheduled pin change; the last cycle
      // always runs exactly, refreshing the wrapper copies.
      const uint64_t due = next_pending();
      uint64_t m = cycles - 1;
      if (due - now_ < m) m = due - now_;  // due > now_: applied at the last cycle's start
      if (m != 0) {
        bulk(m);
        cycles -= m;
      }
    }
    cycle(false, 0, 0);
    --cycles;
  }
}

uint32_t SafesuModel::irq_outputs() const {
  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  uint32_t v = 0;
  if ((cfg0 & kCfg0OverflowEnable) != 0 && (cfg0 & kCfg0OverflowReset) == 0) {
    // Combinational: a counter whose next value is all ones raises the line now.
    bool high = flags_ != 0;
    const uint32_t omask = regs_[map_.ovf_mask] & mask_low(cfg_.n_counters);
    for (uint32_t k = 0; !high && k < cfg_.n_counters; ++k)
      high = ((omask >> k) & 1u) && idle_next(k) == kAllOnes;
    if (high) v |= kIrqOverflow;
  }
  if ((cfg0 & kCfg0QuotaReset) == 0 && (q_latch_ || q_sum_ > regs_[map_.quota_limit])) v |= kIrqQuota;
  const bool rrst = (cfg1 >> map_.rdc_reset_bit) & 1u;
  if (rdc_en_q_ && !rrst) {
    bool any = rdc_irq_q_;
    for (uint32_t i = 0; !any && i < 2 * cfg_.n_cores; ++i) any = rdc_fires(i, run_[i]);
    if (any) v |= kIrqRdc;
  }
  if (ft2_pulse_) v |= kIrqFt2;
  if (mccu_en_q_ && (cfg1 & kCfg1MccuReset) == 0)
    for (uint32_t c = 0; c < cfg_.n_cores; ++c)
      if (mccu_q_[c]) v |= irq_mccu(c);
  return v;
}

// ---- test inputs ------------------------------------------------------------------

void SafesuModel::set_event(uint32_t index, bool level) {
  if (index >= kMaxEvents) return;
  if (index == 0 && cfg_.event0_high) level = true;
  if ((events_[index] != 0) != level) stable_ = 0;
  events_[index] = level ? 1 : 0;
}

bool SafesuModel::set_event_at(uint64_t at, uint32_t index, bool level) {
  // Refused here, before the pin number is narrowed to its 16-bit slot
  // (65541 would otherwise drive pin 5).
  if (index >= kMaxEvents) return false;
  if (at <= now_) {
    set_event(index, level);
    return true;
  }
  if (n_pending_ == kMaxPending) return false;
  pending_[n_pending_++] = Pending{at, static_cast<uint16_t>(index), level};
  return true;
}

void SafesuModel::apply_pending() {
  // In the order they were asked for, so a later change to the same pin wins.
  uint32_t kept = 0;
  for (uint32_t i = 0; i < n_pending_; ++i) {
    if (pending_[i].at <= now_) {
      set_event(pending_[i].index, pending_[i].level);
    } else {
      pending_[kept++] = pending_[i];
    }
  }
  n_pending_ = kept;
}

uint64_t SafesuModel::next_pending() const {
  uint64_t due = ~uint64_t{0};
  for (uint32_t i = 0; i < n_pending_; ++i)
    if (pending_[i].at < due) due = pending_[i].at;
  return due;
}

void SafesuModel::set_all_events(bool level) {
  for (uint32_t i = 0; i < kMaxEvents; ++i) set_event(i, level);
}

void SafesuModel::inject_double_error() {
  if (!cfg_.ft) return;
  ft2_pulse_ = true;  // high until the next cycle ends
  stable_ = 0;
}

void SafesuModel::inject_fault(uint32_t k, Fault fault, uint32_t value) {
  if (k >= cfg_.n_counters) return;
  fault_[k] = fault;
  fault_value_[k] = value;
  if (fault == Fault::kNone) {
    faulty_ &= ~(1u << k);
  } else {
    faulty_ |= 1u << k;
  }
  if (fault == Fault::kStuckAt) {
    cnt_[k] = value;
    regs_[map_.counters + k] = value;
  }
  stable_ = 0;
}

void SafesuModel::clear_faults() {
  for (uint32_t k = 0; k < kMaxCounters; ++k) {
    fault_[k] = Fault::kNone;
    fault_value_[k] = 0;
  }
  faulty_ = 0;
  stable_ = 0;
}

bool SafesuModel::same_state(const SafesuModel& o) const {
  if (map_.total != o.map_.total || cfg_.n_counters != o.cfg_.n_counters) return false;
  for (uint32_t i = 0; i < kMaxRegs; ++i)
    if (regs_[i] != o.regs_[i]) return false;
  for (uint32_t k = 0; k < kMaxCounters; ++k)
    if (cnt_[k] != o.cnt_[k] || incs_[k] != o.incs_[k] || fault_[k] != o.fault_[k] ||
        fault_value_[k] != o.fault_value_[k])
      return false;
  for (uint32_t e = 0; e < kMaxEvents; ++e)
    if (events_[e] != o.events_[e]) return false;
  for (uint32_t c = 0; c < kMaxCores; ++c)
    if (ccc_[c] != o.ccc_[c] || rem_[c] != o.rem_[c] || mccu_q_[c] != o.mccu_q_[c]) return false;
  for (uint32_t i = 0; i < kMaxInputs; ++i)
    if (run_[i] != o.run_[i] || wm_[i] != o.wm_[i]) return false;
  if (now_ != o.now_ || n_pending_ != o.n_pending_) return false;
  for (uint32_t i = 0; i < n_pending_; ++i)
    if (pending_[i].at != o.pending_[i].at || pending_[i].index != o.pending_[i].index ||
        pending_[i].level != o.pending_[i].level)
      return false;
  return xbar_cnt_ == o.xbar_cnt_ && xbar_mr_ == o.xbar_mr_ && flags_ == o.flags_ &&
         q_state_ == o.q_state_ && q_sum_ == o.q_sum_ && q_latch_ == o.q_latch_ &&
         q_prev_mask_ == o.q_prev_mask_ && mccu_en_q_ == o.mccu_en_q_ && rdc_vect_ == o.rdc_vect_ &&
         rdc_irq_q_ == o.rdc_irq_q_ && rdc_en_q_ == o.rdc_en_q_ && ft2_pulse_ == o.ft2_pulse_;
}

}  // namespace pmu::models
