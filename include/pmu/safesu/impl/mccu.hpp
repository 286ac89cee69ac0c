// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the MCCU (§2.5-2.7, §3.5 of
// docs/hw/safesu.md): per-input weights, per-core budgets, the remaining
// budget, and the refill that also clears the sticky IRQ.
#pragma once

namespace pmu::safesu {

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_weight(unsigned input, unsigned weight) {
  if (input >= layout().n_inputs || weight > 0xFF) return Status::kBadArg;
  const ByteSlot<Weights> s = weight_slot(layout(), input);
  reg::modify(base(), s.reg, [&](reg::Value<Weights> v) __attribute__((always_inline)) { return v.with(s.field, weight); });
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_weights(const uint8_t* weights, unsigned n) {
  if (n > layout().n_inputs || !usable() || (__builtin_expect(weights == nullptr, 0) && n != 0)) return Status::kBadArg;
  // (A pointer walk and a pointer-width register index: on RV64 an unsigned
  // index is zero-extended at each use.)
  const uint8_t* next = weights;
  unsigned left = n;
  for (size_t r = 0; left != 0; ++r) {
    const unsigned count = util::min(4u, left);
    uint32_t v = 0;
    for (unsigned i = 0; i < count; ++i) v |= uint32_t{next[i]} << (8 * i);
    next += count;
    left -= count;
    const reg::RegAt<Weights> w = layout().weights.at(r);
    if (count == 4) {
      reg::write(base(), w, reg::Value<Weights>{v});
    } else {  // a partial register keeps the weights of the inputs not given
      const uint32_t given = (1u << (8 * count)) - 1u;
      reg::modify(base(), w, [&](reg::Value<Weights> old) __attribute__((always_inline)) { return reg::Value<Weights>{(old.raw & ~given) | v}; });
    }
  }
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint8_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::weight(unsigned input) {
  if (input >= layout().n_inputs) return Status::kBadArg;
  const ByteSlot<Weights> s = weight_slot(layout(), input);
  return static_cast<uint8_t>(reg::read(base(), s.reg).get(s.field));
}

// Limit first, then the update pulse (the reference drivers pulsed first
// and, on 4 cores, cleared the RDC bits on release: §5.2 item 1). The pulse
// writes back exactly what was read, less CFG1's never-write-back bits.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_budget(unsigned core, uint32_t limit) {
  if (core >= layout().n_cores) return Status::kBadArg;
  reg::write(base(), layout().mccu_limits.at(core), reg::Value<MccuLimit>{limit});
  (void)reg::pulse(base(), layout().cfg1, cfg1_update(core));
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::remaining_budget(unsigned core) {
  if (core >= layout().n_cores) return Status::kBadArg;
  return reg::read(base(), layout().mccu_remaining.at(core)).raw;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::enable_mccu() {
  return cfg1_write(0, cfg1::kMccuEnable.mask(), false);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::disable_mccu() {
  return cfg1_write(cfg1::kMccuEnable.mask(), 0, false);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::set_hw_quota(bool on) {
  return cfg1_write(cfg1::kHwQuota.mask(), uint32_t{on} << 31, false);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::reset_mccu() {
  return cfg1_write(0, cfg1::kMccuSoftReset.mask(), true);
}

// refill() is refill_cores() of one core, checked as a core index and with
// the toggle of its own (no call to refill_cores(): at run time that second
// call rebuilt the CFG1 register from the layout through the stack).
template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::refill(unsigned core) {
  if (core >= layout().n_cores) return Status::kBadArg;
  refill_toggle(1u << core);
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::refill_cores(uint32_t core_mask) {
  // (core_mask - 1 wraps for 0: one unsigned compare checks both ends.)
  if (core_mask - 1u >= (1u << layout().n_cores) - 1u) return Status::kBadArg;
  // refill_toggle() through the shared copy (the mask bounds the call: an
  // unusable object has no cores).
  return cfg1_write(cfg1::kMccuEnable.mask(), core_mask << cfg1::kUpdateBase, true);
}

}  // namespace pmu::safesu
