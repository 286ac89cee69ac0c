// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/riscv_csr_model.hpp"

namespace pmu::models {
namespace {
constexpr uint64_t kAll = ~uint64_t{0};
constexpr uint64_t mask_bits(unsigned n) { return n >= 64 ? kAll : (uint64_t{1} << n) - 1; }
constexpr bool legal_optype(uint64_t op) { return op == 0 || op == 1 || op == 2 || op == 4; }
constexpr uint64_t field(uint64_t v, unsigned pos, unsigned w) { return (v >> pos) & mask_bits(w); }
// The Sscofpmf/AME xINH bit that inhibits counting in mode p.
constexpr uint64_t inhibit_bit(Priv p) {
  return p == Priv::kM ? uint64_t{1} << 62 : p == Priv::kS ? uint64_t{1} << 61 : uint64_t{1} << 60;
}
constexpr bool counter_shadow(uint32_t csr) { return (csr & ~0x9Fu) == 0xC00; }  // 0xC00-0xC1F, 0xC80-0xC9F
}  // namespace

RiscvCsrModel::RiscvCsrModel(const RiscvCsrConfig& cfg) : cfg_(cfg) {
  if (cfg_.num_hpm > 29) cfg_.num_hpm = 29;
  if (cfg_.width == 0 || cfg_.width > 64) cfg_.width = 64;
  if (cfg_.ibex) {
    cfg_.sscofpmf = false;                       // Ibex has no Sscofpmf,
    if (cfg_.num_hpm > 10) cfg_.num_hpm = 10;    // and MHPMCounterNum is 0..10
  }
  for (unsigned i = 0; i < 32; ++i) cnt_[i] = evt_[i] = wraps_[i] = ame_cnt_[i] = ame_evt_[i] = 0;
  for (auto& r : rate_) r = 0;
  for (auto& r : ame_rate_) r = 0;
}

void RiscvCsrModel::set_event_rate(unsigned event, uint32_t per_cycle) {
  if (event < kMaxEvents) rate_[event] = per_cycle;
}
void RiscvCsrModel::set_ame_event_rate(unsigned event, uint32_t per_cycle) {
  if (event < kAmeEvents && event != 0) ame_rate_[event] = per_cycle;
}

uint64_t RiscvCsrModel::width_mask(unsigned i) const {
  return (i == 0 || i == 2) ? kAll : mask_bits(cfg_.width);
}
bool RiscvCsrModel::counter_exists(unsigned i) const { return i == 0 || i == 2 || hpm_slot(i); }
uint32_t RiscvCsrModel::inhibit_mask() const {
  uint32_t m = 0x5;  // CY, IR; bit 1 is hard-wired 0
  for (unsigned i = 3; i < 32; ++i)
    if (hpm_slot(i)) m |= 1u << i;
  return m;
}
uint64_t RiscvCsrModel::ibex_event(unsigned i) const {
  return hpm_slot(i) ? uint64_t{1} << (i - 3) : 0;  // RTL: bit = index - 3 (not the doc's event id)
}

uint64_t RiscvCsrModel::combine(uint64_t a, uint64_t b, unsigned op, unsigned bits) {
  const uint64_t m = mask_bits(bits);
  a &= m;
  b &= m;
  if (op & 1) return a & b;
  if (op & 2) return a ^ b;
  if (op & 4) return (a + b) & m;
  return a | b;
}

uint64_t RiscvCsrModel::compose(uint64_t e, const uint64_t v[4], unsigned bits) {
  const uint64_t s0 = combine(v[0], v[1], static_cast<unsigned>(field(e, 40, 5)), bits);
  const uint64_t s1 = combine(v[2], v[3], static_cast<unsigned>(field(e, 45, 5)), bits);
  return combine(s0, s1, static_cast<unsigned>(field(e, 50, 5)), bits);
}

uint64_t RiscvCsrModel::std_increment(unsigned i) const {
  if (i == 0 || i == 2) return 1;  // one instruction per cycle
  if (cfg_.ibex) return i < kMaxEvents ? rate_[i] : 0;
  if (cfg_.sscofpmf && (evt_[i] & inhibit_bit(priv_))) return 0;  // xINH of the current mode
  const uint64_t id = evt_[i] & mask_bits(56);
  return id < kMaxEvents ? rate_[id] : 0;
}

uint64_t RiscvCsrModel::ame_increment(unsigned i) const {
  if (i == 0 || i == 2) return 1;
  const uint64_t e = ame_evt_[i];
  if (e & inhibit_bit(priv_)) return 0;
  uint64_t v[4];
  for (unsigned k = 0; k < 4; ++k) {
    const uint64_t id = field(e, 10 * k, 10);
    v[k] = id < kAmeEvents ? ame_rate_[id] : 0;
  }
  return compose(e, v, kAmeIncrementBits);
}

void RiscvCsrModel::add(uint64_t* c, uint64_t inc, uint64_t mask, unsigned i, bool ame) {
  if (inc == 0) return;
  const uint64_t old = *c;
  const uint64_t sum = old + inc;
  uint64_t wraps;
  if (mask == kAll)
    wraps = sum < old ? 1 : 0;
  else
    wraps = sum >> __builtin_popcountll(mask);  // inc stays far below 2^63 in tests
  *c = sum & mask;
  if (wraps == 0) return;
  if (!ame) wraps_[i] += wraps;
  if (ame) {
    ame_evt_[i] |= kOf;
  } else if (cfg_.sscofpmf && i >= 3) {
    if ((evt_[i] & kOf) == 0) {
      evt_[i] |= kOf;
      mip_ |= kLcofiBit;
      ++lcofi_raises_;
    }
  }
}

void RiscvCsrModel::advance(uint64_t cycles) {
  now_ += cycles;
  if (cfg_.standard) {
    for (unsigned i = 0; i < 32; ++i) {
      if (!counter_exists(i) || (inhibit_ >> i) & 1u) continue;
      add(&cnt_[i], std_increment(i) * cycles, width_mask(i), i, false);
    }
  }
  if (cfg_.ame) {
    for (unsigned i = 0; i < 32; ++i) {
      if (i == 1 || (ame_inhibit_ >> i) & 1u) continue;
      add(&ame_cnt_[i], ame_increment(i) * cycles, kAll, i, true);
    }
  }
}

uint32_t RiscvCsrModel::irq_outputs() const {
  uint32_t out = 0;
  if ((mip_ & kLcofiBit) && (!cfg_.serve_irq_csrs || (mie_ & kLcofiBit))) out |= kIrqLcofi;
  if (cfg_.ame) {
    for (unsigned i = 3; i < 32; ++i)
      if (ame_evt_[i] & kOf) out |= kIrqAme;
  }
  return out;
}

uint64_t RiscvCsrModel::half(uint64_t full, bool high) const {
  if (cfg_.xlen == 64) return full;
  return high ? full >> 32 : full & 0xFFFFFFFFull;
}
uint64_t RiscvCsrModel::merge(uint64_t full, uint64_t v, bool high) const {
  if (cfg_.xlen == 64) return v;
  v &= 0xFFFFFFFFull;
  return high ? (full & 0xFFFFFFFFull) | (v << 32) : (full & ~0xFFFFFFFFull) | v;
}

// Privileged spec: CSR number bits 9:8 = lowest mode, 11:10 = 3 read-only;
// counter shadows gated by mcounteren (S, U) and scounteren (U), AME's by
// its own chain.
bool RiscvCsrModel::permitted(uint32_t csr, bool write) const {
  const unsigned need = (csr >> 8) & 3;
  if (static_cast<unsigned>(priv_) < need) return false;
  if (write && (csr >> 10) == 3) return false;
  if (priv_ == Priv::kM) return true;
  const unsigned i = csr & 31;
  if (counter_shadow(csr)) {
    if (((mcounteren_ >> i) & 1u) == 0) return false;
    return priv_ == Priv::kS || ((scounteren_ >> i) & 1u) != 0;
  }
  if ((csr & ~31u) == 0xCE0) {
    if (((ame_mcounteren_ >> i) & 1u) == 0) return false;
    return priv_ == Priv::kS || ((ame_scounteren_ >> i) & 1u) != 0;
  }
  return true;
}

bool RiscvCsrModel::refuse(uint32_t csr) {
  ++illegal_;
  last_illegal_ = csr;
  return false;
}

bool RiscvCsrModel::csr_read(uint32_t csr, uint64_t* value) {
  ++accesses_;
  if (!permitted(csr, false)) return refuse(csr);
  uint64_t v = 0;
  const bool ok = (cfg_.standard && read_std(csr, &v)) || (cfg_.ame && read_ame(csr, &v));
  if (!ok) return refuse(csr);
  if (priv_ != Priv::kM && csr == 0xDA0) v &= mcounteren_;  // Sscofpmf: masked below M
  if (priv_ != Priv::kM && csr == 0xDE0) v &= ame_mcounteren_;  // AME: "the same read-mask style"
  if (priv_ != Priv::kM && (csr == 0x144 || csr == 0x104)) v &= mideleg_;  // S sees delegated bits
  *value = cfg_.xlen == 32 ? v & 0xFFFFFFFFull : v;
  return true;
}

bool RiscvCsrModel::csr_write(uint32_t csr, uint64_t value) {
  ++accesses_;
  if (!permitted(csr, true)) return refuse(csr);
  if (cfg_.xlen == 32) value &= 0xFFFFFFFFull;
  if (priv_ != Priv::kM && (csr == 0x144 || csr == 0x104)) {  // S writes only delegated bits
    const uint64_t old = csr == 0x144 ? mip_ : mie_;
    value = (old & ~mideleg_) | (value & mideleg_);
  }
  const bool ok = (cfg_.standard && write_std(csr, value)) || (cfg_.ame && write_ame(csr, value));
  return ok || refuse(csr);
}

bool RiscvCsrModel::read_std(uint32_t csr, uint64_t* v) {
  const bool rv32 = cfg_.xlen == 32;
  const unsigned i = csr & 31;
  // Counters and their unprivileged shadows (this model does not gate on counteren).
  if ((csr & ~31u) == 0xB00 || (csr & ~31u) == 0xC00 ||
      (rv32 && ((csr & ~31u) == 0xB80 || (csr & ~31u) == 0xC80))) {
    const bool high = (csr & 0x80) != 0;
    if (!counter_exists(i)) {
      // Ibex: an unimplemented hpm counter reads 0, no trap; its CSR case
      // list has no mhpmcounter1 (the "time" slot), so that one traps.
      if (!cfg_.ibex || (csr & 0xF00) != 0xB00 || i == 1) return false;
      *v = 0;
      return true;
    }
    *v = half(cnt_[i], high);
    return true;
  }
  if (csr == 0x320) {
    *v = inhibit_;
    return true;
  }
  // Every selector 3..31 exists, its counter or not (QEMU 7.2, as the spec
  // has them: no trap in M-mode); one whose counter is absent keeps what is
  // written and counts nothing. Its h half (RV32) exists with Sscofpmf.
  if (csr > 0x322 && csr <= 0x33F) {
    if (cfg_.ibex) {
      *v = ibex_event(i);
      return true;
    }
    *v = half(evt_[i], false);
    return true;
  }
  if (rv32 && cfg_.sscofpmf && csr > 0x722 && csr <= 0x73F) {
    *v = evt_[i] >> 32;
    return true;
  }
  if (csr == 0xDA0 && cfg_.sscofpmf) {
    uint64_t vec = 0;
    for (unsigned k = 3; k < 32; ++k)
      if (evt_[k] & kOf) vec |= uint64_t{1} << k;
    *v = vec;
    return true;
  }
  switch (csr) {
    case 0x306: *v = mcounteren_; return true;
    case 0x106: if (cfg_.ibex) return false; *v = scounteren_; return true;  // Ibex: no S-mode
    default: break;
  }
  if (cfg_.serve_irq_csrs) {
    switch (csr) {
      case 0x344: case 0x144: *v = mip_; return true;
      case 0x304: case 0x104: *v = mie_; return true;
      case 0x303: *v = mideleg_; return true;
      default: break;
    }
  }
  return false;
}

bool RiscvCsrModel::write_std(uint32_t csr, uint64_t v) {
  const bool rv32 = cfg_.xlen == 32;
  const unsigned i = csr & 31;
  if ((csr & ~31u) == 0xB00 || (rv32 && (csr & ~31u) == 0xB80)) {
    const bool high = (csr & 0x80) != 0;
    if (!counter_exists(i)) return cfg_.ibex && i != 1;  // Ibex: dropped without a trap (no mhpmcounter1)
    cnt_[i] = merge(cnt_[i], v, high) & width_mask(i);  // a write never overflows
    return true;
  }
  if (csr == 0x320) {
    inhibit_ = static_cast<uint32_t>(v) & inhibit_mask();
    return true;
  }
  if (csr > 0x322 && csr <= 0x33F) {
    if (cfg_.ibex) return true;  // hard-wired: writes ignored, no trap
    evt_[i] = merge(evt_[i], v, false);  // (an absent counter's too, as read_std says)
    return true;
  }
  if (rv32 && cfg_.sscofpmf && csr > 0x722 && csr <= 0x73F) {
    evt_[i] = merge(evt_[i], v, true);
    return true;
  }
  switch (csr) {
    case 0x306: mcounteren_ = static_cast<uint32_t>(v); return true;
    case 0x106: if (cfg_.ibex) return false; scounteren_ = static_cast<uint32_t>(v); return true;
    default: break;
  }
  if (cfg_.serve_irq_csrs) {
    switch (csr) {
      case 0x344: case 0x144: mip_ = (mip_ & ~kLcofiBit) | (v & kLcofiBit); return true;
      case 0x304: case 0x104: mie_ = v; return true;
      case 0x303: mideleg_ = v & kLcofiBit; return true;  // the model's only interrupt
      default: break;
    }
  }
  return false;
}

bool RiscvCsrModel::read_ame(uint32_t csr, uint64_t* v) {
  const unsigned i = csr & 31;
  switch (csr) {
    case 0x5E6: *v = ame_scounteren_; return true;
    case 0x6C6: *v = ame_hcounteren_; return true;
    case 0x7E8: *v = ame_mcounteren_; return true;
    case 0x7E9: *v = ame_inhibit_; return true;
    case 0xDE0: {
      uint64_t vec = 0;
      for (unsigned k = 3; k < 32; ++k)
        if (ame_evt_[k] & kOf) vec |= uint64_t{1} << k;
      *v = vec;
      return true;
    }
    default: break;
  }
  if (csr >= 0xBC3 && csr <= 0xBDF) {
    *v = ame_evt_[i];
    return true;
  }
  if (((csr & ~31u) == 0xBE0 || (csr & ~31u) == 0xCE0) && i != 1) {
    *v = ame_cnt_[i];
    return true;
  }
  return false;
}

bool RiscvCsrModel::write_ame(uint32_t csr, uint64_t v) {
  const unsigned i = csr & 31;
  switch (csr) {
    case 0x5E6: ame_scounteren_ = static_cast<uint32_t>(v); return true;
    case 0x6C6: ame_hcounteren_ = static_cast<uint32_t>(v); return true;
    case 0x7E8: ame_mcounteren_ = static_cast<uint32_t>(v); return true;
    case 0x7E9: ame_inhibit_ = static_cast<uint32_t>(v) & ~2u; return true;
    default: break;
  }
  if (csr >= 0xBC3 && csr <= 0xBDF) {
    // XiangShan WARL: an illegal OPTYPE keeps the field's old value; 57:55 read 0.
    uint64_t nv = v & ~(mask_bits(3) << 55);
    for (unsigned k = 0; k < 3; ++k) {
      const unsigned pos = 40 + 5 * k;
      if (!legal_optype(field(v, pos, 5)))
        nv = (nv & ~(mask_bits(5) << pos)) | (ame_evt_[i] & (mask_bits(5) << pos));
    }
    ame_evt_[i] = nv;
    return true;
  }
  if ((csr & ~31u) == 0xBE0 && i != 1) {
    ame_cnt_[i] = v;
    return true;
  }
  return false;  // the 0xCE0 shadows are read-only
}

}  // namespace pmu::models
