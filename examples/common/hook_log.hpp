// SPDX-License-Identifier: Apache-2.0
// What the examples' callbacks record: how often a hook called back, and for
// which source (counter, core or input) the last time. Written in interrupt
// context, read by main: volatile.
#pragma once

#include <stdint.h>

namespace examples {

struct HookLog {
  volatile uint32_t calls;
  volatile uint32_t source;
};

// A pmu::IrqCallback function: ctx is a HookLog.
inline void log_hook(void* ctx, unsigned source) {
  auto* h = static_cast<HookLog*>(ctx);
  h->calls = h->calls + 1;
  h->source = source;
}

}  // namespace examples
