// SPDX-License-Identifier: Apache-2.0
// The interrupt-hook contract shared by every unit.
//
// pmukit never owns a vector table. Each driver offers handle_*_irq() entry
// points that a board or RTOS calls from its own handler, and static *_isr()
// adapters of the shape void (*)(void* unit) that RTEMS
// (rtems_interrupt_handler_install), FreeRTOS and Zephyr (IRQ_CONNECT with
// the unit as argument) install directly.
//
// Every hook follows one order:
//   1. Snapshot: read the cause once. A unit-level pending latch whose later
//      clear could hide a new event (mip/sip.LCOFIP) is cleared before it.
//   2. Callbacks: for each source in the snapshot, lowest index first,
//      cb(ctx, source). The time from interrupt entry to the first callback
//      is what docs/performance.md measures.
//   3. Fold: bring the 64-bit totals of the snapshotted counters up to date
//      (counters whose totals are tracked; nothing otherwise).
//   4. Acknowledge: clear exactly what the snapshot saw, or the smallest
//      clear the hardware has (the SafeSU overflow flags only clear all at
//      once: see docs/safesu.md).
//   Return: the mask served (0: a spurious entry; nothing was acknowledged).
// Callbacks run in interrupt context, before the acknowledgement: keep them
// short; a source stays asserted while they run, which is harmless for a
// level-sensitive line whose handler is running.
#pragma once

#include <stdint.h>

namespace pmu {

/// An overflow/interrupt callback: 'source' is the counter, core or input index the
/// callback was registered for; 'ctx' is the application's pointer, passed back untouched.
using IrqCallbackFn = void (*)(void* ctx, unsigned source);

/// A callback and its context, as a unit's callback table stores them (empty: no call).
struct IrqCallback {
  IrqCallbackFn fn = nullptr;  ///< Function to call; nullptr: none.
  void* ctx = nullptr;         ///< Passed back to fn untouched.

  /// True when a function is set.
  constexpr bool set() const { return fn != nullptr; }
  /// Calls fn(ctx, source) if fn is set; nothing otherwise.
  // Always inlined: at -Os GCC would otherwise make every hook call a
  // trampoline before the application's function (measured: +8 instructions).
  __attribute__((always_inline)) void operator()(unsigned source) const {
    if (fn != nullptr) fn(ctx, source);
  }
};

/// The shape of an ISR adapter: what an RTOS calls with the unit as argument.
using IsrFn = void (*)(void* unit);

/// The overflow ISR adapter of any counter unit (see counter_unit.hpp):
/// units define `static void overflow_isr(void* self)` as this.
template <typename Unit>
void overflow_isr(void* unit) {
  (void)static_cast<Unit*>(unit)->handle_overflow_irq();
}

}  // namespace pmu
