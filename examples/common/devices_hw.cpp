// SPDX-License-Identifier: Apache-2.0
// Real boards: the units are silicon and the SoC drives their events.
#include "devices.hpp"

namespace examples {

bool attach_emulated_devices(unsigned) { return false; }
bool attach_irq(unsigned line, board::IrqHandler handler, void* ctx) {
  return board::irq_attach(line, handler, ctx);
}
void detach_irq(unsigned line) { board::irq_detach(line); }
void service_devices() {}
bool tick_devices(uint32_t) { return true; }
void stop_ticking() {}

}  // namespace examples
