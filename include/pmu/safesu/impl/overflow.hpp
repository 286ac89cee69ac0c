// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the overflow unit (§2.3, §3.3
// of docs/hw/safesu.md). The flag of counter k sets when the counter's next
// value is 0xFFFFFFFF (mask bit k on), is a sticky level, is not W1C, and is
// cleared only by the CFG0 bit-3 pulse, all flags at once. It keeps latching
// while the unit is disabled.
#pragma once

namespace pmu::safesu {

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_overflow_mask(uint32_t mask) {
  if ((mask & ~layout().counter_mask) != 0 || !usable()) return Status::kBadArg;
  return shared<&BasicSafeSU::overflow_mask_write_here>(0u, mask);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_overflow_irq(unsigned counter, bool on) {
  if (counter >= layout().n_counters) return Status::kBadArg;
  const uint32_t bit = 1u << counter;
  return shared<&BasicSafeSU::overflow_mask_write_here>(~bit, on ? bit : 0u);
}

// A flag needs the mask bit (§3.3): a pass while it was off latched none,
// yet a total that saw the pass (a read, a write of 0xFFFFFFFF) took it as
// flagged. So when a bit goes on, a counter with no flag latched forgets
// that pass, and one last seen on 0xFFFFFFFF is observed again after the
// write, whose bit may latch its flag for that same pass: as after a flag
// clear (reobserve_all_ones). The flags are read before the write: a flag that
// latches after that read is a pass no observation has accounted yet. The
// whole mask (keep == 0) is not read: every bit it sets is taken as turned
// on, which forgets nothing accounted for a bit already on (with the bit
// on, an accounted pass has its flag latched). While the overflow unit is
// disabled the vector reads 0 and every flag is taken as latched, as
// write() does: nothing is forgotten.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::overflow_mask_write_here(uint32_t keep, uint32_t set) {
  const auto r = layout().overflow_mask.at(0);
  const uint32_t old = keep == 0 ? 0u : reg::read(base(), r).raw & ~r.keep_out;
  const uint32_t next = (old & keep) | set;
  Totals* const t = tracked_totals();
  uint32_t unflagged = t != nullptr ? next & ~old : 0u;
  if (unflagged != 0) unflagged &= ~flags_seen();
  reg::write(base(), r, reg::Value<OverflowMask>{next});
  if (unflagged != 0) reobserve_all_ones(unflagged);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::enable_overflow(bool discard_stale) {
  if (!usable()) return Status::kBadArg;
  const uint32_t v = reg::read(base(), kCfg0).raw & ~kCfg0.keep_out;
  // The pulse is written with the enable still as it was, so a stale flag
  // never reaches the line; the enabling write also releases the reset.
  if (discard_stale) reg::write(base(), kCfg0, reg::Value<Cfg0>{v | cfg0::kOverflowSoftReset.mask()});
  reg::write(base(), kCfg0, reg::Value<Cfg0>{v | cfg0::kOverflowEnable.mask()});
  if (discard_stale) flags_cleared();  // after the release (reobserve_all_ones)
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::disable_overflow() {
  return cfg0_write(cfg0::kOverflowEnable.mask(), 0);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::clear_overflow() {
  if (!usable()) return Status::kBadArg;
  (void)reg::pulse(base(), kCfg0, cfg0::kOverflowSoftReset);
  flags_cleared();
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::overflow_vector() {
  if (!usable()) return Status::kBadArg;
  return reg::read(base(), layout().overflow_vector.at(0)).raw & layout().counter_mask;
}

}  // namespace pmu::safesu
