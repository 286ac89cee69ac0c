// SPDX-License-Identifier: Apache-2.0
// RDC (facts 2.8, 2.9, 3.6): per-input run-length watermarks and the
// threshold interrupt vector. The CFG1 enable/reset bit positions depend on
// N and on the RTL vintage; the Layout carries them.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::enable_rdc() {
  if (!l_->rdc_usable) return Status::kUnavailable;
  return modify_cfg(l_->cfg1, util::bit32(l_->cfg1_rdc_enable), true);
}

Status SafeSU::disable_rdc() {
  if (!l_->rdc_usable) return Status::kUnavailable;
  return modify_cfg(l_->cfg1, util::bit32(l_->cfg1_rdc_enable), false);
}

Status SafeSU::reset_rdc() {
  if (!l_->rdc_usable) return Status::kUnavailable;
  pulse_cfg(l_->cfg1, util::bit32(l_->cfg1_rdc_reset));
  return Status::kOk;
}

Status SafeSU::clear_rdc_irq() {
  if (!l_->rdc_usable) return Status::kUnavailable;
  toggle_cfg_off(l_->cfg1, util::bit32(l_->cfg1_rdc_enable));
  return Status::kOk;
}

Result<uint8_t> SafeSU::watermark(unsigned input) {
  if (input >= l_->n_inputs) return Status::kBadArg;
  const auto s = watermark_slot(*l_, input);
  return static_cast<uint8_t>(s.field.extract(rd(s.reg)));
}

Status SafeSU::read_watermarks(uint8_t* out, unsigned n) {
  if (out == nullptr || n > l_->n_inputs) return Status::kBadArg;
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (i % 4 == 0) v = rd(l_->watermarks + i / 4);
    out[i] = static_cast<uint8_t>(v >> (8 * (i % 4)));
  }
  return Status::kOk;
}

Result<uint32_t> SafeSU::rdc_vector() { return rd(l_->rdc_vect) & util::low_mask32(l_->n_inputs); }

Result<bool> SafeSU::rdc_fired(unsigned input) {
  if (input >= l_->n_inputs) return Status::kBadArg;
  return ((rd(l_->rdc_vect) >> input) & 1u) != 0;
}

}  // namespace pmu::safesu
