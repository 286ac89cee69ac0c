// Interrupt hooks: snapshot the cause, acknowledge what the hardware needs,
// call the application's callbacks, leave the unit running. All sources are
// sticky levels (facts 3.3, 3.5, 3.6), so each hook clears its source.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::on_overflow(unsigned counter, IrqCallback cb) {
  if (counter >= l_->n_counters) return Status::kBadArg;
  overflow_cb_[counter] = cb;
  return Status::kOk;
}

Status SafeSU::on_mccu(unsigned core, IrqCallback cb) {
  if (core >= l_->n_cores) return Status::kBadArg;
  mccu_cb_[core] = cb;
  return Status::kOk;
}

Status SafeSU::on_rdc(unsigned input, IrqCallback cb) {
  if (input >= l_->n_inputs) return Status::kBadArg;
  rdc_cb_[input] = cb;
  return Status::kOk;
}

Status SafeSU::on_ft(IrqCallback cb) {
  if (!l_->params.ft) return Status::kUnavailable;
  ft_cb_ = cb;
  return Status::kOk;
}

Status SafeSU::set_mccu_irq_policy(MccuIrqPolicy p) {
  if (p != MccuIrqPolicy::kRefill && p != MccuIrqPolicy::kClearOnly) return Status::kBadArg;
  mccu_policy_ = p;
  return Status::kOk;
}

// The soft-reset pulse clears every flag, including one that latched after
// the snapshot; its counter is still read below, so its 64-bit total is
// right, but its callback waits for its next overflow.
Result<uint32_t> SafeSU::handle_overflow_irq() {
  const uint32_t seen = rd(l_->overflow_vect) & util::low_mask32(l_->n_counters);
  if (seen == 0) return seen;
  pulse_cfg(l_->cfg0, cfg0::kOverflowSoftReset.mask());
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    wide_[k].observe(rd(l_->counters + k));
    overflow_cb_[k](k);
  }
  return seen;
}

Result<uint32_t> SafeSU::handle_mccu_irq(unsigned core) {
  if (core >= l_->n_cores) return Status::kBadArg;
  const uint32_t remaining = rd(l_->mccu_quota + core);
  mccu_cb_[core](core);
  if (mccu_policy_ == MccuIrqPolicy::kRefill) {
    (void)refill_cores(1u << core);
  } else {
    toggle_cfg_off(l_->cfg1, cfg1::kMccuEnable.mask());
  }
  return remaining;
}

Result<uint32_t> SafeSU::handle_rdc_irq() {
  if (!l_->rdc_usable) return Status::kUnavailable;
  const uint32_t seen = rd(l_->rdc_vect) & util::low_mask32(l_->n_inputs);
  if (seen == 0) return seen;
  toggle_cfg_off(l_->cfg1, util::bit32(l_->cfg1_rdc_enable));  // clears IRQ + vector, keeps watermarks
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    rdc_cb_[i](i);
  }
  return seen;
}

Status SafeSU::handle_ft_irq(unsigned which) {
  if (!l_->params.ft) return Status::kUnavailable;
  if (which != 1 && which != 2) return Status::kBadArg;
  ft_cb_(which);
  return Status::kOk;
}

}  // namespace pmu::safesu
