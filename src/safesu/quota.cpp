// SPDX-License-Identifier: Apache-2.0
// The quota unit (deprecated in the hardware; facts 2.4, 3.4): the sum of
// the masked counters is compared with a limit; the IRQ is sticky until the
// CFG0 bit-4 pulse. No enable bit gates it.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::set_quota_mask(uint32_t mask) {
  if ((mask & ~util::low_mask32(l_->n_counters)) != 0) return Status::kBadArg;
  wr(l_->quota_mask, mask);
  return Status::kOk;
}

Status SafeSU::set_quota_limit(uint32_t limit) {
  wr(l_->quota_limit, limit);
  return Status::kOk;
}

Status SafeSU::clear_quota() {
  pulse_cfg(l_->cfg0, cfg0::kQuotaSoftReset.mask());
  return Status::kOk;
}

}  // namespace pmu::safesu
