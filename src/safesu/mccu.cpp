// SPDX-License-Identifier: Apache-2.0
// MCCU (facts 2.5-2.7, 3.5): per-input weights, per-core budgets, the
// remaining budget, and the refill that also clears the sticky IRQ.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::set_weight(unsigned input, unsigned weight) {
  if (input >= l_->n_inputs || weight > 0xFF) return Status::kBadArg;
  const auto s = weight_slot(*l_, input);
  wr(s.reg, (rd(s.reg) & ~s.field.mask()) | s.field.encode(weight));
  return Status::kOk;
}

Status SafeSU::set_weights(const uint8_t* weights, unsigned n) {
  if (weights == nullptr || n == 0 || n > l_->n_inputs) return Status::kBadArg;
  for (unsigned r = 0; r * 4 < n; ++r) {
    const unsigned first = r * 4;
    const unsigned count = util::min(4u, n - first);
    // A partial register keeps the weights of the inputs not given.
    uint32_t v = count == 4 ? 0 : rd(l_->weights + r);
    for (unsigned i = 0; i < count; ++i) {
      const Field<WeightsTag> f(8 * i, 8);
      v = (v & ~f.mask()) | f.encode(weights[first + i]);
    }
    wr(l_->weights + r, v);
  }
  return Status::kOk;
}

Result<uint8_t> SafeSU::weight(unsigned input) {
  if (input >= l_->n_inputs) return Status::kBadArg;
  const auto s = weight_slot(*l_, input);
  return static_cast<uint8_t>(s.field.extract(rd(s.reg)));
}

// Limit first, then the update pulse (the reference drivers pulsed first
// and, on 4 cores, cleared the RDC bits on release: defect 1). The release
// writes back exactly what was read.
Status SafeSU::set_budget(unsigned core, uint32_t limit) {
  if (core >= l_->n_cores) return Status::kBadArg;
  wr(l_->mccu_limits + core, limit);
  pulse_cfg(l_->cfg1, cfg1_update(core).mask());
  return Status::kOk;
}

Result<uint32_t> SafeSU::remaining_budget(unsigned core) {
  if (core >= l_->n_cores) return Status::kBadArg;
  return rd(l_->mccu_quota + core);
}

Status SafeSU::enable_mccu() { return modify_cfg(l_->cfg1, cfg1::kMccuEnable.mask(), true); }
Status SafeSU::disable_mccu() { return modify_cfg(l_->cfg1, cfg1::kMccuEnable.mask(), false); }
Status SafeSU::set_hw_quota(bool on) { return modify_cfg(l_->cfg1, cfg1::kHwQuota.mask(), on); }

Status SafeSU::reset_mccu() {
  pulse_cfg(l_->cfg1, cfg1::kMccuSoftReset.mask());
  return Status::kOk;
}

Status SafeSU::refill(unsigned core) {
  if (core >= l_->n_cores) return Status::kBadArg;
  return refill_cores(1u << core);
}

// Facts 3.5: an update pulse alone does not clear the sticky IRQ; only
// MCCU disable does. One write both disables and sets the update bits (a
// disabled MCCU loads the limit while the bit is set), the next restores
// CFG1 exactly as read (enable back, update bits released).
Status SafeSU::refill_cores(uint32_t core_mask) {
  if (core_mask == 0 || (core_mask & ~util::low_mask32(l_->n_cores)) != 0) return Status::kBadArg;
  const uint32_t v = rd(l_->cfg1);
  wr(l_->cfg1, (v | (core_mask << cfg1::kUpdateBase)) & ~cfg1::kMccuEnable.mask());
  wr(l_->cfg1, v);
  return Status::kOk;
}

}  // namespace pmu::safesu
