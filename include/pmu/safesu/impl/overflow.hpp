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
  reg::write(base(), layout().overflow_mask.at(0), reg::Value<OverflowMask>{mask});
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_overflow_irq(unsigned counter, bool on) {
  if (counter >= layout().n_counters) return Status::kBadArg;
  set_bits(layout().overflow_mask.at(0), 1u << counter, on);
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
