// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/safesu.hpp (include that): the RDC (§2.8, §2.9, §3.6 of
// docs/hw/safesu.md): per-input run-length watermarks and the threshold
// interrupt vector. The CFG1 enable/reset bit positions depend on N and on
// the RTL vintage; the Layout carries them.
#pragma once

namespace pmu::safesu {

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::enable_rdc() {
  return rdc_write(false, true, false);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::disable_rdc() {
  return rdc_write(false, false, false);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::reset_rdc() {
  return rdc_write(true, true, true);
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::clear_rdc_irq() {
  if (!usable()) return Status::kBadArg;
  if (!layout().rdc_usable) return Status::kUnavailable;
  clear_rdc_line();
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint8_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::watermark(unsigned input) {
  if (input >= layout().n_inputs) return Status::kBadArg;
  const ByteSlot<Watermarks> s = watermark_slot(layout(), input);
  return static_cast<uint8_t>(reg::read(base(), s.reg).get(s.field));
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status BasicSafeSU<Place, CallbackStorage, TotalsStorage>::read_watermarks(uint8_t* out, unsigned n) {
  // A null out is refused only for n > 0, as in read_all().
  if (n > layout().n_inputs || !usable() || (__builtin_expect(out == nullptr, 0) && n != 0)) return Status::kBadArg;
  uint32_t v = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (i % 4 == 0) v = reg::read(base(), layout().watermarks.at(i / 4)).raw;
    out[i] = static_cast<uint8_t>(v >> (8 * (i % 4)));
  }
  return Status::kOk;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<uint32_t> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::rdc_vector() {
  if (!usable()) return Status::kBadArg;
  return reg::read(base(), layout().rdc_vector.at(0)).raw & layout().rdc_input_mask;
}

template <typename Place, typename CallbackStorage, typename TotalsStorage>
inline Result<bool> BasicSafeSU<Place, CallbackStorage, TotalsStorage>::rdc_fired(unsigned input) {
  if (input >= layout().n_inputs) return Status::kBadArg;
  return ((reg::read(base(), layout().rdc_vector.at(0)).raw >> input) & 1u) != 0;
}

}  // namespace pmu::safesu
