// SPDX-License-Identifier: Apache-2.0
// SafeSU behavioural model: one clock cycle at a time (cycle()), plus closed
// forms for long quiet stretches (bulk()) so the QEMU stub can advance the
// model by millions of guest cycles cheaply. Timing choices: see the header.
#include "pmu_sim/safesu_model.hpp"

namespace pmu::models {

namespace {
constexpr uint32_t kAllOnes = 0xFFFFFFFFu;

uint32_t mask_low(uint32_t n) { return n >= 32 ? kAllOnes : (1u << n) - 1; }
}  // namespace

// ---- decoding ----------------------------------------------------------------

uint32_t SafesuModel::index_of(uint32_t offset) const {
  // slv_index = haddr[clog2(N_REGS)+1 : 2]: higher bits are ignored, so the
  // map aliases every 4 << index_bits bytes (0x100 for 49 and 55 registers).
  return (offset >> 2) & mask_low(map_.index_bits);
}

bool SafesuModel::read_only(uint32_t idx) const {
  if (idx >= map_.ovf_vect && idx < map_.quota_mask) return true;
  if (idx >= map_.mccu_quota && idx < map_.mccu_quota + cfg_.n_cores) return true;
  if (idx >= map_.rdc_vect && idx < map_.crossbar) return true;  // vector + watermarks
  return false;
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

bool SafesuModel::output_level(uint32_t out, uint32_t mode) const {
  switch (mode) {
    case 1: return true;        // self-test 01: every output 1
    case 2: return false;       // self-test 10: every output 0
    case 3: return out == 0;    // self-test 11: output 0 only
    default: break;
  }
  const uint32_t ev = crossbar_field(out);
  return ev < cfg_.n_soc_ev && events_[ev];
}

void SafesuModel::hw_view(uint32_t* ro) const {
  // Order: overflow vector, remaining quota per core, RDC vector, watermarks.
  unsigned n = 0;
  const uint32_t cfg0 = regs_[0];
  ro[n++] = ((cfg0 & 4u) != 0 && (cfg0 & 8u) == 0) ? flags_ : 0;
  for (uint32_t c = 0; c < cfg_.n_cores; ++c) ro[n++] = rem_[c];
  ro[n++] = rdc_vect_;
  for (uint32_t r = 0; r < map_.n_watermarks; ++r) {
    uint32_t v = 0;
    for (uint32_t b = 0; b < 4; ++b) {
      const uint32_t i = 4 * r + b;
      if (i < 2 * cfg_.n_cores) v |= static_cast<uint32_t>(wm_[i]) << (8 * b);
    }
    ro[n++] = v;
  }
}

// ---- one clock cycle -----------------------------------------------------------

void SafesuModel::cycle(bool we, uint32_t widx, uint32_t wval) {
  // Read-only values as they stand before this edge: the wrapper copy lags.
  uint32_t ro[2 + kMaxCores + 8];
  hw_view(ro);

  const bool wvalid = we && valid_index(widx);
  if (wvalid) regs_[widx] = wval;  // the logic sees the written value this cycle

  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  const uint32_t mode = cfg0 >> 30;
  const uint32_t n = cfg_.n_counters;
  bool out[kMaxCounters];
  for (uint32_t k = 0; k < n; ++k) out[k] = output_level(k, mode);

  // Quota sequencer reads the counters before this edge.
  {
    const uint32_t qmask = regs_[map_.quota_mask];
    const uint32_t limit = regs_[map_.quota_limit];
    if ((cfg0 & 16u) != 0) {
      q_state_ = 0;
      q_sum_ = 0;
      q_latch_ = false;
    } else {
      if (qmask != q_prev_mask_) q_state_ = 0;  // a mask change restarts the round
      if (q_state_ == 0) {
        q_sum_ = 0;
      } else if ((qmask >> (q_state_ - 1)) & 1u) {
        q_sum_ += cnt_[q_state_ - 1];
      }
      q_state_ = (q_state_ + 1) % (n + 1);
      q_latch_ = q_latch_ || q_sum_ > limit;
    }
    q_prev_mask_ = qmask;
  }

  // Counters (facts 3.1, 3.2) and the overflow detector on their next value.
  const bool en = (cfg0 & 1u) != 0;
  const bool srst = (cfg0 & 2u) != 0;
  const uint32_t omask = regs_[map_.ovf_mask];
  if ((cfg0 & 8u) != 0) flags_ = 0;
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t adder = cnt_[k] + ((en && out[k]) ? 1u : 0u);
    uint32_t& shadow = regs_[map_.counters + k];
    uint32_t next;
    if (srst) {
      next = 0;  // priority over writes
    } else if (we) {
      next = shadow;  // write handshake: all counters reload; the count is lost
    } else {
      next = adder;
      if (en && out[k]) ++incs_[k];
    }
    if (!we) shadow = adder;  // the wrapper copy takes the adder output
    cnt_[k] = next;
    if ((cfg0 & 8u) == 0 && next == kAllOnes && ((omask >> k) & 1u)) flags_ |= 1u << k;
  }

  // MCCU (facts 3.5). Inputs 2c and 2c+1 are crossbar outputs.
  const uint32_t ninp = 2 * cfg_.n_cores;
  auto weight = [this](uint32_t i) { return (regs_[map_.weights + i / 4] >> (8 * (i % 4))) & 0xFFu; };
  const bool mrst = (cfg1 & 2u) != 0;
  for (uint32_t c = 0; c < cfg_.n_cores; ++c) {
    const uint32_t i0 = 2 * c;
    const uint32_t i1 = 2 * c + 1;
    const uint32_t cost = ((i0 < n && out[i0]) ? weight(i0) : 0) + ((i1 < n && out[i1]) ? weight(i1) : 0);
    if (mrst) {
      rem_[c] = 0;
      ccc_[c] = 0;
      mccu_q_[c] = false;
      continue;
    }
    const bool upd = (cfg1 >> (2 + c)) & 1u;
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
  mccu_en_q_ = (cfg1 & 1u) != 0;

  // RDC (facts 3.6).
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
      const uint32_t w = weight(i);
      const uint8_t r = run_[i];
      if ((w != 0 || cfg_.weight0_triggers) && r >= w) {
        rdc_vect_ |= 1u << i;
        any = true;
      }
      if (r > wm_[i]) wm_[i] = r;
      const bool in = i < n && out[i];
      run_[i] = in ? static_cast<uint8_t>(r == 255 ? 255 : r + 1) : 0;
    }
    rdc_irq_q_ = rdc_irq_q_ || any;
  } else {
    for (uint32_t i = 0; i < ninp; ++i) run_[i] = 0;
    rdc_vect_ = 0;
    rdc_irq_q_ = false;  // watermarks are kept
  }
  rdc_en_q_ = (cfg1 >> map_.rdc_enable_bit) & 1u;

