// SPDX-License-Identifier: Apache-2.0
// Counters: enable, soft reset, read, snapshot, preload, 64-bit totals, and
// the self-test input modes.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::enable_counters() { return modify_cfg(l_->cfg0, cfg0::kCounterEnable.mask(), true); }
Status SafeSU::disable_counters() { return modify_cfg(l_->cfg0, cfg0::kCounterEnable.mask(), false); }

// Facts 3.2: a set/clear pair of back-to-back writes does nothing (the clear
// write reloads the old value from the wrapper's shadow copy), and while the
// reset is held with counting on, the shadow reads 0 + event, so counting
// restarts from 1. So: hold the reset with counting off, let one write-free
// cycle pass (a read of CFG0), release, and only then restore the enable.
Status SafeSU::reset_counters() {
  constexpr uint32_t kEn = cfg0::kCounterEnable.mask();
  constexpr uint32_t kRst = cfg0::kCounterSoftReset.mask();
  const uint32_t v = rd(l_->cfg0) & ~kRst;
  const uint32_t off = v & ~kEn;
  wr(l_->cfg0, off | kRst);
  (void)rd(l_->cfg0);  // the write-free cycle
  wr(l_->cfg0, off);
  if (v & kEn) wr(l_->cfg0, v);
  for (unsigned k = 0; k < l_->n_counters; ++k) wide_[k].restart(0, 0);
  return Status::kOk;
}

Result<uint32_t> SafeSU::read_counter(unsigned k) {
  if (k >= l_->n_counters) return Status::kBadArg;
  const uint32_t v = rd(l_->counters + k);
  wide_[k].observe(v);
  return v;
}

Status SafeSU::read_counters(uint32_t* out, unsigned n) {
  if (out == nullptr || n > l_->n_counters) return Status::kBadArg;
  for (unsigned k = 0; k < n; ++k) {
    out[k] = rd(l_->counters + k);
    wide_[k].observe(out[k]);
  }
  return Status::kOk;
}

Status SafeSU::write_counter(unsigned k, uint32_t value) {
  if (k >= l_->n_counters) return Status::kBadArg;
  wr(l_->counters + k, value);
  wide_[k].restart(value, value);
  return Status::kOk;
}

Result<uint64_t> SafeSU::read_counter64(unsigned k) {
  const Result<uint32_t> r = read_counter(k);
  if (!r.ok()) return r.status();
  return wide_[k].total();
}

Status SafeSU::sync_counters64() {
  for (unsigned k = 0; k < l_->n_counters; ++k) wide_[k].observe(rd(l_->counters + k));
  return Status::kOk;
}

// One write straight to the new mode: never through mode 00 (defect 14).
Status SafeSU::set_selftest_mode(SelftestMode mode) {
  const unsigned m = static_cast<unsigned>(mode);
  if (m > 3) return Status::kBadArg;
  constexpr uint32_t kMask = cfg0::kSelftestMode.mask();
  wr(l_->cfg0, (rd(l_->cfg0) & ~kMask) | (m << cfg0::kSelftestMode.pos));
  return Status::kOk;
}

}  // namespace pmu::safesu
