// SPDX-License-Identifier: Apache-2.0
#include "pmu_sim/riscv_sbi_model.hpp"

namespace pmu::models {
namespace {
constexpr int64_t kOk = 0;
constexpr int64_t kNotSupported = -2;
constexpr int64_t kInvalidParam = -3;
constexpr int64_t kAlreadyStarted = -7;
constexpr int64_t kAlreadyStopped = -8;
constexpr uint32_t kPmu = 0x504D55;
constexpr uint64_t kOf = uint64_t{1} << 63;
constexpr uint64_t kMinh = uint64_t{1} << 62;
constexpr uint64_t kLcofip = uint64_t{1} << 13;
}  // namespace

SbiPmuModel::SbiPmuModel(RiscvCsrModel* csrs, Priv caller, bool raw_events)
    : csrs_(csrs), caller_(caller), raw_events_(raw_events), num_hw_(3 + csrs->config().num_hpm) {}

uint64_t SbiPmuModel::m_read(uint32_t csr) {
  uint64_t v = 0;
  (void)csrs_->csr_read(csr, &v);
  return v;
}
void SbiPmuModel::m_write(uint32_t csr, uint64_t v) { (void)csrs_->csr_write(csr, v); }
bool SbiPmuModel::running(unsigned i) { return ((m_read(0x320) >> i) & 1u) == 0; }

void SbiPmuModel::write_counter(unsigned i, uint64_t v) {
  if (csrs_->config().xlen == 32) {
    m_write(0xB00 + i, 0);
    m_write(0xB80 + i, v >> 32);
  }
  m_write(0xB00 + i, v);
}
void SbiPmuModel::write_event(unsigned i, uint64_t v) {
  if (i < 3) return;  // cycle and instret have no selector
  if (csrs_->config().xlen == 32 && csrs_->config().sscofpmf) m_write(0x720 + i, v >> 32);
  m_write(0x320 + i, v);
}
uint64_t SbiPmuModel::read_event(unsigned i) {
  uint64_t v = m_read(0x320 + i) & 0xFFFFFFFFull;
  if (csrs_->config().xlen == 32) {
    if (csrs_->config().sscofpmf) v |= m_read(0x720 + i) << 32;
    return v;
  }
  return m_read(0x320 + i);
}

SbiRetModel SbiPmuModel::call(uint32_t eid, uint32_t fid, const uint64_t a[6]) {
  ++calls_;
  const Priv was = csrs_->privilege();
  csrs_->set_privilege(Priv::kM);
  SbiRetModel r{kNotSupported, 0};
  if (eid == 0x10 && fid == 3) {
    r = {kOk, a[0] == kPmu ? 1u : 0u};
  } else if (eid == kPmu) {
    switch (fid) {
      case 0: r = {kOk, num_hw_ + kFirmwareCounters}; break;
      case 1: {
        const uint64_t i = a[0];
        const unsigned xlen = csrs_->config().xlen;
        if (i == 1 || i >= num_hw_ + kFirmwareCounters) {
          r = {kInvalidParam, 0};
        } else if (i >= num_hw_) {
          r = {kOk, uint64_t{1} << (xlen - 1)};
        } else {
          const unsigned width = i < 3 ? 64 : csrs_->config().width;
          r = {kOk, (0xC00 + i) | (uint64_t{width - 1} << 12)};
        }
        break;
      }
      // A 64-bit argument takes two registers on RV32, low first (event_data
      // in a4/a5, initial_value in a3/a4).
      case 2: r = config_matching(a[0], a[1], a[2], a[3], csrs_->config().xlen == 32 ? (a[4] & 0xFFFFFFFFull) | (a[5] << 32) : a[4]); break;
      case 3: r = start(a[0], a[1], a[2], csrs_->config().xlen == 32 ? (a[3] & 0xFFFFFFFFull) | (a[4] << 32) : a[3]); break;
      case 4: r = stop(a[0], a[1], a[2]); break;
      case 5: r = {kInvalidParam, 0}; break;  // firmware counters count nothing here
      default: break;
    }
  }
  csrs_->set_privilege(was);
  (void)caller_;
  return r;
}

SbiRetModel SbiPmuModel::config_matching(uint64_t base, uint64_t mask, uint64_t flags, uint64_t event,
                                         uint64_t data) {
  const uint32_t type = static_cast<uint32_t>(event >> 16);
  const uint32_t code = static_cast<uint32_t>(event & 0xFFFF);
  uint64_t sel;
  if (type == 0 && (code == 1 || code == 2)) {
    sel = code;
  } else if (type == 2 && raw_events_) {
    sel = data;
  } else {
    return {kNotSupported, 0};
  }
  for (unsigned k = 0; k < 64 && (mask >> k) != 0; ++k) {
    if (((mask >> k) & 1u) == 0) continue;
    const uint64_t i = base + k;
    if (i >= num_hw_ || i == 1) continue;
    if (i > 2 && (active_[i] != 0 || running(static_cast<unsigned>(i)))) continue;  // fixed: always
    if (i == 0 && !(type == 0 && code == 1)) continue;  // mcycle counts cycles only
    if (i == 2 && !(type == 0 && code == 2)) continue;  // minstret instructions only
    active_[i] = static_cast<uint32_t>(event);
    uint64_t v = sel;
    if (csrs_->config().sscofpmf) {
      v |= kOf | kMinh;  // interrupt off until counter_start; never count M-mode
      if (flags & (1u << 3)) v |= uint64_t{1} << 58;
      if (flags & (1u << 4)) v |= uint64_t{1} << 59;
      if (flags & (1u << 5)) v |= uint64_t{1} << 60;
      if (flags & (1u << 6)) v |= uint64_t{1} << 61;
    }
    write_event(static_cast<unsigned>(i), v);
    if (flags & (1u << 1)) write_counter(static_cast<unsigned>(i), 0);
    if (flags & (1u << 2)) (void)start(i, 1, 0, 0);
    return {kOk, i};
  }
  return {kNotSupported, 0};
}

// OpenSBI: counters without an event are skipped; the answer is the last
// processed counter's (INVALID_PARAM if none was).
SbiRetModel SbiPmuModel::start(uint64_t base, uint64_t mask, uint64_t flags, uint64_t value) {
  int64_t ret = kInvalidParam;
  for (unsigned k = 0; k < 64 && (mask >> k) != 0; ++k) {
    if (((mask >> k) & 1u) == 0) continue;
    const unsigned i = static_cast<unsigned>(base + k);
    if (i >= 32 || active_[i] == 0) continue;
    if (running(i)) {
      ret = kAlreadyStarted;
      continue;
    }
    ret = kOk;
    if (csrs_->config().sscofpmf && i >= 3 && (m_read(0x344) & kLcofip) == 0)
      write_event(i, read_event(i) & ~kOf);
    if (flags & 1u) write_counter(i, value);
    m_write(0x320, m_read(0x320) & ~(1u << i));
  }
  return {ret, 0};
}

SbiRetModel SbiPmuModel::stop(uint64_t base, uint64_t mask, uint64_t flags) {
  int64_t ret = kInvalidParam;
  for (unsigned k = 0; k < 64 && (mask >> k) != 0; ++k) {
    if (((mask >> k) & 1u) == 0) continue;
    const unsigned i = static_cast<unsigned>(base + k);
    if (i >= 32 || active_[i] == 0) continue;
    if (!running(i)) {
      ret = kAlreadyStopped;
    } else {
      ret = kOk;
      m_write(0x320, m_read(0x320) | (1u << i));
    }
    if ((flags & 1u) && i > 2) {
      active_[i] = 0;
      write_event(i, 0);
    }
  }
  return {ret, 0};
}

}  // namespace pmu::models
