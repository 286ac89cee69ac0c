// SPDX-License-Identifier: Apache-2.0
// GRLIB APBUART (see apbuart.hpp).
#include "apbuart.hpp"

namespace board::grlib {

using namespace apbuart;

void Apbuart::enable() const {
  constexpr uint32_t kOn = kCtrlTe.mask() | kCtrlRe.mask();
  (void)pmu::reg::modify(base_, kCtrl, [](pmu::reg::Value<Ctrl> v) { return v.with_bits(kOn, true); });
}

void Apbuart::putc(char c) const {
  while (!pmu::reg::read(base_, kStatus).test(kStatusTe)) {
  }
  pmu::reg::write(base_, kData, pmu::reg::Value<Data>{kDataByte.encode(static_cast<uint8_t>(c))});
}

}  // namespace board::grlib
