// SPDX-License-Identifier: Apache-2.0
// Firmware that uses the SafeSU driver and the plug&play scanner; it only has
// to link (the image is never run).
#include "pmu/grlib/pnp.hpp"
#include "pmu/safesu/safesu.hpp"

extern "C" void* memset(void* d, int c, unsigned long n) {
  auto* p = static_cast<unsigned char*>(d);
  while (n-- != 0) *p++ = static_cast<unsigned char>(c);
  return d;
}
extern "C" void* memcpy(void* d, const void* s, unsigned long n) {
  auto* p = static_cast<unsigned char*>(d);
  const auto* q = static_cast<const unsigned char*>(s);
  while (n-- != 0) *p++ = *q++;
  return d;
}

extern "C" [[noreturn]] void app_main() {
  const auto found = pmu::grlib::find_safesu();
  static pmu::safesu::SafeSU su(found.ok() ? found.value().base : 0x80100000, pmu::safesu::k6c256);
  (void)su.route(0, 1);
  (void)su.start(su.all_counters());
  for (;;) (void)su.read(0);
}
