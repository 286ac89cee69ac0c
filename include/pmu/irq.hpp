// SPDX-License-Identifier: Apache-2.0
// The interrupt-hook contract shared by every unit.
//
// pmukit never owns a vector table. Each driver offers handle_*_irq() entry
// points that a board or RTOS calls from its own handler. A hook reads the
// cause once (a snapshot), calls the callbacks the application registered
// for what it saw, and acknowledges exactly what it saw, leaving the unit
// running. Callbacks run in interrupt context: keep them short.
#pragma once

#include <stdint.h>

namespace pmu {

// 'source' is the counter, core or input index the callback was registered
// for; 'ctx' is the application's pointer, passed back untouched.
using IrqCallbackFn = void (*)(void* ctx, unsigned source);

struct IrqCallback {
  IrqCallbackFn fn = nullptr;
  void* ctx = nullptr;

  constexpr bool set() const { return fn != nullptr; }
  // Always inlined: at -Os GCC would otherwise make every hook call a
  // trampoline before the application's function (measured: +8 instructions).
  __attribute__((always_inline)) void operator()(unsigned source) const {
    if (fn != nullptr) fn(ctx, source);
  }
};

}  // namespace pmu
