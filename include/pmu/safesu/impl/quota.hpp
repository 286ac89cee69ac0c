// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the quota unit, deprecated in
// the hardware (§2.4, §3.4 of docs/hw/safesu.md): the sum of the masked
// counters is compared with a limit; the IRQ is sticky until the CFG0 bit-4
// pulse. No enable bit gates it.
#pragma once

namespace pmu::safesu {

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_quota_mask(uint32_t mask) {
  if ((mask & ~layout().counter_mask) != 0 || !usable()) return Status::kBadArg;
  reg::write(base(), layout().quota_mask.at(0), reg::Value<QuotaMask>{mask});
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_quota_limit(uint32_t limit) {
  if (!usable()) return Status::kBadArg;
  reg::write(base(), layout().quota_limit, reg::Value<QuotaLimit>{limit});
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::clear_quota() {
  if (!usable()) return Status::kBadArg;
  (void)reg::pulse(base(), kCfg0, cfg0::kQuotaSoftReset);
  return Status::kOk;
}

}  // namespace pmu::safesu
