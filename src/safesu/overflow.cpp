// SPDX-License-Identifier: Apache-2.0
// Overflow: per-counter detection mask, unit enable, vector, clear
// (facts 2.3, 3.3). The flag of counter k sets when the counter becomes
// 0xFFFFFFFF (mask bit k on), is a sticky level, is not W1C, and is cleared
// only by the CFG0 bit-3 pulse. It keeps latching while the unit is disabled.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::set_overflow_mask(uint32_t mask) {
  if ((mask & ~util::low_mask32(l_->n_counters)) != 0) return Status::kBadArg;
  wr(l_->overflow_mask, mask);
  return Status::kOk;
}

Status SafeSU::set_overflow_irq(unsigned counter, bool on) {
  if (counter >= l_->n_counters) return Status::kBadArg;
  return modify_cfg(l_->overflow_mask, reg::flag<OverflowMaskTag>(counter).mask(), on);
}

Status SafeSU::enable_overflow(bool discard_stale) {
  constexpr uint32_t kRst = cfg0::kOverflowSoftReset.mask();
  const uint32_t v = rd(l_->cfg0) & ~kRst;
  // The pulse is written with the enable still as it was, so a stale flag
  // never reaches the IRQ line; the enabling write also releases the reset.
  if (discard_stale) wr(l_->cfg0, v | kRst);
  wr(l_->cfg0, v | cfg0::kOverflowEnable.mask());
  return Status::kOk;
}

Status SafeSU::disable_overflow() { return modify_cfg(l_->cfg0, cfg0::kOverflowEnable.mask(), false); }

Status SafeSU::clear_overflow() {
  pulse_cfg(l_->cfg0, cfg0::kOverflowSoftReset.mask());
  return Status::kOk;
}

Result<uint32_t> SafeSU::overflow_vector() {
  return rd(l_->overflow_vect) & util::low_mask32(l_->n_counters);
}

}  // namespace pmu::safesu
