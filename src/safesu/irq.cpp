// SPDX-License-Identifier: Apache-2.0
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

// Order: snapshot the vector, call the callbacks, then clear (the callbacks
// come first so the time from the interrupt to the application is short; the
// line stays asserted meanwhile, which is harmless for a level source), then
// fold each flagged counter into its 64-bit total. The vector is not W1C:
// the only clear is the soft-reset pulse, which also drops a flag that
// latched after the snapshot; that counter's total is still right (it is
// read below or at the next read), but its callback waits for its next
// overflow.
Result<uint32_t> SafeSU::handle_overflow_irq() {
  const uint32_t seen = rd(l_->overflow_vect) & l_->counter_mask;
  if (seen == 0) return seen;
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    overflow_cb_[k](k);
  }
  pulse_cfg(l_->cfg0, cfg0::kOverflowSoftReset.mask());
  bool parked = false;
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned k = util::ctz32(m);
    const uint32_t raw = rd(l_->counters + k);
    const uint64_t total = wide_[k].observe_flagged(raw);
    if (raw == 0xFFFFFFFFu) {
      // Parked on all ones: the detector sees an all-ones next value every
      // cycle and would re-flag at once. Move it to 0; the total stays.
      wr(l_->counters + k, 0);
      wide_[k].restart(0, total);
      parked = true;
    }
  }
  if (parked) pulse_cfg(l_->cfg0, cfg0::kOverflowSoftReset.mask());
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
  const uint32_t seen = rd(l_->rdc_vect) & l_->input_mask;
  if (seen == 0) return seen;
  for (uint32_t m = seen; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    rdc_cb_[i](i);
  }
  toggle_cfg_off(l_->cfg1, util::bit32(l_->cfg1_rdc_enable));  // clears IRQ + vector, keeps watermarks
  return seen;
}

Status SafeSU::handle_ft_irq(unsigned which) {
  if (!l_->params.ft) return Status::kUnavailable;
  if (which != 1 && which != 2) return Status::kBadArg;
  ft_cb_(which);
  return Status::kOk;
}

}  // namespace pmu::safesu