  // Wrapper copy of the read-only registers (the written one keeps the
  // written value for this cycle: the one-read shadow quirk, facts T15).
  {
    unsigned j = 0;
    auto put = [&](uint32_t idx) {
      if (!(wvalid && idx == widx)) regs_[idx] = ro[j];
      ++j;
    };
    put(map_.ovf_vect);
    for (uint32_t c = 0; c < cfg_.n_cores; ++c) put(map_.mccu_quota + c);
    put(map_.rdc_vect);
    for (uint32_t r = 0; r < map_.n_watermarks; ++r) put(map_.watermarks + r);
  }

  ft2_pulse_ = false;
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
  const uint32_t qmask = regs_[map_.quota_mask];
  if (qmask == 0 || (cfg0 & 16u) != 0) return true;
  // The quota latch has settled after a full sequencer round.
  if (stable_ < 2 * (cfg_.n_counters + 1)) return false;
  if ((cfg0 & 1u) == 0 || (cfg0 & 2u) != 0) return true;
  // The quota sum only follows counters that move: then step exactly.
  for (uint32_t k = 0; k < cfg_.n_counters; ++k)
    if (((qmask >> k) & 1u) && output_level(k, cfg0 >> 30)) return false;
  return true;
}

void SafesuModel::bulk(uint64_t m) {
  // Inputs and registers have been constant for kSettle cycles: the
  // registered enables and the MCCU cost sums equal their inputs.
  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  const uint32_t n = cfg_.n_counters;
  const bool en = (cfg0 & 1u) != 0;
  const bool srst = (cfg0 & 2u) != 0;
  const bool orst = (cfg0 & 8u) != 0;
  const uint32_t omask = regs_[map_.ovf_mask];
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t inc = (en && output_level(k, cfg0 >> 30)) ? 1u : 0u;
    if (srst) {
      cnt_[k] = 0;
      regs_[map_.counters + k] = inc;
      continue;
    }
    const uint32_t c = cnt_[k];
    bool hits;
    if (inc == 0) {
      hits = c == kAllOnes;
    } else {
      const uint32_t d = kAllOnes - c;  // steps until the next value is all ones
      hits = d == 0 ? m >= (uint64_t{1} << 32) : d <= m;
    }
    if (!orst && hits && ((omask >> k) & 1u)) flags_ |= 1u << k;
    cnt_[k] = c + static_cast<uint32_t>(m * inc);
    incs_[k] += m * inc;
    regs_[map_.counters + k] = cnt_[k];
  }

  // Quota: the counters it sums are constant here (bulk_ok), so only the
  // sequencer position and its partial sum move; the latch has settled.
  if ((cfg0 & 16u) == 0) {
    const uint32_t qmask = regs_[map_.quota_mask];
    const uint32_t last = static_cast<uint32_t>((q_state_ + (m - 1) % (n + 1)) % (n + 1));
    uint64_t sum = 0;
    for (uint32_t j = 0; last != 0 && j < last; ++j)
      if ((qmask >> j) & 1u) sum += cnt_[j];
    q_sum_ = sum;
    q_state_ = (last + 1) % (n + 1);
  }

  // RDC: run lengths grow by one per cycle (saturating) or stay 0; the
  // watermark and the comparators see the run lengths before each edge.
  const bool rrst = (cfg1 >> map_.rdc_reset_bit) & 1u;
  if (!rrst && rdc_en_q_) {
    bool any = false;
    for (uint32_t i = 0; i < 2 * cfg_.n_cores; ++i) {
      const bool in = i < n && output_level(i, cfg0 >> 30);
      const uint32_t r0 = run_[i];
      const uint64_t top = in ? r0 + (m - 1) : r0;  // largest run length seen
      const uint32_t seen = top > 255 ? 255u : static_cast<uint32_t>(top);
      const uint32_t w = (regs_[map_.weights + i / 4] >> (8 * (i % 4))) & 0xFFu;
      if ((w != 0 || cfg_.weight0_triggers) && seen >= w) {
        rdc_vect_ |= 1u << i;
        any = true;
      }
      if (seen > wm_[i]) wm_[i] = static_cast<uint8_t>(seen);
      const uint64_t after = in ? r0 + m : 0;
      run_[i] = static_cast<uint8_t>(after > 255 ? 255 : after);
    }
    rdc_irq_q_ = rdc_irq_q_ || any;
  }

  // MCCU remaining quota: closed form of the saturating decrement.
  if ((cfg1 & 2u) == 0 && mccu_en_q_) {
    for (uint32_t c = 0; c < cfg_.n_cores; ++c) {
      const bool upd = (cfg1 >> (2 + c)) & 1u;
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
  const uint32_t v = valid_index(idx) ? regs_[idx] : kInvalidRead;
  cycle(false, 0, 0);
  return v;
}

void SafesuModel::write(uint32_t offset, unsigned size, uint32_t value) {
  (void)size;  // byte and halfword writes overwrite the whole register
  ++writes_;
  cycle(true, index_of(offset), value);
}

void SafesuModel::advance(uint64_t cycles) {
  while (cycles > 0) {
    if (cycles > 1 && bulk_ok()) {
      bulk(cycles - 1);
      cycles = 1;  // the last cycle runs exactly, refreshing the wrapper copy
    }
    cycle(false, 0, 0);
    --cycles;
  }
}

uint32_t SafesuModel::irq_outputs() const {
  const uint32_t cfg0 = regs_[0];
  const uint32_t cfg1 = regs_[map_.mccu_cfg];
  uint32_t v = 0;
  if (flags_ != 0 && (cfg0 & 4u) != 0 && (cfg0 & 8u) == 0) v |= kIrqOverflow;
  if (q_latch_ && (cfg0 & 16u) == 0) v |= kIrqQuota;
  const bool rrst = (cfg1 >> map_.rdc_reset_bit) & 1u;
  if (rdc_en_q_ && !rrst) {
    bool any = rdc_irq_q_;
    for (uint32_t i = 0; !any && i < 2 * cfg_.n_cores; ++i) {
      const uint32_t w = (regs_[map_.weights + i / 4] >> (8 * (i % 4))) & 0xFFu;
      any = (w != 0 || cfg_.weight0_triggers) && run_[i] >= w;
    }
    if (any) v |= kIrqRdc;
  }
  if (ft2_pulse_) v |= kIrqFt2;
  if (mccu_en_q_ && (cfg1 & 2u) == 0)
    for (uint32_t c = 0; c < cfg_.n_cores; ++c)
      if (mccu_q_[c]) v |= irq_mccu(c);
  return v;
}

// ---- test inputs ------------------------------------------------------------------

void SafesuModel::set_event(uint32_t index, bool level) {
  if (index >= kMaxEvents) return;
  if (index == 0 && cfg_.event0_high) level = true;
  if (events_[index] != level) stable_ = 0;
  events_[index] = level;
}

void SafesuModel::set_all_events(bool level) {
  for (uint32_t i = 0; i < kMaxEvents; ++i) set_event(i, level);
}

void SafesuModel::inject_double_error() {
  if (!cfg_.ft) return;
  ft2_pulse_ = true;  // high until the next cycle ends
  stable_ = 0;
}

}  // namespace pmu::models
